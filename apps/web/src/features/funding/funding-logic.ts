import type {
  BankCard,
  ChannelMethod,
  FundingChannel,
  FundingStatus,
  PaymentMethodKind,
  RealNameStatus,
  RechargeOrder,
  UserInfo,
  WalletAddress,
  WithdrawOrder,
  WithdrawTarget,
  ZskAccount,
} from '@vela/contract';
import {
  amountRangeHint,
  checkTxHash,
  preHashPassword,
  checkAmount,
  formatMinor,
  formatNumber,
  parseDecimal,
  rebatePercent,
  depositQuote,
  truncateDecimal,
  txHashRule,
  withdrawQuote,
  type AmountLimits,
  type ChannelTerms,
  type TxHashRule,
} from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import type { FieldSpec } from '../../components/form-inputs.tsx';
import type { PickedMethod } from '../../components/payment-method-picker.tsx';
import { credentialBody } from '../../components/credential-fields.tsx';
import { googleCodeRule, required } from '../../lib/form-rules.ts';
import type { PaymentRequirement } from '../../system/payment-methods-api.ts';

/**
 * The deposit and withdrawal screens' figures and rules as pure functions, outside React, so they
 * are tested without a browser: quotes with the domain's own arithmetic (the server books the same
 * figures), the rules each form field must meet, which bound method a channel pays out to, and how
 * orders read. The screens only dispatch and display.
 */

export type Direction = 'deposit' | 'withdraw';

/**
 * A field's message: a catalogue key with its values; `range` is a second message (the "Min X,
 * Max Y" hint) that fills the `{{range}}` placeholder once translated.
 */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
  range?: { key: MessageKey; params: MessageParams };
}
export type FundingErrors<F extends string> = Partial<Record<F, FieldMessage>>;

export function termsOf(channel: FundingChannel): ChannelTerms {
  return {
    payScale: channel.payScale,
    walletScale: channel.walletScale,
    rate: channel.rate,
    feeRate: channel.feeRate,
  };
}

/**
 * How many decimals an amount is typed with: deposits are paid in the channel's pay currency,
 * withdrawals are taken from the wallet currency (the limits are in the same currencies).
 */
export function amountScale(direction: Direction, channel: FundingChannel): number {
  return direction === 'deposit' ? channel.payScale : channel.walletScale;
}

/** The currency the typed amount and the limits are in. */
export function amountCurrency(direction: Direction, channel: FundingChannel): string {
  return direction === 'deposit' ? channel.payCurrency : channel.symbol;
}

/** Decimals worth showing: the significant ones, at least 2, at most `scale` ("69.500000" -> 2). */
function significantDecimals(text: string, scale: number): number {
  const fraction = text.split('.')[1] ?? '';
  return Math.min(scale, Math.max(2, fraction.replace(/0+$/, '').length));
}

/** A wire amount grouped, with its significant decimals ("1234.500000" -> "1,234.50"). */
export function shownAmount(text: string, scale = (text.split('.')[1] ?? '').length): string {
  return formatNumber(text, significantDecimals(text, scale));
}

/** A fee rate as a percentage without float arithmetic ("0.005" -> "0.5"). */
export function feePercent(feeRate: string): string {
  return rebatePercent(feeRate);
}

/** The "Min X, Max Y" (or "Min X, Uncapped") hint of a channel, in the amount's currency. */
export function rangeHint(
  direction: Direction,
  channel: FundingChannel,
): { key: MessageKey; params: MessageParams } {
  const scale = amountScale(direction, channel);
  const decimals = Math.max(
    significantDecimals(channel.min, scale),
    channel.max === null ? 0 : significantDecimals(channel.max, scale),
  );
  const hint = amountRangeHint({ min: channel.min, max: channel.max }, decimals);
  return hint.key === 'rangeMinMax'
    ? { key: 'validation.rangeMinMax', params: { min: hint.min, max: hint.max } }
    : { key: 'validation.rangeMinUncapped', params: { min: hint.min } };
}

export interface QuotePreview {
  /** In the wallet currency. */
  fee: string;
  /** Deposits: credited to the spot account (wallet currency). Withdrawals: paid out (pay currency). */
  receive: string;
  /** Whether the amount leaves anything after the fee; the server refuses it otherwise. */
  positive: boolean;
}

/**
 * The live quote of a typed deposit amount, or null while the text is not an amount yet. The
 * domain's `depositQuote` truncates as the server does when it books the order.
 */
export function depositPreview(amount: string, channel: FundingChannel): QuotePreview | null {
  const parsed = parseDecimal(amount.trim(), channel.payScale);
  if (!parsed.ok || parsed.minor <= 0n) return null;
  try {
    const quote = depositQuote(parsed.minor, termsOf(channel));
    return {
      fee: formatMinor(quote.feeMinor, channel.walletScale),
      receive: formatMinor(quote.receiveMinor, channel.walletScale),
      positive: quote.receiveMinor > 0n,
    };
  } catch {
    // A channel whose rate the domain refuses cannot be quoted; the server refuses it too.
    return null;
  }
}

/** The live quote of a typed withdrawal amount: the fee and what is paid out in the pay currency. */
export function withdrawPreview(amount: string, channel: FundingChannel): QuotePreview | null {
  const parsed = parseDecimal(amount.trim(), channel.walletScale);
  if (!parsed.ok || parsed.minor <= 0n) return null;
  try {
    const quote = withdrawQuote(parsed.minor, termsOf(channel));
    return {
      fee: formatMinor(quote.feeMinor, channel.walletScale),
      receive: formatMinor(quote.payoutPayMinor, channel.payScale),
      positive: quote.netMinor > 0n,
    };
  } catch {
    return null;
  }
}

function amountMessage(
  amount: string,
  limits: AmountLimits,
  range: { key: MessageKey; params: MessageParams },
): FieldMessage | null {
  const check = checkAmount(amount, limits);
  if (check.ok) return null;
  switch (check.error) {
    case 'amountEmpty':
      return { key: 'validation.amountEmpty' };
    case 'amountWrong':
      return { key: 'validation.amountWrong' };
    case 'amountPrecision':
      return { key: 'validation.amountPrecision', params: { decimals: limits.maxPrecision } };
    case 'amountOutOfRange':
      return { key: 'validation.amountOutOfRange', range };
  }
}

const keyOnly = (key: MessageKey | null): FieldMessage | null => (key ? { key } : null);

function collectMessages<F extends string>(checks: Record<F, FieldMessage | null>): FundingErrors<F> {
  const errors: FundingErrors<F> = {};
  for (const [field, message] of Object.entries(checks) as [F, FieldMessage | null][]) {
    if (message) errors[field] = message;
  }
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The corner badge of a crypto channel's icon: its network's first letter in the network's colour
 * (Tron red, Ethereum blue, BNB Chain yellow, Bitcoin orange); other networks get a colour of their
 * own from their name.
 */
export function networkBadge(chainName: string): { label: string; colour: string } {
  const known: Record<string, string> = {
    TRC20: '#eb0029',
    ERC20: '#627eea',
    BEP20: '#f3ba2f',
    BITCOIN: '#f7931a',
    SOLANA: '#9945ff',
  };
  const name = chainName.trim().toUpperCase();
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return { label: name.slice(0, 1), colour: known[name] ?? `hsl(${hue} 55% 45%)` };
}

// ---- deposits -----------------------------------------------------------------------------------

/**
 * The deposit form's texts; the voucher is the upload id, '' until the upload finished. A crypto
 * channel asks for the transaction hash, a bank or fast-payment channel for the payer.
 */
export interface DepositValues {
  amount: string;
  txHash: string;
  payerName: string;
  payerMobile: string;
  voucherUploadId: string;
}

/**
 * The payer's name and mobile as the contract accepts them (`rechargeRequest` in
 * packages/contract/src/funding.ts; a test keeps the two equal). They are repeated here because the
 * contract's schemas bring zod into the page.
 */
/** The payer's fields of the deposit form, below the amount and above the voucher. */
export const PAYER_FIELDS: readonly FieldSpec<DepositValues>[] = [
  {
    kind: 'text',
    name: 'payerName',
    label: 'funding.payerName',
    placeholder: 'funding.payerNamePlaceholder',
    autoComplete: 'name',
    maxLength: 64,
  },
  {
    kind: 'text',
    name: 'payerMobile',
    label: 'funding.payerMobile',
    placeholder: 'funding.payerMobilePlaceholder',
    autoComplete: 'tel',
    type: 'tel',
    maxLength: 21,
  },
];

export const PAYER_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
export const PAYER_MOBILE_PATTERN = /^\+?[0-9][0-9 -]{5,19}$/;

export function payerNameRule(value: string): MessageKey | null {
  const name = value.trim();
  if (name === '') return 'validation.required';
  return name.length >= 2 && name.length <= 64 && PAYER_NAME_PATTERN.test(name)
    ? null
    : 'validation.payerName';
}

export function payerMobileRule(value: string): MessageKey | null {
  return required(value) ?? (PAYER_MOBILE_PATTERN.test(value.trim()) ? null : 'validation.payerMobile');
}

/** What the transaction hash field says of its network's rule, as its hint and its error. */
export const TX_HASH_MESSAGE: Record<TxHashRule, MessageKey> = {
  hex64: 'validation.txHash.hex64',
  hex64With0x: 'validation.txHash.hex64With0x',
  base58Signature: 'validation.txHash.base58Signature',
  general: 'validation.txHash.general',
};

/** The network a crypto channel pays on; every chain channel names one (the server's rule too). */
export function channelNetwork(channel: FundingChannel): string {
  if (!channel.chainName) throw new Error(`chain channel ${channel.id} has no network`);
  return channel.chainName;
}

/** The rule message of the channel's network, for the hash field's hint. */
export function txHashMessage(channel: FundingChannel): MessageKey {
  return TX_HASH_MESSAGE[txHashRule(channelNetwork(channel))];
}

/** A transaction hash valid on the channel's network (`checkTxHash`, which the server applies too). */
export function txHashFieldRule(value: string, channel: FundingChannel): MessageKey | null {
  const check = checkTxHash(channelNetwork(channel), value);
  return check.ok ? null : TX_HASH_MESSAGE[check.rule];
}

/**
 * For deposits: an amount (given, well formed, within the decimals allowed and the
 * channel's limits, leaving something after the fee), the transaction hash of a crypto deposit or a
 * correct payer name and mobile otherwise, and the payment voucher. `decimals` is the pay currency's scale, or fewer when the platform's GLOBAL
 * `amountMaxPrecision` says so (`amountDecimals`). The server checks all of it again.
 */
export function validateDeposit(
  values: DepositValues,
  channel: FundingChannel,
  decimals: number,
): FundingErrors<keyof DepositValues> {
  let amount = amountMessage(
    values.amount,
    { min: channel.min, max: channel.max, maxPrecision: decimals, scale: channel.payScale },
    rangeHint('deposit', channel),
  );
  if (!amount && !depositPreview(values.amount, channel)?.positive)
    amount = { key: 'validation.amountWrong' };
  const chain = channel.method === 'chain';
  return collectMessages<keyof DepositValues>({
    amount,
    txHash: chain ? keyOnly(txHashFieldRule(values.txHash, channel)) : null,
    payerName: chain ? null : keyOnly(payerNameRule(values.payerName)),
    payerMobile: chain ? null : keyOnly(payerMobileRule(values.payerMobile)),
    voucherUploadId: values.voucherUploadId ? null : { key: 'validation.voucher' },
  });
}

/** A deposit as the server takes it: a crypto deposit with its hash, any other with its payer. */
export function depositBody(values: DepositValues, channel: FundingChannel) {
  const proof =
    channel.method === 'chain'
      ? { txHash: values.txHash.trim() }
      : { payerName: values.payerName.trim(), payerMobile: values.payerMobile.trim() };
  return {
    channelId: channel.id,
    amount: values.amount.trim(),
    ...proof,
    voucherUploadId: Number(values.voucherUploadId),
  };
}

// ---- withdrawals --------------------------------------------------------------------------------

export interface WithdrawValues {
  amount: string;
  /** The bound method chosen in the picker, as text; '' when the user has not chosen one. */
  targetId: string;
  fundPwd: string;
  googleCode: string;
}

/**
 * Which bound method each kind of channel pays out to: the server's rule (payment-ports.ts), where a
 * chain channel pays only to an address of its own coin and chain.
 */
export const PAYOUT_OF_METHOD: Record<ChannelMethod, { target: WithdrawTarget; kind: PaymentMethodKind }> = {
  chain: { target: 'wallet', kind: 'WALLET_ADDRESS' },
  bank: { target: 'bank', kind: 'BANK_CARD' },
  zsk: { target: 'zsk', kind: 'ZSK_ACCOUNT' },
};

export function addressFits(address: WalletAddress, channel: FundingChannel): boolean {
  return address.vcId === channel.vcId && address.chainName === channel.chainName;
}

/** The user's bound methods a withdrawal through `channel` may go to, in the order they were added. */
export function payoutCandidates(
  channel: FundingChannel,
  lists: {
    bankCards?: readonly BankCard[] | undefined;
    walletAddresses?: readonly WalletAddress[] | undefined;
    zskAccounts?: readonly ZskAccount[] | undefined;
  },
): PickedMethod[] {
  switch (channel.method) {
    case 'bank':
      return (lists.bankCards ?? []).map((method) => ({ kind: 'BANK_CARD', id: method.id, method }));
    case 'chain':
      return (lists.walletAddresses ?? [])
        .filter((address) => addressFits(address, channel))
        .map((method) => ({ kind: 'WALLET_ADDRESS', id: method.id, method }));
    case 'zsk':
      return (lists.zskAccounts ?? []).map((method) => ({ kind: 'ZSK_ACCOUNT', id: method.id, method }));
  }
}

/**
 * The method the withdrawal goes to: the one the user chose when it still fits the channel, else the
 * first candidate (most users have one), else none.
 */
export function chosenPayout(candidates: readonly PickedMethod[], targetId: string): PickedMethod | null {
  return candidates.find((c) => String(c.id) === targetId) ?? candidates[0] ?? null;
}

/** Where the add forms return to once the method is saved. */
const WITHDRAW_PAGE = '/withdraw';

/**
 * Where to add the method a channel pays out to, pre-filled for it: an address of the channel's coin
 * and network, or a bank card (or fast-payment account); the form comes back to the withdrawal.
 */
export function addMethodLink(channel: FundingChannel): string {
  switch (channel.method) {
    case 'chain':
      return (
        `/add-wallet-address?coinId=${channel.vcId}` +
        `&chain=${encodeURIComponent(channelNetwork(channel))}&returnTo=${WITHDRAW_PAGE}`
      );
    case 'bank':
      return `/add-bank-card?returnTo=${WITHDRAW_PAGE}`;
    case 'zsk':
      return `/add-zsk-account?returnTo=${WITHDRAW_PAGE}`;
  }
}

/** One line of the withdrawal checklist: what it is, whether it is done, and where it is fixed. */
export interface WithdrawCheck {
  requirement: PaymentRequirement;
  /** `underReview`: the identity check was submitted and waits for an operator. */
  state: 'done' | 'missing' | 'underReview';
  label: { key: MessageKey; params?: MessageParams };
  /** The link's word: a method is added, anything else set up. */
  action: 'funding.check.add' | 'funding.check.setUp';
  target: string;
}

const REAL_NAME_CHECK: Record<RealNameStatus, WithdrawCheck['state']> = {
  NONE: 'missing',
  PENDING: 'underReview',
  APPROVED: 'done',
  REJECTED: 'missing',
};

/**
 * Everything a withdrawal through `channel` needs, in the server's order (funding-service.ts): a
 * fund password, a verified identity, a bound authenticator when `googleRequired`, and a bound method
 * the channel pays out to (`methodCount`).
 */
export function withdrawChecklist(
  channel: FundingChannel,
  user: Pick<UserInfo, 'hasFundPassword' | 'realNameStatus' | 'googleBound'>,
  googleRequired: boolean,
  methodCount: number,
): WithdrawCheck[] {
  const { kind } = PAYOUT_OF_METHOD[channel.method];
  const checks: WithdrawCheck[] = [
    {
      requirement: 'fundPassword',
      state: user.hasFundPassword ? 'done' : 'missing',
      label: { key: 'funding.check.fundPassword' },
      action: 'funding.check.setUp',
      target: '/bind-fund-password',
    },
    {
      requirement: 'realName',
      state: REAL_NAME_CHECK[user.realNameStatus],
      label: { key: 'funding.check.realName' },
      action: 'funding.check.setUp',
      target: '/real-name',
    },
  ];
  if (googleRequired) {
    checks.push({
      requirement: 'googleAuthenticator',
      state: user.googleBound ? 'done' : 'missing',
      label: { key: 'funding.check.googleAuthenticator' },
      action: 'funding.check.setUp',
      target: '/bind-google-validator',
    });
  }
  checks.push({
    requirement: kind,
    state: methodCount > 0 ? 'done' : 'missing',
    label:
      kind === 'WALLET_ADDRESS'
        ? {
            key: 'funding.check.WALLET_ADDRESS',
            params: { symbol: channel.symbol, network: channelNetwork(channel) },
          }
        : { key: kind === 'BANK_CARD' ? 'funding.check.BANK_CARD' : 'funding.check.ZSK_ACCOUNT' },
    action: 'funding.check.add',
    target: addMethodLink(channel),
  });
  return checks;
}

/** A withdrawal as the server takes it: the amount trimmed, the chosen method, the credentials. */
export function withdrawBody(
  values: WithdrawValues,
  channel: FundingChannel,
  payout: PickedMethod,
  googleBound: boolean,
) {
  return {
    channelId: channel.id,
    amount: values.amount.trim(),
    target: PAYOUT_OF_METHOD[channel.method].target,
    targetId: payout.id,
    ...credentialBody(values, googleBound, preHashPassword),
  };
}

/** "All": the available balance as a user would type it, within the decimals allowed. */
export function allAmount(available: string, scale: number): string {
  const text = truncateDecimal(available, scale);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * For withdrawals: an amount within the decimals allowed, the channel's limits and the
 * available balance (leaving something after the fee), a bound method chosen, the fund password, and
 * the 6-digit Google code when an authenticator is bound. The server checks all of it again.
 */
export function validateWithdraw(
  values: WithdrawValues,
  context: {
    channel: FundingChannel;
    /** The spot balance of the channel's currency; null while unknown (the server then decides). */
    available: string | null;
    payout: PickedMethod | null;
    googleBound: boolean;
    /** The wallet currency's scale, or fewer when the platform's rule says so (`amountDecimals`). */
    decimals: number;
  },
): FundingErrors<keyof WithdrawValues> {
  const { channel, available } = context;
  let amount = amountMessage(
    values.amount,
    { min: channel.min, max: channel.max, maxPrecision: context.decimals, scale: channel.walletScale },
    rangeHint('withdraw', channel),
  );
  if (!amount && available !== null) {
    // Compared at the finer of the two scales, so neither side is cut.
    const scale = Math.max(channel.walletScale, available.split('.')[1]?.length ?? 0);
    const typed = parseDecimal(values.amount.trim(), scale);
    const held = parseDecimal(available, scale);
    if (typed.ok && held.ok && typed.minor > held.minor) amount = { key: 'error.INSUFFICIENT_BALANCE' };
  }
  if (!amount && !withdrawPreview(values.amount, channel)?.positive)
    amount = { key: 'validation.amountWrong' };
  return collectMessages<keyof WithdrawValues>({
    amount,
    targetId: context.payout ? null : { key: 'validation.withdrawTarget' },
    fundPwd: keyOnly(required(values.fundPwd)),
    googleCode: context.googleBound ? keyOnly(googleCodeRule(values.googleCode)) : null,
  });
}

/** What the withdrawal screen does about a refused request, after correcting the stored user. */
export type WithdrawRefusalStep =
  /** Nothing more: the corrected user brings up the matching prompt instead of the form. */
  | 'prompt'
  /** The real-name verification is not approved (any more): say so and check its status again. */
  | 'realName'
  /** The balance is lower than the screen knew: the message goes under the amount, balances reload. */
  | 'balance'
  /** Any other refusal goes under its field, or in a toast when no field matches. */
  | 'field';

export interface WithdrawRefusal {
  /** The stored user corrected by what the refusal revealed; null when it stays as it is. */
  user: UserInfo | null;
  step: WithdrawRefusalStep;
}

/**
 * Reads a refused withdrawal. Some refusals show the stored user was out of date (no fund password,
 * an authenticator bound or unbound elsewhere); correcting it makes the screen show the matching
 * prompt or field.
 */
export function withdrawRefusal(code: string, user: UserInfo | null): WithdrawRefusal {
  if (code === 'FUND_PASSWORD_NOT_SET' && user) {
    return { user: { ...user, hasFundPassword: false }, step: 'prompt' };
  }
  if (code === 'GOOGLE_CODE_REQUIRED' && user && !user.googleBound) {
    return { user: { ...user, googleBound: true }, step: 'field' };
  }
  if (code === 'GOOGLE_NOT_BOUND' && user) return { user: { ...user, googleBound: false }, step: 'field' };
  if (code === 'REAL_NAME_REQUIRED') return { user: null, step: 'realName' };
  if (code === 'INSUFFICIENT_BALANCE') return { user: null, step: 'balance' };
  return { user: null, step: 'field' };
}

// ---- orders -------------------------------------------------------------------------------------

/** The status tabs of the order lists; `all` sends no status filter. */
export const ORDER_TABS = ['all', 'pending', 'approved', 'rejected'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/**
 * How each status reads: a credited deposit is "Approved", a paid-out withdrawal "Completed" (the
 * word people know from other exchanges); only withdrawals are ever cancelled.
 */
export const STATUS_LABEL: Record<Direction, Record<FundingStatus, MessageKey>> = {
  deposit: {
    pending: 'funding.status.pending',
    approved: 'funding.status.approved',
    rejected: 'funding.status.rejected',
    cancelled: 'funding.status.cancelled',
  },
  withdraw: {
    pending: 'funding.status.pending',
    approved: 'funding.status.completed',
    rejected: 'funding.status.rejected',
    cancelled: 'funding.status.cancelled',
  },
};

export function tabLabel(direction: Direction, tab: OrderTab): MessageKey {
  return tab === 'all' ? 'funding.status.all' : STATUS_LABEL[direction][tab];
}

export const METHOD_LABEL: Record<ChannelMethod, MessageKey> = {
  chain: 'funding.method.chain',
  bank: 'funding.method.bank',
  zsk: 'funding.method.zsk',
};

export function statusFilter(tab: OrderTab): { status?: FundingStatus } {
  return tab === 'all' ? {} : { status: tab };
}

export interface TimelineStep {
  state: 'submitted' | 'approved' | 'rejected' | 'cancelled' | 'waiting';
  /** When it happened; null for the review still to come. */
  at: number | null;
  note: { key: MessageKey; params: MessageParams } | null;
}

/**
 * An order's history as the detail shows it: submitted, then approved (a withdrawal with its payout
 * reference) or rejected with the operator's reason; a pending order ends with the review it waits for.
 */
export function timelineSteps(
  order: Pick<RechargeOrder | WithdrawOrder, 'status' | 'timeline'>,
): TimelineStep[] {
  const steps: TimelineStep[] = order.timeline.map((step) => {
    let note: TimelineStep['note'] = null;
    if (step.note && step.state === 'rejected')
      note = { key: 'identity.rejectReason', params: { reason: step.note } };
    else if (step.note && step.state === 'approved') {
      note = { key: 'funding.payoutReferenceValue', params: { reference: step.note } };
    }
    return { state: step.state, at: step.at, note };
  });
  if (order.status === 'pending') steps.push({ state: 'waiting', at: null, note: null });
  return steps;
}
