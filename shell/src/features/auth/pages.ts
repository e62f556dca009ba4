/** The signed-out pages, one download (authPages.ts). */
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginPage } from './LoginPage';
export { PendingApproval } from './PendingApproval';
export { RegistrationPage } from './RegistrationPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { TermsPage } from './TermsPage';
