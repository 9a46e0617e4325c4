import { PasswordChangeForm } from './password-change-form.tsx';

/** /edit-login-password: changing it logs every other device out (see the hint). */
export default function EditLoginPasswordPage() {
  return <PasswordChangeForm kind="login" hintKey="password.loginHint" testId="submit-edit-login-password" />;
}
