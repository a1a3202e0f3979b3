// One island per account page: the page's content plus its toasts.

import { Toaster } from '../Toaster.tsx';
import { AdminSetupView } from './AdminSetupView.tsx';
import { AuthProvider } from './AuthProvider.tsx';
import { ConfirmLinkForm } from './ConfirmLinkForm.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';
import { ProfileView } from './ProfileView.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

export function LoginPage() {
  return (
    <>
      <LoginForm />
      <Toaster />
    </>
  );
}

export function RegisterPage() {
  return (
    <>
      <RegisterForm />
      <Toaster />
    </>
  );
}

export function ForgotPasswordPage() {
  return (
    <>
      <ForgotPasswordForm />
      <Toaster />
    </>
  );
}

export function ConfirmLinkPage() {
  return (
    <>
      <ConfirmLinkForm />
      <Toaster />
    </>
  );
}

export function ResetPasswordPage() {
  return (
    <>
      <ResetPasswordForm />
      <Toaster />
    </>
  );
}

export function ProfilePage() {
  return (
    <AuthProvider>
      <RequireAuth>
        <ProfileView />
      </RequireAuth>
      <Toaster />
    </AuthProvider>
  );
}

export function AdminSetupPage() {
  return (
    <AuthProvider>
      <AdminSetupView />
      <Toaster />
    </AuthProvider>
  );
}
