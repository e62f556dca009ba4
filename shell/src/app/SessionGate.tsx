import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useSession } from '@trungtam/shared/session';
import { Splash } from '../startup/Splash';
import { takeSessionCheck } from '../startup/sessionStart';

/** Start-up: with a stored token, fetch the user first; failure or no token = logged out. */
export function SessionGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => !useSession.getState().accessToken);
  useEffect(() => {
    if (ready) return;
    let active = true;
    // the check the bootstrap started (startup/sessionStart.ts); its outcome renders as a transition, in slices, like
    // the first render (bootstrap.tsx)
    void takeSessionCheck().finally(() => {
      if (active) startTransition(() => setReady(true));
    });
    return () => {
      active = false;
    };
    // runs once, at start-up
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready ? <>{children}</> : <Splash />;
}
