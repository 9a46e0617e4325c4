import { useNavigate } from 'react-router';
import type { MessageKey } from '@vela/i18n';
import { PasswordField, SubmitButton } from '../../components/form-inputs.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { validatePasswordChange, type PasswordChangeValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { usePasswordChange } from './account-api.ts';
import './account.css';

const EMPTY: PasswordChangeValues = { oldPwd: '', newPwd: '', prePwd: '' };

/**
 * The login and fund password edits: current, new and confirm are required and the
 * last two must match. All three travel pre-hashed. Success returns to the settings screen, unless
 * the screen says what follows (`onChanged`).
 */
export function PasswordChangeForm(props: {
  kind: 'login' | 'fund';
  hintKey: MessageKey;
  testId: string;
  /** Called for a failure with a server code the form itself does not show (e.g. fund password not set). */
  onApiError?: (error: ApiError) => boolean;
  /** What follows a successful change, in place of returning to the settings screen. */
  onChanged?: () => void | Promise<void>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const form = useForm<PasswordChangeValues>({
    initial: EMPTY,
    validate: validatePasswordChange,
    serverFields: { oldPwd: 'oldPwd', newPwd: 'newPwd', prePwd: 'prePwd' },
    labels: { oldPwd: 'field.oldPassword', newPwd: 'field.newPassword', prePwd: 'field.confirmNewPassword' },
  });

  const change = usePasswordChange(props.kind, {
    onSuccess: async () => {
      toastSuccess(t('toast.editSuccess'));
      if (props.onChanged) await props.onChanged();
      else void navigate('/settings', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && props.onApiError?.(error)) return;
      form.showError(error);
    },
  });

  return (
    <form className="form-page" onSubmit={form.submit((values) => change.mutate(values))} noValidate>
      <p className="form-hint">{t(props.hintKey)}</p>
      <PasswordField
        form={form}
        name="oldPwd"
        label={t('field.oldPassword')}
        placeholder={t('placeholder.password')}
        autoComplete="current-password"
      />
      <PasswordField
        form={form}
        name="newPwd"
        label={t('field.newPassword')}
        placeholder={t('placeholder.password')}
        autoComplete="new-password"
      />
      <PasswordField
        form={form}
        name="prePwd"
        label={t('field.confirmNewPassword')}
        placeholder={t('placeholder.confirmPassword')}
        autoComplete="new-password"
      />
      <SubmitButton loading={change.isPending} testId={props.testId}>
        {t('common.submit')}
      </SubmitButton>
    </form>
  );
}
