import { collect, googleCodeRule, required, type FieldErrors } from '../../lib/form-rules.ts';

/**
 * The forms of spec point 3 as pure functions: values in, errors out. They check what must be
 * filled in (spec point 5); the formats (card numbers, addresses, katakana, the CCI) are the
 * server's to check, one rule in one place, and its answer lands under the field it names.
 */

interface Credentials {
  fundPwd: string;
  googleCode: string;
}

const credentialErrors = (values: Credentials, googleBound: boolean) => ({
  fundPwd: required(values.fundPwd),
  googleCode: googleBound ? googleCodeRule(values.googleCode) : null,
});

/** The banks whose cards need the holder's name in katakana, and those that need a CCI. */
export const KATAKANA_COUNTRIES: ReadonlySet<string> = new Set(['JP']);
export const CCI_COUNTRIES: ReadonlySet<string> = new Set(['PE']);

export interface BankCardValues extends Credentials {
  bankId: string;
  cardNumber: string;
  name: string;
  branchAddress: string;
  branchCode: string;
  idCardNumber: string;
  cci: string;
  katakana: string;
  zskId: string;
}

/**
 * Bank, card number, name, ID number and fund password are required; the branch code while the
 * configuration turns it on; katakana for a Japanese bank and the CCI for a Peruvian one.
 */
export function validateBankCard(
  values: BankCardValues,
  options: { branchCodeEnabled: boolean; country: string | null; googleBound: boolean },
): FieldErrors<keyof BankCardValues> {
  return collect<keyof BankCardValues>({
    bankId: values.bankId ? null : 'validation.bank',
    cardNumber: required(values.cardNumber),
    name: required(values.name),
    branchAddress: null,
    branchCode: options.branchCodeEnabled ? required(values.branchCode) : null,
    idCardNumber: required(values.idCardNumber),
    katakana: options.country && KATAKANA_COUNTRIES.has(options.country) ? required(values.katakana) : null,
    cci: options.country && CCI_COUNTRIES.has(options.country) ? required(values.cci) : null,
    zskId: null,
    ...credentialErrors(values, options.googleBound),
  });
}

export interface WalletAddressValues extends Credentials {
  vcId: string;
  vcChainNameId: string;
  vcAccount: string;
  remark: string;
}

/** Currency, chain type, address and fund password are required. */
export function validateWalletAddress(
  values: WalletAddressValues,
  options: { googleBound: boolean },
): FieldErrors<keyof WalletAddressValues> {
  return collect<keyof WalletAddressValues>({
    vcId: values.vcId ? null : 'validation.currency',
    vcChainNameId: values.vcChainNameId ? null : 'validation.chain',
    vcAccount: required(values.vcAccount),
    remark: null,
    ...credentialErrors(values, options.googleBound),
  });
}

export interface ZskAccountValues extends Credentials {
  name: string;
  zskId: string;
}

/** The name must not be empty; the ZSK id and the fund password are required too. */
export function validateZskAccount(
  values: ZskAccountValues,
  options: { googleBound: boolean },
): FieldErrors<keyof ZskAccountValues> {
  return collect<keyof ZskAccountValues>({
    name: required(values.name),
    zskId: required(values.zskId),
    ...credentialErrors(values, options.googleBound),
  });
}

/** Server fields of the three forms, mapped to the form's own (they share the wire names). */
export function sameNames<F extends string>(fields: readonly F[]): Partial<Record<string, F>> {
  return Object.fromEntries(fields.map((field) => [field, field]));
}

/** An optional text as the API takes it: left out when blank. */
export function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
