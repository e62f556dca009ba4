import { Navigate, Route, Routes } from '@trungtam/shared/router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegistrationPage } from '../features/auth/RegistrationPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { TermsPage } from '../features/auth/TermsPage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { AuthOnlyWhenSignedOut, Logout, RequireAuth } from './guards';
import { SignedInPart } from './signedInPart';

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
        <Route path="login" element={<LoginPage />} />
        <Route path="registration" element={<RegistrationPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route index element={<Navigate to="/auth/login" replace />} />
        <Route path="*" element={<Navigate to="/auth/login" replace />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path="*" element={<SignedInPart />} />
      </Route>
    </Routes>
  );
}
