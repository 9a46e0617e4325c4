import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PasswordField, SubmitButton } from '../../components/form-inputs.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { validateBindFund, type BindFundValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useSession } from '../../stores/session-store.ts';
import { useBindFundPassword } from './account-api.ts';
import './account.css';

/** /bind-fund-password: the first fund password; both fields are required and must match. */
export default function BindFundPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  // Back where the user came from (often a screen that asked for a fund password), else settings.
  const goBack = useGoBack('/settings');
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  // Decided once, when the page opens: after a successful bind the stored user has a fund password
  // too, and that must not bounce the page to the edit screen on its way back.
  const [alreadySet] = useState(() => Boolean(user?.hasFundPassword));
  const form = useForm<BindFundValues>({
    initial: { password: '', passwordPre: '' },
    validate: validateBindFund,
    serverFields: { password: 'password', passwordPre: 'passwordPre' },
    labels: { password: 'field.fundPassword', passwordPre: 'field.confirmFundPassword' },
  });

  const bind = useBindFundPassword({
    onSuccess: (answer) => {
      setUser(answer);
      toastSuccess(t('toast.bindSuccess'));
      goBack();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'FUND_PASSWORD_ALREADY_SET') {
        // The stored user was stale; the edit screen is the right one.
        toastError(error.message);
        const current = useSession.getState().user;
        if (current) setUser({ ...current, hasFundPassword: true });
        void navigate('/edit-fund-password', { replace: true });
        return;
      }
      form.showError(error);
    },
  });

  if (alreadySet) return <Navigate to="/edit-fund-password" replace />;
  return (
    <form className="form-page" onSubmit={form.submit((values) => bind.mutate(values))} noValidate>
      <p className="form-hint">{t('password.bindFundHint')}</p>
      <PasswordField
        form={form}
        name="password"
        label={t('field.fundPassword')}
        placeholder={t('placeholder.password')}
        autoComplete="new-password"
      />
      <PasswordField
        form={form}
        name="passwordPre"
        label={t('field.confirmFundPassword')}
        placeholder={t('placeholder.confirmPassword')}
        autoComplete="new-password"
      />
      <SubmitButton loading={bind.isPending} testId="submit-bind-fund-password">
        {t('common.submit')}
      </SubmitButton>
    </form>
  );
}
