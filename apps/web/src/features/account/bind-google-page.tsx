import { Button } from 'antd-mobile';
import { CheckShieldFill } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { EmptyState } from '../../components/empty-state.tsx';
import { CodeField, PasswordField, SubmitButton } from '../../components/form-inputs.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { copyText } from './account-api.ts';
import { useBindGoogleForm, useGoogleBinding } from './use-bind-google.ts';
import './account.css';

function BoundCard() {
  const t = useT();
  return (
    <div className="form-page">
      <div className="card account-bound" data-testid="google-bound">
        <CheckShieldFill className="account-bound__icon" aria-hidden />
        <div className="account-bound__title">{t('google.boundTitle')}</div>
        <p className="account-bound__hint">{t('google.boundHint')}</p>
      </div>
    </div>
  );
}

/** The pending key as a QR code to scan and as text to type or copy. */
function GoogleSetupCard({ secretKey, otpauthUri }: { secretKey: string; otpauthUri: string }) {
  const t = useT();
  return (
    <div className="card google-setup">
      {/* Dark QR on white with a quiet zone, so it scans in the dark theme too. */}
      <div className="google-qr" data-testid="google-qr">
        <QRCodeSVG
          value={otpauthUri}
          size={168}
          level="M"
          bgColor="#ffffff"
          fgColor="#000000"
          marginSize={2}
          title={t('google.secret')}
        />
      </div>
      <div className="google-secret">
        <span className="google-secret__label">{t('google.secret')}</span>
        <div className="google-secret__row">
          <code className="google-secret__value" data-testid="google-secret">
            {secretKey}
          </code>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => void copyText(secretKey)}
            data-testid="copy-google-secret"
          >
            {t('common.copy')}
          </Button>
        </div>
      </div>
      <p className="form-hint google-setup__hint">{t('google.keepKeySafe')}</p>
    </div>
  );
}

/** The steps, the key, and the login password and current code that bind it. */
function BindGoogleForm({
  setup,
  binding,
}: {
  setup: { secret: string; otpauthUri: string };
  binding: ReturnType<typeof useBindGoogleForm>;
}) {
  const t = useT();
  const { form, bind } = binding;
  return (
    <form className="form-page" onSubmit={form.submit((values) => bind.mutate(values))} noValidate>
      <ol className="google-steps">
        <li>{t('google.step1')}</li>
        <li>{t('google.step2')}</li>
        <li>{t('google.step3')}</li>
      </ol>
      <GoogleSetupCard secretKey={setup.secret} otpauthUri={setup.otpauthUri} />
      <PasswordField
        form={form}
        name="password"
        label={t('field.loginPassword')}
        placeholder={t('placeholder.password')}
        autoComplete="current-password"
      />
      <CodeField
        form={form}
        name="code"
        label={t('field.googleCode')}
        placeholder={t('placeholder.googleCode')}
        autoComplete="one-time-code"
      />
      <SubmitButton loading={bind.isPending} testId="submit-bind-google">
        {t('common.submit')}
      </SubmitButton>
    </form>
  );
}

/**
 * /bind-google-validator. The server is asked whether an authenticator is bound; until it answers
 * the stored user decides. Unbound: the pending key is fetched (the same one on every visit until it
 * is bound) and shown as a QR code and as text, then the login password and a current code bind it.
 */
export default function BindGooglePage() {
  const { bound, secret } = useGoogleBinding();
  // The form lives here rather than in BindGoogleForm, so what was typed survives fetching a new key.
  const binding = useBindGoogleForm(secret.refetch);

  if (bound) return <BoundCard />;
  if (secret.isError) return <EmptyState kind="loadFailed" onRetry={() => void secret.refetch()} />;
  if (!secret.data) {
    return <PageSkeleton rows={3} />;
  }
  return <BindGoogleForm setup={secret.data} binding={binding} />;
}
