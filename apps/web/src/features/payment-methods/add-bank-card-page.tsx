import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { CredentialFields, credentialBody } from '../../components/credential-fields.tsx';
import { SubmitButton, TextField } from '../../components/form-inputs.tsx';
import { BankPicker } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useSession } from '../../stores/session-store.ts';
import { paymentKeys, useBanks, usePromptOnEntry } from '../../system/payment-methods.ts';
import { useConfigValue } from '../../system/system-queries.ts';
import {
  CCI_COUNTRIES,
  KATAKANA_COUNTRIES,
  optional,
  sameNames,
  validateBankCard,
  type BankCardValues,
} from './method-forms.ts';
import './payment-methods.css';

const FIELDS = [
  'bankId',
  'cardNumber',
  'name',
  'branchAddress',
  'branchCode',
  'idCardNumber',
  'cci',
  'katakana',
  'zskId',
  'fundPwd',
  'googleCode',
] as const;

/**
 * /add-bank-card. The branch code shows while the configuration asks for it; katakana and the CCI
 * show for the banks of the countries that use them. Once added, only customer service can change
 * the card, which the hint says before the user submits.
 */
export default function AddBankCardPage() {
  const t = useT();
  const client = useQueryClient();
  const goBack = useGoBack('/receive-ways');
  usePromptOnEntry('fundPassword', goBack);
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const token = useSession((s) => s.token);
  const branchCodeEnabled = useConfigValue('GLOBAL', 'branchCodeEnabled') === 'true';
  const banks = useBanks();
  const [pickerOpen, setPickerOpen] = useState(false);

  const bankOf = (bankId: string) => banks.data?.find((b) => String(b.id) === bankId) ?? null;
  const form = useForm<BankCardValues>({
    initial: Object.fromEntries(FIELDS.map((field) => [field, ''])) as unknown as BankCardValues,
    validate: (values) =>
      validateBankCard(values, {
        branchCodeEnabled,
        country: bankOf(values.bankId)?.country ?? null,
        googleBound,
      }),
    serverFields: sameNames(FIELDS),
  });
  const bank = bankOf(form.values.bankId);
  const country = bank?.country ?? null;

  const add = useMutation({
    mutationFn: (v: BankCardValues) =>
      call(routes.payment.bankCardAdd, {
        bankId: Number(v.bankId),
        cardNumber: v.cardNumber,
        name: v.name,
        branchAddress: optional(v.branchAddress),
        branchCode: branchCodeEnabled ? optional(v.branchCode) : undefined,
        idCardNumber: v.idCardNumber,
        cci: country && CCI_COUNTRIES.has(country) ? optional(v.cci) : undefined,
        katakana: country && KATAKANA_COUNTRIES.has(country) ? optional(v.katakana) : undefined,
        zskId: optional(v.zskId),
        ...credentialBody(v, googleBound, preHashPassword),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentKeys.bankCards(token) });
      toastSuccess(t('toast.addSuccess'));
      goBack();
    },
    onError: (error) => form.showError(error),
  });

  return (
    <form className="form-page" onSubmit={form.submit((values) => add.mutate(values))} noValidate>
      <p className="form-hint">{t('payment.addHint')}</p>
      <SelectField
        name="bankId"
        label={t('field.bankId')}
        placeholder={t('placeholder.chooseBank')}
        display={bank?.name ?? null}
        error={form.errors.bankId}
        onOpen={() => setPickerOpen(true)}
      />
      <TextField
        form={form}
        name="cardNumber"
        label={t('field.cardNumber')}
        placeholder={t('placeholder.cardNumber')}
        autoComplete="off"
        maxLength={48}
      />
      <TextField
        form={form}
        name="name"
        label={t('field.name')}
        placeholder={t('placeholder.holderName')}
        autoComplete="name"
        maxLength={64}
      />
      {country && KATAKANA_COUNTRIES.has(country) ? (
        <TextField
          form={form}
          name="katakana"
          label={t('field.katakana')}
          placeholder={t('placeholder.katakana')}
          maxLength={64}
        />
      ) : null}
      <TextField
        form={form}
        name="idCardNumber"
        label={t('field.idCardNumber')}
        placeholder={t('placeholder.idCardNumber')}
        autoComplete="off"
        maxLength={40}
      />
      {country && CCI_COUNTRIES.has(country) ? (
        <TextField
          form={form}
          name="cci"
          label={t('field.cci')}
          placeholder={t('placeholder.cci')}
          autoComplete="off"
          maxLength={32}
        />
      ) : null}
      <TextField
        form={form}
        name="branchAddress"
        label={t('field.branchAddress')}
        placeholder={t('placeholder.optional')}
        maxLength={128}
      />
      {branchCodeEnabled ? (
        <TextField
          form={form}
          name="branchCode"
          label={t('field.branchCode')}
          placeholder={t('placeholder.branchCode')}
          maxLength={32}
        />
      ) : null}
      <TextField
        form={form}
        name="zskId"
        label={t('field.zskId')}
        placeholder={t('placeholder.optional')}
        maxLength={64}
      />
      <CredentialFields form={form} />
      <SubmitButton loading={add.isPending} testId="submit-add-bank-card">
        {t('common.submit')}
      </SubmitButton>
      <BankPicker
        open={pickerOpen}
        banks={banks.data}
        loading={banks.isPending}
        failed={banks.isError}
        onRetry={() => void banks.refetch()}
        selected={bank?.id ?? null}
        onSelect={(chosen) => {
          form.set('bankId')(String(chosen.id));
          setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
    </form>
  );
}
