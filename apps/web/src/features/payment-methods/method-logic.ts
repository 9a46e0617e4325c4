import type { CertType, RealNameInfo } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { credentialBody } from '../../components/credential-fields.tsx';
import type { FieldSpec } from '../../components/form-inputs.tsx';
import { sameSitePath } from '../../config/route-guard.ts';
import { collect, googleCodeRule, required, type FieldErrors } from '../../lib/form-rules.ts';

/**
 * The payment-method forms as pure functions: values in, errors out. They check what must be
 * filled in; the formats (card numbers, addresses, katakana, the CCI) are the
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
}

/**
 * What the bank card form depends on besides its values: the configuration's branch code, the
 * chosen bank's country, a bound authenticator, and whether the user's identity check is approved.
 * A verified user's card is in the verified name and ID number, which the server fills in; the form
 * shows them read-only instead of asking for them.
 */
export interface BankCardContext {
  branchCodeEnabled: boolean;
  country: string | null;
  googleBound: boolean;
  verified: boolean;
}

/**
 * Bank, card number and fund password are required, and the name and ID number until the identity
 * is verified; the branch code while the configuration turns it on; katakana for a Japanese bank
 * and the CCI for a Peruvian one.
 */
export function validateBankCard(
  values: BankCardValues,
  options: BankCardContext,
): FieldErrors<keyof BankCardValues> {
  return collect<keyof BankCardValues>({
    bankId: values.bankId ? null : 'validation.bank',
    cardNumber: required(values.cardNumber),
    name: options.verified ? null : required(values.name),
    branchAddress: null,
    branchCode: options.branchCodeEnabled ? required(values.branchCode) : null,
    idCardNumber: options.verified ? null : required(values.idCardNumber),
    katakana: options.country && KATAKANA_COUNTRIES.has(options.country) ? required(values.katakana) : null,
    cci: options.country && CCI_COUNTRIES.has(options.country) ? required(values.cci) : null,
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

/**
 * A bank card as the server takes it: the optional texts left out when empty, the branch code only
 * while the configuration asks for it, katakana and the CCI only for the countries that use them.
 * A verified user sends no name or ID number: the server uses the verified ones. No ZSK id is sent:
 * a bank payout never reads it, and fast payments are an account of their own.
 */
export function bankCardBody(v: BankCardValues, context: BankCardContext) {
  const { country } = context;
  return {
    bankId: Number(v.bankId),
    cardNumber: v.cardNumber,
    ...(context.verified ? {} : { name: v.name, idCardNumber: v.idCardNumber }),
    branchAddress: optional(v.branchAddress),
    branchCode: context.branchCodeEnabled ? optional(v.branchCode) : undefined,
    cci: country && CCI_COUNTRIES.has(country) ? optional(v.cci) : undefined,
    katakana: country && KATAKANA_COUNTRIES.has(country) ? optional(v.katakana) : undefined,
    ...credentialBody(v, context.googleBound, preHashPassword),
  };
}

/** A wallet address as the server takes it: ids as numbers, the address trimmed, the remark optional. */
export function walletAddressBody(v: WalletAddressValues, googleBound: boolean) {
  return {
    vcId: Number(v.vcId),
    vcChainNameId: Number(v.vcChainNameId),
    vcAccount: v.vcAccount.trim(),
    remark: optional(v.remark),
    ...credentialBody(v, googleBound, preHashPassword),
  };
}

/** A fast-payment account as the server takes it: the holder's name and the id, trimmed. */
export function zskAccountBody(v: ZskAccountValues, googleBound: boolean) {
  return { name: v.name.trim(), zskId: v.zskId.trim(), ...credentialBody(v, googleBound, preHashPassword) };
}

/** The fast-payment account's own fields, above the fund password. */
export const ZSK_ACCOUNT_FIELDS: readonly FieldSpec<ZskAccountValues>[] = [
  {
    kind: 'text',
    name: 'name',
    label: 'field.name',
    placeholder: 'placeholder.holderName',
    autoComplete: 'name',
    maxLength: 64,
  },
  {
    kind: 'text',
    name: 'zskId',
    label: 'field.zskId',
    placeholder: 'placeholder.zskId',
    autoComplete: 'off',
    maxLength: 64,
  },
];

/**
 * The bank card's own text fields, in the order the form shows them. Katakana follows the holder's
 * name and the CCI follows the ID number, each only for the countries whose banks use it; the branch
 * code follows the branch address only while the configuration asks for it. The name and ID number
 * are left out for a verified user (the form shows the verified ones read-only). The fields listed
 * here are the ones `validateBankCard` and `bankCardBody` read for the same context.
 *
 * There is no ZSK (fast-payment) id: a bank channel pays out to the card's bank account and never
 * reads it, and a fast-payment id is bound as a fast-payment account, which the fast-payment
 * channels pay to. Asking for it here only made users wonder whether the card needs one.
 */
export function bankCardFields(
  context: Pick<BankCardContext, 'branchCodeEnabled' | 'country' | 'verified'>,
): FieldSpec<BankCardValues>[] {
  const { country, verified } = context;
  const katakana = country !== null && KATAKANA_COUNTRIES.has(country);
  const cci = country !== null && CCI_COUNTRIES.has(country);
  const fields: (FieldSpec<BankCardValues> | false)[] = [
    {
      kind: 'text',
      name: 'cardNumber',
      label: 'field.cardNumber',
      placeholder: 'placeholder.cardNumber',
      autoComplete: 'off',
      maxLength: 48,
    },
    !verified && {
      kind: 'text',
      name: 'name',
      label: 'field.name',
      placeholder: 'placeholder.holderName',
      autoComplete: 'name',
      maxLength: 64,
    },
    katakana && {
      kind: 'text',
      name: 'katakana',
      label: 'field.katakana',
      placeholder: 'placeholder.katakana',
      maxLength: 64,
    },
    !verified && {
      kind: 'text',
      name: 'idCardNumber',
      label: 'field.idCardNumber',
      placeholder: 'placeholder.idCardNumber',
      autoComplete: 'off',
      maxLength: 40,
    },
    cci && {
      kind: 'text',
      name: 'cci',
      label: 'field.cci',
      placeholder: 'placeholder.cci',
      autoComplete: 'off',
      maxLength: 32,
    },
    {
      kind: 'text',
      name: 'branchAddress',
      label: 'field.branchAddress',
      placeholder: 'placeholder.optional',
      maxLength: 128,
    },
    context.branchCodeEnabled && {
      kind: 'text',
      name: 'branchCode',
      label: 'field.branchCode',
      placeholder: 'placeholder.branchCode',
      maxLength: 32,
    },
  ];
  return fields.filter((field): field is FieldSpec<BankCardValues> => field !== false);
}

/** The wallet address itself, which the server checks against the chain's format. */
export const WALLET_ADDRESS_ACCOUNT_FIELDS: readonly FieldSpec<WalletAddressValues>[] = [
  {
    kind: 'text',
    name: 'vcAccount',
    label: 'field.vcAccount',
    placeholder: 'placeholder.address',
    autoComplete: 'off',
    maxLength: 128,
  },
];

/** The optional remark, which the form shows below the warning about the address. */
export const WALLET_ADDRESS_REMARK_FIELDS: readonly FieldSpec<WalletAddressValues>[] = [
  { kind: 'text', name: 'remark', label: 'field.remark', placeholder: 'placeholder.remark', maxLength: 64 },
];

/**
 * The chain to select after the user picks the coin `vcId`, or null when the coin did not change
 * and the chosen chain stays. A chain belongs to one coin, so a new coin drops the old chain; its
 * first chain is the likely choice, and '' (none) when it has no chain.
 */
export function chainAfterCoinChange(
  chains: readonly { id: number; vcId: number }[],
  currentVcId: string,
  vcId: number,
): string | null {
  if (String(vcId) === currentVcId) return null;
  const first = chains.find((c) => c.vcId === vcId);
  return first ? String(first.id) : '';
}

/**
 * What a link to an add form may say: the coin (`coinId`, its vcId) and network (`chain`, the chain
 * name such as "TRC20") to select, and the same-site path to go to once the method is saved
 * (`returnTo`). The withdrawal screen links here this way, so the user adds the address its channel
 * pays to and comes back. Anything malformed is ignored: an unknown coin selects nothing, and a
 * `returnTo` that is not a path of this app leaves the usual way back.
 */
export interface AddMethodParams {
  coinId: number | null;
  chain: string | null;
  returnTo: string | null;
}

export function addMethodParams(params: URLSearchParams): AddMethodParams {
  const coin = params.get('coinId')?.trim() ?? '';
  const chain = params.get('chain')?.trim() ?? '';
  return {
    coinId: /^[1-9]\d{0,9}$/.test(coin) ? Number(coin) : null,
    chain: chain === '' ? null : chain,
    returnTo: sameSitePath(params.get('returnTo')),
  };
}

/**
 * The coin and chain a link asks for, as the form's values, or null when the coin is not one that
 * has chains. A network the coin does not have (or none named) falls back to the coin's first
 * chain, as picking the coin by hand would; names are compared without case ("trc20" is TRC20).
 */
export function preselectedChain(
  chains: readonly { id: number; vcId: number; chainName: string }[],
  params: Pick<AddMethodParams, 'coinId' | 'chain'>,
): { vcId: string; vcChainNameId: string } | null {
  if (params.coinId === null) return null;
  const ofCoin = chains.filter((c) => c.vcId === params.coinId);
  const wanted = params.chain?.toLowerCase();
  const chosen = ofCoin.find((c) => c.chainName.toLowerCase() === wanted) ?? ofCoin[0];
  return chosen ? { vcId: String(chosen.vcId), vcChainNameId: String(chosen.id) } : null;
}

/** The verified identity a card is held under, as the bank card form shows it. */
export interface VerifiedHolder {
  name: string;
  certType: CertType;
  certNumberMasked: string;
}

/**
 * The approved identity of the user, or null while there is none (not submitted, pending, rejected,
 * or not loaded yet). An approval is final, so the latest submission is the verified one.
 */
export function verifiedHolder(info: RealNameInfo | undefined): VerifiedHolder | null {
  const current = info?.current;
  if (info?.status !== 'APPROVED' || current?.status !== 'APPROVED') return null;
  return { name: current.name, certType: current.certType, certNumberMasked: current.certNumberMasked };
}
