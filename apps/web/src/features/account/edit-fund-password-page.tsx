import { Navigate } from 'react-router';
import { toastError } from '../../lib/feedback.tsx';
import { useSession } from '../../stores/session-store.ts';
import { PasswordChangeForm } from './password-change-form.tsx';

/** /edit-fund-password: a user without a fund password is sent to set one first. */
export default function EditFundPasswordPage() {
  const user = useSession((s) => s.user);
  if (user && !user.hasFundPassword) return <Navigate to="/bind-fund-password" replace />;
  return (
    <PasswordChangeForm
      kind="fund"
      hintKey="password.fundHint"
      testId="submit-edit-fund-password"
      onApiError={(error) => {
        const { user: current, setUser } = useSession.getState();
        if (error.code !== 'FUND_PASSWORD_NOT_SET' || !current) return false;
        // The stored user was stale: the account has no fund password yet. Correcting the store
        // re-renders this page into the redirect above.
        toastError(error.message);
        setUser({ ...current, hasFundPassword: false });
        return true;
      }}
    />
  );
}
