import { useState } from 'react';
import { CredentialFields } from '../../components/credential-fields.tsx';
import { FormFields, SubmitButton } from '../../components/form-inputs.tsx';
import { BankPicker } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useT } from '../../lib/i18n.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { usePromptOnEntry } from '../../system/payment-methods-api.ts';
import { useConfigValue } from '../../system/system-api.ts';
import { bankCardFields } from './method-logic.ts';
import { useBankCardForm } from './use-bank-card-form.ts';
import './payment-methods.css';

/**
 * /add-bank-card. The branch code shows while the configuration asks for it; katakana and the CCI
 * show for the banks of the countries that use them. Once added, only customer service can change
 * the card, which the hint says before the user submits.
 */
export default function AddBankCardPage() {
  const t = useT();
  const goBack = useGoBack('/receive-ways');
  usePromptOnEntry('fundPassword', goBack);
  const branchCodeEnabled = useConfigValue('GLOBAL', 'branchCodeEnabled') === 'true';
  const { form, banks, bank, country, add, send } = useBankCardForm({ branchCodeEnabled, onAdded: goBack });
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
      <FormFields form={form} fields={bankCardFields({ branchCodeEnabled, country })} />
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
