import { useSession } from '../../stores/session-store.ts';
import {
  InitialPasswordLogout,
  InitialPasswordNotice,
  useContinueAfterInitialPassword,
} from './initial-password.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

/**
 * /edit-login-password: changing it logs every other device out (see the hint). A user who must
 * still change the initial password an agent created them with is kept here by the route guard:
 * the page says why, offers logging out, and after the change continues where the user was going.
 */
export default function EditLoginPasswordPage() {
  const mustChangePassword = useSession((s) => Boolean(s.user?.mustChangePassword));
  const continueAfterChange = useContinueAfterInitialPassword();
  if (!mustChangePassword) {
    return (
      <PasswordChangeForm kind="login" hintKey="password.loginHint" testId="submit-edit-login-password" />
    );
  }
  return (
    <>
      <InitialPasswordNotice />
      <PasswordChangeForm
        kind="login"
        hintKey="password.loginHint"
        testId="submit-edit-login-password"
        onChanged={continueAfterChange}
      />
      <InitialPasswordLogout />
    </>
  );
}
