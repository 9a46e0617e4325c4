import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { CodeField, FormFields, labelsOf, SubmitButton } from '../../components/form-inputs.tsx';
import { safeRedirect } from '../../config/route-guard.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toastWelcome } from '../../lib/feedback.tsx';
import { validateLogin, type LoginValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { useLogin } from './auth-api.ts';
import { AuthTopBar } from './auth-header.tsx';
import { LOGIN_FIELDS } from './auth-logic.ts';
import './auth.css';

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
  // The code field appears once the server says this account has an authenticator bound.
  const [googleRequired, setGoogleRequired] = useState(false);
  const form = useForm<LoginValues>({
    initial: { username: params.get('username') ?? '', password: '', googleCode: '' },
    validate: (values) => validateLogin(values, { googleRequired }),
    serverFields: { googleCode: 'googleCode', username: 'username', password: 'password' },
    labels: { ...labelsOf(LOGIN_FIELDS), googleCode: 'field.googleCode' },
  });

  const login = useLogin({
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      toastWelcome(t('toast.loginSuccess'));
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: (error) => {
      // The first ask for the code opens its field with the hint above it; the field is not shown as
      // wrong before anything was typed in it.
      if (error instanceof ApiError && error.code === 'GOOGLE_CODE_REQUIRED') setGoogleRequired(true);
      else form.showError(error);
    },
  });

  return (
    <div className="auth-page">
      <AuthTopBar />
      <div className="auth-page__brand">
        <BrandLogo className="auth-page__logo" />
        <h1 className="auth-page__title">{t('auth.welcome')}</h1>
      </div>
      <p className="auth-page__subtitle">{t('auth.loginSubtitle')}</p>
      <form onSubmit={form.submit((values) => login.mutate(values))} noValidate>
        <FormFields form={form} fields={LOGIN_FIELDS} />
        {googleRequired ? (
          <>
            <div className="auth-page__hint">{t('auth.googleRequiredHint')}</div>
            <CodeField
              form={form}
              name="googleCode"
              label={t('field.googleCode')}
              placeholder={t('placeholder.googleCode')}
              autoComplete="one-time-code"
            />
          </>
        ) : null}
        <SubmitButton loading={login.isPending} testId="login-submit">
          {t('auth.login')}
        </SubmitButton>
      </form>
      <div className="auth-page__switch">
        {t('auth.noAccount')}
        <Link to="/register">{t('auth.register')}</Link>
      </div>
    </div>
  );
}
