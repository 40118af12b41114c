export { AuthProvider } from './AuthProvider';
export { LoginPage } from './pages/LoginPage';
export { RegisterPage } from './pages/RegisterPage';
export { ForgotPasswordPage } from './pages/ForgotPasswordPage';
export { ResetPasswordPage } from './pages/ResetPasswordPage';
export { ProfilePage } from './pages/ProfilePage';
export { ChangePasswordForm } from './components/ChangePasswordForm';
