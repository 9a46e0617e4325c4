import { useState } from 'react';
import { CredentialFields } from '../../components/credential-fields.tsx';
import { FormFields, SubmitButton } from '../../components/form-inputs.tsx';
import { BankPicker } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePromptOnEntry } from '../../system/payment-methods-api.ts';
import { useConfigValue } from '../../system/system-api.ts';
import { bankCardFields } from './method-logic.ts';
import { useAfterAdd } from './use-after-add.ts';
import { useBankCardForm } from './use-bank-card-form.ts';
import { VerifiedHolderFields } from './verified-holder.tsx';
import './payment-methods.css';

/**
 * /add-bank-card. The branch code shows while the configuration asks for it; katakana and the CCI
 * show for the banks of the countries that use them. A verified user sees the verified name and ID
 * read-only instead of typing them. Once added, only customer service can change the card, which
 * the hint says before the user submits. A card has no coin or network, so of the link's parameters
 * only `returnTo` applies.
 */
export default function AddBankCardPage() {
  const t = useT();
  const { goBack, afterAdd } = useAfterAdd('/receive-ways');
  usePromptOnEntry('fundPassword', goBack);
  const branchCodeEnabled = useConfigValue('GLOBAL', 'branchCodeEnabled') === 'true';
  const { form, banks, bank, context, holder, add, send } = useBankCardForm({
    branchCodeEnabled,
    onAdded: afterAdd,
  });
  const [pickerOpen, setPickerOpen] = useState(false);

  return (
    <form className="form-page" onSubmit={form.submit(send)} noValidate>
      <p className="form-hint">{t('payment.addHint')}</p>
      <SelectField
        name="bankId"
        label={t('field.bankId')}
        placeholder={t('placeholder.chooseBank')}
        display={bank?.name ?? null}
        error={form.errors.bankId}
        onOpen={() => setPickerOpen(true)}
      />
      {context.verified ? <VerifiedHolderFields holder={holder} /> : null}
      <FormFields form={form} fields={bankCardFields(context)} />
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
