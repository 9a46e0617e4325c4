import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endpoints } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { FormField, PasswordInput } from '../../components/form-field.tsx';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { validatePasswordChange, type PasswordChangeValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { serverFieldError } from '../../lib/server-errors.ts';
import './account.css';

type Field = keyof PasswordChangeValues;

/**
 * Wire fields of the two password-change calls mapped to this form's inputs. A wrong current login
 * password comes back on `password` (the server's shared login-password check), so it lands on
 * the current-password input too.
 */
const SERVER_FIELDS: Partial<Record<string, Field>> = {
  oldPwd: 'oldPwd',
  newPwd: 'newPwd',
  prePwd: 'prePwd',
  password: 'oldPwd',
};

const EMPTY: PasswordChangeValues = { oldPwd: '', newPwd: '', prePwd: '' };

/**
 * The login and fund password edits of spec point 5: current, new and confirm are required and the
 * last two must match. All three travel pre-hashed. Success returns to the settings screen.
 */
export function PasswordChangeForm(props: {
  kind: 'login' | 'fund';
  hintKey: MessageKey;
  testId: string;
  /** Called for a failure with a server code the form itself does not show (e.g. fund password not set). */
  onApiError?: (error: ApiError) => boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const endpoint = props.kind === 'login' ? endpoints.user.editLoginPwd : endpoints.user.editFundPwd;

  const change = useMutation({
    mutationFn: (v: PasswordChangeValues) =>
      call(endpoint, {
        oldPwd: preHashPassword(v.oldPwd),
        newPwd: preHashPassword(v.newPwd),
        prePwd: preHashPassword(v.prePwd),
      }),
    onSuccess: () => {
      toastSuccess(t('toast.editSuccess'));
      void navigate('/settings', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && props.onApiError?.(error)) return;
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
    const found = validatePasswordChange(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length === 0) change.mutate(values);
  };

  return (
    <form className="form-page" onSubmit={submit} noValidate>
      <p className="form-hint">{t(props.hintKey)}</p>
      <FormField name="oldPwd" label={t('field.oldPassword')} error={errors.oldPwd}>
        <PasswordInput
          name="oldPwd"
          value={values.oldPwd}
          onChange={set('oldPwd')}
          placeholder={t('placeholder.password')}
          autoComplete="current-password"
        />
      </FormField>
      <FormField name="newPwd" label={t('field.newPassword')} error={errors.newPwd}>
        <PasswordInput
          name="newPwd"
          value={values.newPwd}
          onChange={set('newPwd')}
          placeholder={t('placeholder.password')}
          autoComplete="new-password"
        />
      </FormField>
      <FormField name="prePwd" label={t('field.confirmNewPassword')} error={errors.prePwd}>
        <PasswordInput
          name="prePwd"
          value={values.prePwd}
          onChange={set('prePwd')}
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
        loading={change.isPending}
        data-testid={props.testId}
      >
        {t('common.submit')}
      </Button>
    </form>
  );
}
