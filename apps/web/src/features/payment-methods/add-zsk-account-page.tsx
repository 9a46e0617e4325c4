import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { CredentialFields, credentialBody } from '../../components/credential-fields.tsx';
import { SubmitButton, TextField } from '../../components/form-inputs.tsx';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useSession } from '../../stores/session-store.ts';
import { paymentKeys, usePromptOnEntry } from '../../system/payment-methods.ts';
import { sameNames, validateZskAccount, type ZskAccountValues } from './method-forms.ts';
import './payment-methods.css';

const FIELDS = ['name', 'zskId', 'fundPwd', 'googleCode'] as const;

/** /add-zsk-account: the holder's name and the fast-payment id, confirmed with the fund password. */
export default function AddZskAccountPage() {
  const t = useT();
  const client = useQueryClient();
  const goBack = useGoBack('/zsk-account');
  usePromptOnEntry('fundPassword', goBack);
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const token = useSession((s) => s.token);
  const form = useForm<ZskAccountValues>({
    initial: { name: '', zskId: '', fundPwd: '', googleCode: '' },
    validate: (values) => validateZskAccount(values, { googleBound }),
    serverFields: sameNames(FIELDS),
  });

  const add = useMutation({
    mutationFn: (v: ZskAccountValues) =>
      call(routes.payment.zskAccountAdd, {
        name: v.name.trim(),
        zskId: v.zskId.trim(),
        ...credentialBody(v, googleBound, preHashPassword),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentKeys.zskAccounts(token) });
      toastSuccess(t('toast.addSuccess'));
      goBack();
    },
    onError: (error) => form.showError(error),
  });

  return (
    <form className="form-page" onSubmit={form.submit((values) => add.mutate(values))} noValidate>
      <p className="form-hint">{t('payment.addHint')}</p>
      <TextField
        form={form}
        name="name"
        label={t('field.name')}
        placeholder={t('placeholder.holderName')}
        autoComplete="name"
        maxLength={64}
      />
      <TextField
        form={form}
        name="zskId"
        label={t('field.zskId')}
        placeholder={t('placeholder.zskId')}
        autoComplete="off"
        maxLength={64}
      />
      <CredentialFields form={form} />
      <SubmitButton loading={add.isPending} testId="submit-add-zsk-account">
        {t('common.submit')}
      </SubmitButton>
    </form>
  );
}
