import { Navigate, Route, Routes } from '@trungtam/shared/router';
import { PlainLoadFailed, PlainPageSpinner } from '../startup/plain';
import { ErrorPage } from '../features/errors/ErrorPage';
import { authPages, type AuthPageName } from '../startup/authPages';
import { PartView } from '../startup/PartView';
import { AuthOnlyWhenSignedOut, Logout, RequireAuth } from './guards';
import { SignedInPart } from '../startup/signedInPart';

/**
 * A signed-out page, from their download (authPages.ts): at once when it is there (at start-up, the entry
 * started it), in the sign-in layout after a spinner otherwise (after signing out).
 */
function AuthPage({ name }: { name: AuthPageName }) {
  return (
    <PartView part={authPages} fallback={<PlainPageSpinner />} Failed={PlainLoadFailed}>
      {(pages) => {
        const Page = pages[name];
        return <Page />;
      }}
    </PartView>
  );
}

/**
 * The routes of the signed-out pages, and the signed-in part (its layout, pages and the remote areas,
 * loaded on its own: signedInPart.tsx) for every other path.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/logout" element={<Logout />} />
      <Route path="/error/404" element={<ErrorPage code={404} />} />
      <Route path="/error/500" element={<ErrorPage code={500} />} />
      <Route path="/error/*" element={<Navigate to="/error/404" replace />} />
      <Route path="/auth" element={<AuthOnlyWhenSignedOut />}>
        <Route path="login" element={<AuthPage name="LoginPage" />} />
        <Route path="registration" element={<AuthPage name="RegistrationPage" />} />
        <Route path="forgot-password" element={<AuthPage name="ForgotPasswordPage" />} />
        <Route path="reset-password" element={<AuthPage name="ResetPasswordPage" />} />
        <Route path="terms" element={<AuthPage name="TermsPage" />} />
        <Route index element={<Navigate to="/auth/login" replace />} />
        <Route path="*" element={<Navigate to="/auth/login" replace />} />
      </Route>
      {/* an account waiting for approval: the waiting page (downloaded with the signed-out pages) wherever it goes */}
      <Route element={<RequireAuth pending={<AuthPage name="PendingApproval" />} />}>
        <Route path="*" element={<SignedInPart />} />
      </Route>
    </Routes>
  );
}
