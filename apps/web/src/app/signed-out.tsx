/**
 * The signed-out pages other than sign-in (registration, forgotten and reset password), one
 * chunk loaded when one of them renders, so /login's own script stays small.
 */
export { RegisterPage } from '../features/auth/pages/RegisterPage';
export { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';
export { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
