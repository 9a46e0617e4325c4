import type { FinanceOrder, FinanceProduct } from '@vela/contract';
import {
  checkAmount,
  financeRateUnits,
  financeTermMs,
  FINANCE_RATE_SCALE,
  formatMinor,
  parseDecimal,
  payoutIn,
  rebatePercent,
  redemptionFigures,
  truncateDecimal,
  type FinanceCycleType,
  type FinanceScales,
  type FinanceTerms,
} from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import { decimalsOf, shownAmount, shownPrice } from '../../lib/amount-text.ts';

/**
 * The pledge finance screens' figures and rules as pure functions, so they are tested without a
 * browser. The payouts come from the domain's own arithmetic (`payoutIn`), the one the server books
 * with, so the two outcomes shown before a purchase are the figures the order will carry; nothing
 * here has a formula of its own. Money stays in decimal strings and bigint minor units throughout.
 */

/** A product's figures the arithmetic reads. */
export type ProductTerms = Pick<
  FinanceProduct,
  'buyType' | 'rateStr' | 'cycle' | 'cycleType' | 'exchangeRate' | 'amountDecimals'
>;

export { decimalsOf, shownAmount, shownPrice };

/**
 * A figure put inside a translated sentence, isolated left to right (U+2066 … U+2069), so that in an
 * Arabic sentence "60,000.00 USDT" keeps its order and its digits.
 */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/** An annual rate as a percentage, without float arithmetic ("0.12" -> "12", "0.085" -> "8.5"). */
export function yieldPercent(rate: string): string {
  return rebatePercent(rate);
}

const TERM_LABEL: Record<FinanceCycleType, MessageKey> = {
  day: 'timing.periodDays',
  hour: 'timing.periodHours',
  minute: 'timing.periodMinutes',
};

/** A term as the product states it: "7d", "12h", "30min". */
export function termLabel(
  cycle: number,
  cycleType: FinanceCycleType,
): { key: MessageKey; params: MessageParams } {
  return { key: TERM_LABEL[cycleType], params: { count: cycle } };
}

/** The linked price's scale: the server sends it with exactly the coin's price decimals. */
function priceScaleOf(product: Pick<FinanceProduct, 'exchangeRate'>): number {
  return decimalsOf(product.exchangeRate);
}

/** The terms of the domain's arithmetic, read from a product or an order. */
export function financeTermsOf(
  product: Pick<FinanceProduct, 'buyType' | 'rateStr' | 'cycle' | 'cycleType' | 'exchangeRate'>,
): FinanceTerms {
  const price = parseDecimal(product.exchangeRate, priceScaleOf(product));
  if (!price.ok) throw new RangeError(`not a linked price: ${product.exchangeRate}`);
  return {
    buyType: product.buyType,
    rateUnits: financeRateUnits(product.rateStr),
    termMs: financeTermMs(product.cycle, product.cycleType),
    linkedPriceMinor: price.minor,
  };
}

/**
 * The three scales of a product: the currency paid in has `amountDecimals`, the linked price its own
 * decimals, and the other currency (USDT for a coin product, the coin for a USDT product) the scale
 * the wallet lists it with; null until that is known.
 */
export function financeScalesOf(product: ProductTerms, otherScale: number | null): FinanceScales | null {
  if (otherScale === null) return null;
  const price = priceScaleOf(product);
  return product.buyType === 'coin'
    ? { coin: product.amountDecimals, settle: otherScale, price }
    : { coin: otherScale, settle: product.amountDecimals, price };
}

/** One possible end: what is paid, and the part of it that is income, in the payout's currency. */
export interface FinanceOutcome {
  amount: string;
  income: string;
}

/** Both ends of a principal: below the linked price (paid in the coin), at or above (in USDT). */
export interface FinanceOutcomes {
  coin: FinanceOutcome;
  usdt: FinanceOutcome;
}

/** The two payouts of `amountMinor` (in the currency paid in), exactly as the server computes them. */
export function financeOutcomes(
  product: ProductTerms,
  amountMinor: bigint,
  scales: FinanceScales,
): FinanceOutcomes {
  const terms = financeTermsOf(product);
  const outcome = (currency: 'coin' | 'usdt'): FinanceOutcome => {
    const payout = payoutIn(currency, terms, amountMinor, scales);
    const scale = currency === 'coin' ? scales.coin : scales.settle;
    return { amount: formatMinor(payout.amountMinor, scale), income: formatMinor(payout.incomeMinor, scale) };
  };
  return { coin: outcome('coin'), usdt: outcome('usdt') };
}

/** A typed amount in minor units of the currency paid in; null while it is empty, malformed or zero. */
export function typedMinor(text: string, decimals: number): bigint | null {
  const parsed = parseDecimal(text.trim(), decimals);
  return parsed.ok && parsed.minor > 0n ? parsed.minor : null;
}

/** The outcomes of what is typed, following every key press; null until it is a positive amount. */
export function liveOutcomes(
  product: ProductTerms,
  typed: string,
  scales: FinanceScales | null,
): FinanceOutcomes | null {
  const minor = typedMinor(typed, product.amountDecimals);
  return minor === null || scales === null ? null : financeOutcomes(product, minor, scales);
}

/** Whether `a` (a decimal text) is below `b`, compared at `scale`. */
function below(a: string, b: string, scale: number): boolean {
  const x = parseDecimal(a, scale);
  const y = parseDecimal(b, scale);
  return x.ok && y.ok && x.minor < y.minor;
}

/**
 * The principal of the worked example in the disclosure: a round figure (100 USDT, or 1 coin), or the
 * product's minimum when the round figure is outside its limits, so the example is one a user could buy.
 */
export function exampleAmount(
  product: Pick<FinanceProduct, 'buyType' | 'minAmount' | 'maxAmount' | 'amountDecimals'>,
): string {
  const round = product.buyType === 'usdt' ? '100' : '1';
  const scale = product.amountDecimals;
  const tooSmall = below(round, product.minAmount, scale);
  const tooLarge = product.maxAmount !== null && below(product.maxAmount, round, scale);
  return tooSmall || tooLarge ? plainAmount(product.minAmount) : round;
}

/** A decimal text without trailing fraction zeros, as a user would type it ("50.000000" -> "50"). */
export function plainAmount(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** "All": the available balance as a user would type it, within the decimals allowed. */
export function allAmount(available: string, decimals: number): string {
  return plainAmount(truncateDecimal(available, decimals));
}

/**
 * A message for the form: a catalogue key with its values; `range` is a second message (the "Min X,
 * Max Y" hint) that fills the `{{range}}` placeholder once translated.
 */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
  range?: { key: MessageKey; params: MessageParams };
}

/** The "Min X, Max Y" (or "Min X, Uncapped") hint of a product, in the currency paid in. */
export function rangeHint(product: Pick<FinanceProduct, 'minAmount' | 'maxAmount'>): {
  key: MessageKey;
  params: MessageParams;
} {
  const min = shownAmount(product.minAmount);
  return product.maxAmount === null
    ? { key: 'validation.rangeMinUncapped', params: { min } }
    : { key: 'validation.rangeMinMax', params: { min, max: shownAmount(product.maxAmount) } };
}

function amountRuleMessage(error: string, decimals: number, product: FinanceProduct): FieldMessage {
  if (error === 'amountEmpty') return { key: 'validation.amountEmpty' };
  if (error === 'amountPrecision') return { key: 'validation.amountPrecision', params: { decimals } };
  if (error === 'amountOutOfRange') return { key: 'validation.amountOutOfRange', range: rangeHint(product) };
  return { key: 'validation.amountWrong' };
}

/**
 * The amount of a purchase, in the server's order: given, well formed, within the decimals allowed
 * (`decimals`: the currency's, or fewer when the platform's rule says so), within the product's
 * limits, within its remaining quota, and within the available balance (when known; otherwise the
 * server decides). The server checks all of it again.
 */
export function checkFinanceAmount(input: {
  product: FinanceProduct;
  amount: string;
  decimals: number;
  available: string | null;
}): FieldMessage | null {
  const { product, amount, decimals, available } = input;
  const scale = product.amountDecimals;
  const limits = { min: product.minAmount, max: product.maxAmount, maxPrecision: decimals, scale };
  const check = checkAmount(amount, limits);
  if (!check.ok) return amountRuleMessage(check.error, decimals, product);
  const remaining = parseDecimal(product.remaining, scale);
  if (remaining.ok && check.minor > remaining.minor) {
    const params = { remaining: shownAmount(product.remaining), symbol: product.buySymbol };
    return { key: 'error.FINANCE_QUOTA_EXHAUSTED', params };
  }
  if (available !== null) {
    // Compared at the finer of the two scales, so neither side is cut.
    const held = parseDecimal(available, Math.max(scale, decimalsOf(available)));
    const typed = parseDecimal(amount.trim(), Math.max(scale, decimalsOf(available)));
    if (held.ok && typed.ok && typed.minor > held.minor) return { key: 'error.INSUFFICIENT_BALANCE' };
  }
  return null;
}

/**
 * How much of the quota is sold, in whole percent from 0 to 100 (rounded down, so a product shows
 * 100 % only once nothing is left), for the progress bar.
 */
export function quotaSoldPercent(product: Pick<FinanceProduct, 'quota' | 'remaining'>): number {
  const scale = Math.max(decimalsOf(product.quota), decimalsOf(product.remaining));
  const quota = parseDecimal(product.quota, scale);
  const remaining = parseDecimal(product.remaining, scale);
  if (!quota.ok || !remaining.ok || quota.minor <= 0n) return 0;
  const sold = quota.minor > remaining.minor ? quota.minor - remaining.minor : 0n;
  return Number((sold * 100n) / quota.minor);
}

/** Whether nothing of the quota is left to buy. */
export function soldOut(product: Pick<FinanceProduct, 'remaining'>): boolean {
  return !/[1-9]/.test(product.remaining);
}

/** The products of one coin, under its tab. */
export interface CoinProducts {
  vcId: number;
  symbol: string;
  products: FinanceProduct[];
}

/** The products grouped by coin, the coins in the order their first product comes (the server's sort). */
export function groupByCoin(products: readonly FinanceProduct[]): CoinProducts[] {
  const groups = new Map<number, CoinProducts>();
  for (const product of products) {
    let group = groups.get(product.vcId);
    if (!group)
      groups.set(product.vcId, (group = { vcId: product.vcId, symbol: product.symbol, products: [] }));
    group.products.push(product);
  }
  return [...groups.values()];
}

/**
 * Early redemption of a holding order: the fee (the service rate of the principal, rounded up) and
 * what comes back, in the currency paid in, by the domain's own rule.
 */
export function redeemFigures(order: Pick<FinanceOrder, 'amount' | 'serviceRateStr'>): {
  fee: string;
  refund: string;
} {
  const scale = decimalsOf(order.amount);
  const amount = parseDecimal(order.amount, scale);
  if (!amount.ok) throw new RangeError(`not an amount: ${order.amount}`);
  const rateUnits = financeRateUnits(order.serviceRateStr, 10n ** BigInt(FINANCE_RATE_SCALE));
  const { feeMinor, refundMinor } = redemptionFigures(amount.minor, rateUnits);
  return { fee: formatMinor(feeMinor, scale), refund: formatMinor(refundMinor, scale) };
}

/** Whether an order may still be redeemed: it is holding and its end instant has not passed. */
export function canRedeem(order: Pick<FinanceOrder, 'state' | 'calcEndDate'>, nowMs: number): boolean {
  return order.state === 'holding' && nowMs < order.calcEndDate;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time left until an order's end: whole days, then a clock ("2d 03:04:05" is { days: 2,
 * clock: "03:04:05" }). Seconds are rounded up, so "00:00:01" shows until the very end.
 */
export function countdownParts(remainingMs: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}` };
}

export const ORDER_STATE_LABEL: Record<FinanceOrder['state'], MessageKey> = {
  holding: 'finance.state.holding',
  redeemed: 'finance.state.redeemed',
  settled: 'finance.state.settled',
};

/** Which form field a refused purchase concerns; null for a refusal shown as a toast. */
export function refusedField(code: string, field: string | null): 'amount' | 'fundPwd' | null {
  if (field === 'fundPwd' || code.startsWith('FUND_PASSWORD_')) return 'fundPwd';
  if (field === 'amount') return 'amount';
  if (code === 'INSUFFICIENT_BALANCE' || code === 'FINANCE_QUOTA_EXHAUSTED' || code === 'AMOUNT_INVALID')
    return 'amount';
  return null;
}
