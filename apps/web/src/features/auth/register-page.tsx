import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { CodeField, FormFields, TextField, SubmitButton } from '../../components/form-inputs.tsx';
import type { RegisterValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import type { FormApi } from '../../lib/use-form.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { AuthTopBar } from './auth-header.tsx';
import { REGISTER_ACCOUNT_FIELDS } from './auth-logic.ts';
import { useRegisterForm } from './use-register-form.ts';
import './auth.css';

type RegisterForm = FormApi<RegisterValues>;

/** The e-mail and the code sent to it, with the button that sends it and counts down to a resend. */
function EmailFields({
  form,
  emailCode,
}: {
  form: RegisterForm;
  emailCode: { sending: boolean; resendIn: number; requestCode(): void };
}) {
  const t = useT();
  const { sending, resendIn, requestCode } = emailCode;
  return (
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
            loading={sending}
            onClick={requestCode}
          >
            {resendIn > 0 ? t('auth.resendIn', { seconds: resendIn }) : t('auth.sendCode')}
          </Button>
        }
      />
    </>
  );
}

/** The logo, the title and, when registration is switched off, the notice saying so. */
function RegisterHeader({ closed }: { closed: boolean }) {
  const t = useT();
  return (
    <>
      <AuthTopBar />
      <div className="auth-page__brand">
        <BrandLogo className="auth-page__logo" />
        <h1 className="auth-page__title">{t('auth.register')}</h1>
      </div>
      <p className="auth-page__subtitle">{t('auth.registerSubtitle')}</p>
      {closed ? <div className="auth-page__notice">{t('error.REGISTRATION_CLOSED')}</div> : null}
    </>
  );
}

export default function RegisterPage() {
  const t = useT();
  const { form, register, busy, emailRequired, closed, emailCode } = useRegisterForm();
  return (
    <div className="auth-page">
      <RegisterHeader closed={closed} />
      <form onSubmit={form.submit((values) => register.mutate(values))} noValidate>
        <FormFields form={form} fields={REGISTER_ACCOUNT_FIELDS} />
        {emailRequired ? <EmailFields form={form} emailCode={emailCode} /> : null}
        <CodeField
          form={form}
          name="inviteCode"
          label={t('field.inviteCode')}
          placeholder={t('placeholder.inviteCode')}
        />
        <SubmitButton loading={busy} disabled={closed} testId="register-submit">
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
