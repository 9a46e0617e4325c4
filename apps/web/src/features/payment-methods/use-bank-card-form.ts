import { useSession } from '../../stores/session-store.ts';
import { useForm } from '../../lib/use-form.ts';
import { useBanks } from '../../system/payment-methods-api.ts';
import { bankCardBody, sameNames, validateBankCard, type BankCardValues } from './method-logic.ts';
import { useAddPaymentMethod } from './payment-methods-api.ts';

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
 * The bank card form: its values, the bank list and the chosen bank, whose country decides which
 * fields apply, and the request that adds the card. The page reads `branchCodeEnabled` from the
 * configuration and passes it in, so validation and the request agree with what the page shows.
 */
export function useBankCardForm(options: { branchCodeEnabled: boolean; onAdded(): void }) {
  const { branchCodeEnabled } = options;
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const banks = useBanks();

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

  const add = useAddPaymentMethod('bankCards', {
    success: 'toast.addSuccess',
    onAdded: options.onAdded,
    onError: form.showError,
  });
  const send = (values: BankCardValues) =>
    add.mutate(bankCardBody(values, { branchCodeEnabled, country, googleBound }));

  return { form, banks, bank, country, add, send };
}
