import { CREDENTIAL_LABELS, CredentialFields } from '../../components/credential-fields.tsx';
import { FormFields, labelsOf, SubmitButton } from '../../components/form-inputs.tsx';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { usePromptOnEntry } from '../../system/payment-methods-api.ts';
import {
  sameNames,
  validateZskAccount,
  ZSK_ACCOUNT_FIELDS,
  zskAccountBody,
  type ZskAccountValues,
} from './method-logic.ts';
import { useAddPaymentMethod } from './payment-methods-api.ts';
import { useAfterAdd } from './use-after-add.ts';
import './payment-methods.css';

const FIELDS = ['name', 'zskId', 'fundPwd', 'googleCode'] as const;

/**
 * /add-zsk-account: the holder's name and the fast-payment id, confirmed with the fund password.
 * Like the other add forms, a link's `returnTo` says where to go once saved.
 */
export default function AddZskAccountPage() {
  const t = useT();
  const { goBack, afterAdd } = useAfterAdd('/zsk-account');
  usePromptOnEntry('fundPassword', goBack);
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const form = useForm<ZskAccountValues>({
    initial: { name: '', zskId: '', fundPwd: '', googleCode: '' },
    validate: (values) => validateZskAccount(values, { googleBound }),
    serverFields: sameNames(FIELDS),
    labels: { ...labelsOf(ZSK_ACCOUNT_FIELDS), ...CREDENTIAL_LABELS },
  });

  const add = useAddPaymentMethod('zskAccounts', {
    success: 'toast.addSuccess',
    onAdded: afterAdd,
    onError: form.showError,
  });

  return (
    <form
      className="form-page"
      onSubmit={form.submit((values) => add.mutate(zskAccountBody(values, googleBound)))}
      noValidate
    >
      <p className="form-hint">{t('payment.addHint')}</p>
      <FormFields form={form} fields={ZSK_ACCOUNT_FIELDS} />
      <CredentialFields form={form} />
      <SubmitButton loading={add.isPending} testId="submit-add-zsk-account">
        {t('common.submit')}
      </SubmitButton>
    </form>
  );
}
