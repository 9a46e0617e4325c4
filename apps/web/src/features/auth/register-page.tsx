import { useEffect, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { endpoints } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { FormField, PasswordInput } from '../../components/form-field.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { emailRule, validateRegister, type RegisterValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { serverFieldError } from '../../lib/server-errors.ts';
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
  const [values, setValues] = useState<RegisterValues>({
    username: '',
    password: '',
    confirmPassword: '',
    fundPassword: '',
    // Share links carry the agent's code (spec point 1: "registration link").
    inviteCode: params.get('inviteCode') ?? params.get('code') ?? '',
    email: '',
    emailCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [resendIn, setResendIn] = useResendCountdown();

  const showServerError = (error: unknown) => {
    const fieldError = serverFieldError<Field>(error, SERVER_FIELDS);
    if (fieldError) setErrors((e) => ({ ...e, [fieldError.field]: fieldError.message }));
    else toastError(errorMessage(error));
  };

  const register = useMutation({
    mutationFn: (v: RegisterValues) =>
      call(endpoints.user.register, {
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
    onError: showServerError,
  });

  const sendCode = useMutation({
    mutationFn: (email: string) => call(endpoints.user.registerEmailCode, { email }),
    onSuccess: (answer, email) => {
      setResendIn(answer.resendAfterSeconds);
      toastSuccess(t('auth.codeSent', { email }));
    },
    onError: showServerError,
  });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const requestCode = () => {
    const problem = emailRule(values.email);
    if (problem) {
      setErrors((e) => ({ ...e, email: t(problem) }));
      return;
    }
    sendCode.mutate(values.email.trim());
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateRegister(values, { emailRequired });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length === 0) register.mutate(values);
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
      <form onSubmit={submit} noValidate>
        <FormField name="username" label={t('field.username')} error={errors.username}>
          <Input
            name="username"
            value={values.username}
            onChange={set('username')}
            placeholder={t('placeholder.username')}
            autoComplete="username"
            maxLength={10}
            clearable
          />
        </FormField>
        <FormField name="password" label={t('field.loginPassword')} error={errors.password}>
          <PasswordInput
            name="password"
            value={values.password}
            onChange={set('password')}
            placeholder={t('placeholder.password')}
            autoComplete="new-password"
          />
        </FormField>
        <FormField name="confirmPassword" label={t('field.confirmPassword')} error={errors.confirmPassword}>
          <PasswordInput
            name="confirmPassword"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            placeholder={t('placeholder.confirmPassword')}
            autoComplete="new-password"
          />
        </FormField>
        <FormField name="fundPassword" label={t('field.fundPassword')} error={errors.fundPassword}>
          <PasswordInput
            name="fundPassword"
            value={values.fundPassword}
            onChange={set('fundPassword')}
            placeholder={t('placeholder.password')}
            autoComplete="new-password"
          />
        </FormField>
        {emailRequired ? (
          <>
            <FormField name="email" label={t('field.email')} error={errors.email}>
              <Input
                name="email"
                type="email"
                value={values.email}
                onChange={set('email')}
                placeholder={t('placeholder.email')}
                autoComplete="email"
                clearable
              />
            </FormField>
            <FormField
              name="emailCode"
              label={t('field.emailCode')}
              error={errors.emailCode}
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
            >
              <Input
                name="emailCode"
                value={values.emailCode}
                onChange={set('emailCode')}
                placeholder={t('placeholder.emailCode')}
                inputMode="numeric"
                maxLength={6}
              />
            </FormField>
          </>
        ) : null}
        <FormField name="inviteCode" label={t('field.inviteCode')} error={errors.inviteCode}>
          <Input
            name="inviteCode"
            value={values.inviteCode}
            onChange={set('inviteCode')}
            placeholder={t('placeholder.inviteCode')}
            inputMode="numeric"
            maxLength={6}
          />
        </FormField>
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          className="primary-button"
          loading={register.isPending}
          disabled={closed}
          data-testid="register-submit"
        >
          {t('auth.register')}
        </Button>
      </form>
      <div className="auth-page__switch">
        {t('auth.haveAccount')}
        <Link to="/login">{t('auth.login')}</Link>
      </div>
    </div>
  );
}
