import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { endpoints } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { safeRedirect } from '../../config/route-guard.ts';
import { FormField, PasswordInput } from '../../components/form-field.tsx';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { deviceId } from '../../lib/device.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { validateLogin, type FieldErrors, type LoginValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { serverFieldError } from '../../lib/server-errors.ts';
import { useSession } from '../../stores/session-store.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { AuthTopBar } from './auth-header.tsx';
import './auth.css';

type Field = keyof LoginValues;

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
  const [values, setValues] = useState<LoginValues>({
    username: params.get('username') ?? '',
    password: '',
    googleCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // The code field appears once the server says this account has an authenticator bound.
  const [googleRequired, setGoogleRequired] = useState(false);

  const login = useMutation({
    mutationFn: (v: LoginValues) =>
      call(endpoints.user.login, {
        username: v.username.trim(),
        password: preHashPassword(v.password),
        googleCode: v.googleCode.trim(),
        deviceId: deviceId(),
        deviceType: 'H5',
      }),
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      toastSuccess(t('toast.loginSuccess'));
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'GOOGLE_CODE_REQUIRED') {
        setGoogleRequired(true);
        setErrors({ googleCode: error.message });
        return;
      }
      const fieldError = serverFieldError<Field>(error, {
        googleCode: 'googleCode',
        username: 'username',
        password: 'password',
      });
      if (fieldError) setErrors({ [fieldError.field]: fieldError.message });
      else toastError(errorMessage(error));
    },
  });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = validateLogin(values, { googleRequired });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length === 0) login.mutate(values);
  };

  return (
    <div className="auth-page">
      <AuthTopBar />
      <div className="auth-page__brand">
        <BrandLogo className="auth-page__logo" />
        <h1 className="auth-page__title">{t('auth.welcome')}</h1>
      </div>
      <p className="auth-page__subtitle">{t('auth.loginSubtitle')}</p>
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
        <FormField name="password" label={t('field.password')} error={errors.password}>
          <PasswordInput
            name="password"
            value={values.password}
            onChange={set('password')}
            placeholder={t('placeholder.password')}
          />
        </FormField>
        {googleRequired ? (
          <>
            <div className="auth-page__hint">{t('auth.googleRequiredHint')}</div>
            <FormField name="googleCode" label={t('field.googleCode')} error={errors.googleCode}>
              <Input
                name="googleCode"
                value={values.googleCode}
                onChange={set('googleCode')}
                placeholder={t('placeholder.googleCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
              />
            </FormField>
          </>
        ) : null}
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          className="primary-button"
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('auth.login')}
        </Button>
      </form>
      <div className="auth-page__switch">
        {t('auth.noAccount')}
        <Link to="/register">{t('auth.register')}</Link>
      </div>
    </div>
  );
}
