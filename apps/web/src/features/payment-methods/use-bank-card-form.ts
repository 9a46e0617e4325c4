import { CREDENTIAL_LABELS } from '../../components/credential-fields.tsx';
import { useSession } from '../../stores/session-store.ts';
import { useForm } from '../../lib/use-form.ts';
import { useBanks, useRealName } from '../../system/payment-methods-api.ts';
import {
  bankCardBody,
  sameNames,
  validateBankCard,
  verifiedHolder,
  type BankCardContext,
  type BankCardValues,
} from './method-logic.ts';
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
  'fundPwd',
  'googleCode',
] as const;

/** The form's labels, so an empty field is reported as "<label> is required". */
const LABELS = {
  bankId: 'field.bankId',
  cardNumber: 'field.cardNumber',
  name: 'field.name',
  branchCode: 'field.branchCode',
  idCardNumber: 'field.idCardNumber',
  cci: 'field.cci',
  katakana: 'field.katakana',
  ...CREDENTIAL_LABELS,
} as const;

/**
 * The bank card form: its values, the bank list and the chosen bank, whose country decides which
 * fields apply, the verified identity the card is held under, and the request that adds the card.
 * The page reads `branchCodeEnabled` from the configuration and passes it in, so validation and the
 * request agree with what the page shows. Whether the user is verified comes from the session (kept
 * in step with the identity check), so the form knows at once; the name and number follow.
 */
export function useBankCardForm(options: { branchCodeEnabled: boolean; onAdded(): void }) {
  const { branchCodeEnabled } = options;
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const verified = useSession((s) => s.user?.realNameStatus === 'APPROVED');
  const realName = useRealName(verified);
  const holder = verified ? verifiedHolder(realName.data) : null;
  const banks = useBanks();

  const bankOf = (bankId: string) => banks.data?.find((b) => String(b.id) === bankId) ?? null;
  const contextOf = (bankId: string): BankCardContext => ({
    branchCodeEnabled,
    country: bankOf(bankId)?.country ?? null,
    googleBound,
    verified,
  });
  const form = useForm<BankCardValues>({
    initial: Object.fromEntries(FIELDS.map((field) => [field, ''])) as unknown as BankCardValues,
    validate: (values) => validateBankCard(values, contextOf(values.bankId)),
    serverFields: sameNames(FIELDS),
    labels: LABELS,
  });
  const bank = bankOf(form.values.bankId);
  const context = contextOf(form.values.bankId);

  const add = useAddPaymentMethod('bankCards', {
    success: 'toast.addSuccess',
    onAdded: options.onAdded,
    onError: form.showError,
  });
  const send = (values: BankCardValues) => add.mutate(bankCardBody(values, context));

  return { form, banks, bank, context, holder, realName, add, send };
}
