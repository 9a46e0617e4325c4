import { useEffect } from 'react';
import { Button, SpinLoading } from 'antd-mobile';
import { CheckShieldFill } from 'antd-mobile-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { EmptyState } from '../../components/empty-state.tsx';
import { CodeField, PasswordField, SubmitButton } from '../../components/form-inputs.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { validateBindGoogle, type BindGoogleValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { accountKeys, copyText } from './account-queries.ts';
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

/**
 * /bind-google-validator. The server is asked whether an authenticator is bound; until it answers
 * the stored user decides. Unbound: the pending key is fetched (the same one on every visit until it
 * is bound) and shown as a QR code and as text, then the login password and a current code bind it.
 */
export default function BindGooglePage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const hasBound = useQuery({
    queryKey: accountKeys.hasBoundGoogle(),
    queryFn: () => call(routes.user.hasBoundGoogle, {}),
    staleTime: 0,
  });
  const boundKnown = hasBound.data ? hasBound.data.bound : Boolean(user?.googleBound);
  const secret = useQuery({
    queryKey: accountKeys.googleSecret(),
    queryFn: () => call(routes.user.bindGoogleGet, {}),
    enabled: !boundKnown,
    staleTime: 0,
    gcTime: 0,
  });
  const bound =
    boundKnown || (secret.error instanceof ApiError && secret.error.code === 'GOOGLE_ALREADY_BOUND');

  // Keep the stored user (read by the settings screen) in step with what the server said.
  useEffect(() => {
    if (user && user.googleBound !== bound && (hasBound.data || bound))
      setUser({ ...user, googleBound: bound });
  }, [user, bound, hasBound.data, setUser]);

  const form = useForm<BindGoogleValues>({
    initial: { password: '', code: '' },
    validate: validateBindGoogle,
    serverFields: { password: 'password', code: 'code' },
  });

  const bind = useMutation({
    mutationFn: (v: BindGoogleValues) =>
      call(routes.user.bindGoogle, { password: preHashPassword(v.password), code: v.code.trim() }),
    onSuccess: (answer) => {
      setUser(answer);
      client.setQueryData(accountKeys.hasBoundGoogle(), { bound: true });
      client.removeQueries({ queryKey: accountKeys.googleSecret() });
      toastSuccess(t('toast.bindSuccess'));
      void navigate('/settings', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'GOOGLE_ALREADY_BOUND') {
        toastError(error.message);
        client.setQueryData(accountKeys.hasBoundGoogle(), { bound: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'GOOGLE_SECRET_MISSING') {
        toastError(error.message);
        void secret.refetch();
        return;
      }
      form.showError(error);
    },
  });

  if (bound) return <BoundCard />;
  if (secret.isError) return <EmptyState kind="loadFailed" onRetry={() => void secret.refetch()} />;
  if (!secret.data) {
    return (
      <div className="account-loading" data-testid="google-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }

  const { secret: key, otpauthUri } = secret.data;
  return (
    <form className="form-page" onSubmit={form.submit((values) => bind.mutate(values))} noValidate>
      <ol className="google-steps">
        <li>{t('google.step1')}</li>
        <li>{t('google.step2')}</li>
        <li>{t('google.step3')}</li>
      </ol>
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
              {key}
            </code>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => void copyText(key)}
              data-testid="copy-google-secret"
            >
              {t('common.copy')}
            </Button>
          </div>
        </div>
        <p className="form-hint google-setup__hint">{t('google.keepKeySafe')}</p>
      </div>
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
