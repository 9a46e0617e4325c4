import { useT } from '../lib/i18n.ts';
import type { FormApi, StringFields } from '../lib/use-form.ts';
import { useSession } from '../stores/session-store.ts';
import { CodeField, PasswordField } from './form-inputs.tsx';

export interface CredentialValues {
  fundPwd: string;
  googleCode: string;
}

/** The labels of the two fields, for the form's "<label> is required" messages. */
export const CREDENTIAL_LABELS = { fundPwd: 'field.fundPassword', googleCode: 'field.googleCode' } as const;

/**
 * The confirmation every payment-method and identity form ends with: the fund password, and the
 * Google code once an authenticator is bound (the server asks for it then).
 */
export function CredentialFields<V extends CredentialValues & StringFields<V>>({
  form,
}: {
  form: FormApi<V>;
}) {
  const t = useT();
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  return (
    <>
      <PasswordField
        form={form}
        name="fundPwd"
        label={t(CREDENTIAL_LABELS.fundPwd)}
        placeholder={t('placeholder.fundPassword')}
        autoComplete="off"
      />
      {googleBound ? (
        <CodeField
          form={form}
          name="googleCode"
          label={t(CREDENTIAL_LABELS.googleCode)}
          placeholder={t('placeholder.googleCode')}
          autoComplete="one-time-code"
        />
      ) : null}
    </>
  );
}

/** The credentials as the API takes them: the fund password pre-hashed, the code only when asked. */
export function credentialBody(
  values: CredentialValues,
  googleBound: boolean,
  hash: (password: string) => string,
): { fundPwd: string; googleCode?: string } {
  return {
    fundPwd: hash(values.fundPwd),
    ...(googleBound ? { googleCode: values.googleCode.trim() } : {}),
  };
}
