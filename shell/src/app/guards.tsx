/** Redirects: signed-out users to /auth/login, signed-in users away from /auth to /dashboard. */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from '@trungtam/shared/router';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { useCurrentUser, useIsSignedIn, useSession } from '@trungtam/shared/session';
import type { ReactNode } from 'react';
import { AuthLayout } from '../features/auth/AuthLayout';

export interface FromState {
  from?: string;
}

/**
 * Signed-out users go to /auth/login, remembering where they were going. A self-registered account
 * waiting for approval sees only the waiting page (the API refuses it everything else).
 */
export function RequireAuth({ pending }: { pending: ReactNode }) {
  const signedIn = useIsSignedIn();
  const user = useCurrentUser();
  const location = useLocation();
  if (signedIn && user?.status === ACCOUNT_STATUS.PENDING) return <AuthLayout>{pending}</AuthLayout>;
  if (!signedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** Signed-in users have no business in /auth: back to where they were going, or /dashboard. */
export function AuthOnlyWhenSignedOut() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (signedIn) {
    const from = (location.state as FromState | null)?.from;
    const target = from && from.startsWith('/') && !from.startsWith('/auth') && from !== '/logout' ? from : '/dashboard';
    return <Navigate to={target} replace />;
  }
  return <AuthLayout />;
}

/** /logout: ends the session (here and on the API), then shows the sign-in page (the signed-in part drops its cached data). */
export function Logout() {
  const logOut = useSession((s) => s.logOut);
  useEffect(() => {
    void logOut();
  }, [logOut]);
  return <Navigate to="/auth/login" replace />;
}
