import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { endpoints } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { FormField, PasswordInput } from '../../components/form-field.tsx';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { validateBindFund, type BindFundValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { serverFieldError } from '../../lib/server-errors.ts';
import { useSession } from '../../stores/session-store.ts';
import './account.css';

type Field = keyof BindFundValues;

const SERVER_FIELDS: Partial<Record<string, Field>> = { password: 'password', passwordPre: 'passwordPre' };

/** Back where the user came from (often a screen that asked for a fund password), else settings. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: unknown } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) void navigate(-1);
    else void navigate('/settings', { replace: true });
  };
}

/** /bind-fund-password: the first fund password; both fields are required and must match. */
export default function BindFundPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  // Decided once, when the page opens: after a successful bind the stored user has a fund password
  // too, and that must not bounce the page to the edit screen on its way back.
  const [alreadySet] = useState(() => Boolean(user?.hasFundPassword));
  const [values, setValues] = useState<BindFundValues>({ password: '', passwordPre: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const bind = useMutation({
    mutationFn: (v: BindFundValues) =>
      call(endpoints.user.bindFundPwd, {
        password: preHashPassword(v.password),
        passwordPre: preHashPassword(v.passwordPre),
      }),
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
      const fieldError = serverFieldError<Field>(error, SERVER_FIELDS);
      if (fieldError) setErrors((e) => ({ ...e, [fieldError.field]: fieldError.message }));
      else toastError(errorMessage(error));
    },
  });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateBindFund(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length === 0) bind.mutate(values);
  };

  if (alreadySet) return <Navigate to="/edit-fund-password" replace />;
  return (
    <form className="form-page" onSubmit={submit} noValidate>
      <p className="form-hint">{t('password.bindFundHint')}</p>
      <FormField name="password" label={t('field.fundPassword')} error={errors.password}>
        <PasswordInput
          name="password"
          value={values.password}
          onChange={set('password')}
          placeholder={t('placeholder.password')}
          autoComplete="new-password"
        />
      </FormField>
      <FormField name="passwordPre" label={t('field.confirmFundPassword')} error={errors.passwordPre}>
        <PasswordInput
          name="passwordPre"
          value={values.passwordPre}
          onChange={set('passwordPre')}
          placeholder={t('placeholder.confirmPassword')}
          autoComplete="new-password"
        />
      </FormField>
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        className="primary-button"
        loading={bind.isPending}
        data-testid="submit-bind-fund-password"
      >
        {t('common.submit')}
      </Button>
    </form>
  );
}
