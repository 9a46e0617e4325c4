import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { CodeField, PasswordField, TextField, SubmitButton } from '../../components/form-inputs.tsx';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { emailRule, validateRegister, type RegisterValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useConfigValue } from '../../system/system-queries.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { AuthTopBar } from './auth-header.tsx';
import './auth.css';

type Field = keyof RegisterValues;

/** Wire fields of /user/register mapped to this form's inputs, for server-side field errors. */
const SERVER_FIELDS: Partial<Record<string, Field>> = {
  username: 'username',
  loginPwd: 'password',
  preLoginPwd: 'confirmPassword',
  fundPwd: 'fundPassword',
  inviteCode: 'inviteCode',
  email: 'email',
  emailCode: 'emailCode',
};

function useResendCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

export default function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registrationOpen = useConfigValue('REGISTER', 'enabled');
  const emailRequired = useConfigValue('REGISTER', 'emailRequired') === 'true';
  const form = useForm<RegisterValues>({
    initial: {
      username: '',
      password: '',
      confirmPassword: '',
      fundPassword: '',
      // Share links carry the agent's code (spec point 1: "registration link").
      inviteCode: params.get('inviteCode') ?? params.get('code') ?? '',
      email: '',
      emailCode: '',
    },
    validate: (values) => validateRegister(values, { emailRequired }),
    serverFields: SERVER_FIELDS,
  });
  const [resendIn, setResendIn] = useResendCountdown();

  const register = useMutation({
    mutationFn: (v: RegisterValues) =>
      call(routes.user.register, {
        username: v.username.trim(),
        loginPwd: preHashPassword(v.password),
        preLoginPwd: preHashPassword(v.confirmPassword),
        fundPwd: preHashPassword(v.fundPassword),
        inviteCode: v.inviteCode.trim(),
        ...(emailRequired ? { email: v.email.trim(), emailCode: v.emailCode.trim() } : {}),
      }),
    onSuccess: ({ username }) => {
      toastSuccess(t('toast.registerSuccess'));
      void navigate(`/login?username=${encodeURIComponent(username)}`, { replace: true });
    },
    onError: form.showError,
  });

  const sendCode = useMutation({
    mutationFn: (email: string) => call(routes.user.registerEmailCode, { email }),
    onSuccess: (answer, email) => {
      setResendIn(answer.resendAfterSeconds);
      toastSuccess(t('auth.codeSent', { email }));
    },
    onError: form.showError,
  });

  const requestCode = () => {
    const problem = emailRule(form.values.email);
    if (problem) form.setFieldError('email', t(problem));
    else sendCode.mutate(form.values.email.trim());
  };

  const closed = registrationOpen !== undefined && registrationOpen !== 'true';
  return (
    <div className="auth-page">
      <AuthTopBar />
      <div className="auth-page__brand">
        <BrandLogo className="auth-page__logo" />
        <h1 className="auth-page__title">{t('auth.register')}</h1>
      </div>
      <p className="auth-page__subtitle">{t('auth.registerSubtitle')}</p>
      {closed ? <div className="auth-page__notice">{t('error.REGISTRATION_CLOSED')}</div> : null}
      <form onSubmit={form.submit((values) => register.mutate(values))} noValidate>
        <TextField
          form={form}
          name="username"
          label={t('field.username')}
          placeholder={t('placeholder.username')}
          autoComplete="username"
          maxLength={10}
        />
        <PasswordField
          form={form}
          name="password"
          label={t('field.loginPassword')}
          placeholder={t('placeholder.password')}
          autoComplete="new-password"
        />
        <PasswordField
          form={form}
          name="confirmPassword"
          label={t('field.confirmPassword')}
          placeholder={t('placeholder.confirmPassword')}
          autoComplete="new-password"
        />
        <PasswordField
          form={form}
          name="fundPassword"
          label={t('field.fundPassword')}
          placeholder={t('placeholder.password')}
          autoComplete="new-password"
        />
        {emailRequired ? (
          <>
            <TextField
              form={form}
              name="email"
              type="email"
              label={t('field.email')}
              placeholder={t('placeholder.email')}
              autoComplete="email"
            />
            <CodeField
              form={form}
              name="emailCode"
              label={t('field.emailCode')}
              placeholder={t('placeholder.emailCode')}
              extra={
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  className="code-button"
                  disabled={resendIn > 0}
                  loading={sendCode.isPending}
                  onClick={requestCode}
                >
                  {resendIn > 0 ? t('auth.resendIn', { seconds: resendIn }) : t('auth.sendCode')}
                </Button>
              }
            />
          </>
        ) : null}
        <CodeField
          form={form}
          name="inviteCode"
          label={t('field.inviteCode')}
          placeholder={t('placeholder.inviteCode')}
        />
        <SubmitButton loading={register.isPending} disabled={closed} testId="register-submit">
          {t('auth.register')}
        </SubmitButton>
      </form>
      <div className="auth-page__switch">
        {t('auth.haveAccount')}
        <Link to="/login">{t('auth.login')}</Link>
      </div>
    </div>
  );
}
