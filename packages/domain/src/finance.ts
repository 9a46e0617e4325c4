import { parseDecimal } from './decimal.ts';
import { platformAccount, userAccount } from './ledger/accounts.ts';
import { move, type BusinessRef, type EntryDraft, type Posting } from './ledger/entries.ts';

/**
 * Pledge finance's arithmetic (docs/product.md, "Pledge finance"). A product is a dual investment
 * on one coin against the settlement coin (USDT) with a linked price L and an annual rate r. The
 * principal is paid in the coin or in USDT (`buyType`) and locked for the term; at the end the first
 * recorded price at or after the end instant decides the currency of the payout:
 * - below L, the coin: the principal in coins (a USDT principal over L) × factor;
 * - at or above L, USDT: the principal in USDT (a coin principal × L) × factor;
 * with factor = 1 + term in days × r / 365. Each payout is computed exactly as a fraction and
 * truncated once, at the end, to the minor unit of its currency: the user receives at most one minor
 * unit less than the exact figure, never more. A fee (early redemption) rounds up, for the same
 * reason. Rounding happens here only.
 */

/** What the user pays with: the product's coin, or the settlement coin (USDT). */
export const FINANCE_BUY_TYPES = ['coin', 'usdt'] as const;
export type FinanceBuyType = (typeof FINANCE_BUY_TYPES)[number];

/** The unit of a product's term (`cycle` of them): days, or hours and minutes for short products. */
export const FINANCE_CYCLE_TYPES = ['day', 'hour', 'minute'] as const;
export type FinanceCycleType = (typeof FINANCE_CYCLE_TYPES)[number];

const CYCLE_UNIT_MS: Record<FinanceCycleType, number> = {
  day: 86_400_000,
  hour: 3_600_000,
  minute: 60_000,
};

/** Rates (the annual yield and the early-redemption fee rate) carry at most this many decimals. */
export const FINANCE_RATE_SCALE = 8;
const RATE_UNIT = 10n ** BigInt(FINANCE_RATE_SCALE);
const YEAR_MS = 365n * 86_400_000n;

/** A rate as units of 10^-FINANCE_RATE_SCALE; `max` bounds it (inclusive). */
export function financeRateUnits(rate: string, max: bigint = 10n * RATE_UNIT): bigint {
  const parsed = parseDecimal(rate, FINANCE_RATE_SCALE);
  if (!parsed.ok || parsed.minor < 0n || parsed.minor > max)
    throw new RangeError(`a finance rate must be a decimal from 0 to ${max} units, got ${rate}`);
  return parsed.minor;
}

/** The length of a term of `cycle` units, in milliseconds. */
export function financeTermMs(cycle: number, cycleType: FinanceCycleType): number {
  if (!Number.isSafeInteger(cycle) || cycle <= 0)
    throw new RangeError(`a term needs a positive cycle, got ${cycle}`);
  return cycle * CYCLE_UNIT_MS[cycleType];
}

/** The scales of one product's figures. */
export interface FinanceScales {
  /** Decimals of the coin's amounts. */
  readonly coin: number;
  /** Decimals of the settlement coin's amounts. */
  readonly settle: number;
  /** Decimals of the coin's prices (its ticks, and the linked price). */
  readonly price: number;
}

/** The terms an order was bought on, fixed at purchase. */
export interface FinanceTerms {
  readonly buyType: FinanceBuyType;
  /** The annual rate in units of 10^-FINANCE_RATE_SCALE. */
  readonly rateUnits: bigint;
  readonly termMs: number;
  /** The linked price, at the coin's price scale. */
  readonly linkedPriceMinor: bigint;
}

/** An exact non-negative fraction; the payouts are computed in these and truncated once. */
interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function truncate(value: Fraction): bigint {
  return value.numerator / value.denominator;
}

/** The interest factor 1 + term × rate / year, exactly. */
function factorOf(terms: FinanceTerms): Fraction {
  const denominator = YEAR_MS * RATE_UNIT;
  return { numerator: denominator + BigInt(terms.termMs) * terms.rateUnits, denominator };
}

/** `minor` units of the coin at the linked price, in USDT at its scale, exactly. */
function coinsInSettle(coinMinor: bigint, terms: FinanceTerms, scales: FinanceScales): Fraction {
  const shift = scales.coin + scales.price - scales.settle;
  const numerator = coinMinor * terms.linkedPriceMinor;
  return shift >= 0
    ? { numerator, denominator: 10n ** BigInt(shift) }
    : { numerator: numerator * 10n ** BigInt(-shift), denominator: 1n };
}

/** `minor` units of USDT at the linked price, in the coin at its scale, exactly. */
function settleInCoins(settleMinor: bigint, terms: FinanceTerms, scales: FinanceScales): Fraction {
  const shift = scales.coin + scales.price - scales.settle;
  return shift >= 0
    ? { numerator: settleMinor * 10n ** BigInt(shift), denominator: terms.linkedPriceMinor }
    : { numerator: settleMinor, denominator: terms.linkedPriceMinor * 10n ** BigInt(-shift) };
}

function times(a: Fraction, b: Fraction): Fraction {
  return { numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator };
}

/**
 * The principal in coins (`vcCount`): the amount itself when paid in the coin, the USDT amount over
 * the linked price (truncated) when paid in USDT. Shown with the order; the payouts use the exact
 * figure, so the truncation here never costs the user.
 */
export function pledgedCoins(terms: FinanceTerms, amountMinor: bigint, scales: FinanceScales): bigint {
  assertPositive(amountMinor, terms.linkedPriceMinor);
  return terms.buyType === 'coin' ? amountMinor : truncate(settleInCoins(amountMinor, terms, scales));
}

/** A settlement's payout: in which currency, how much, and the part of it that is income. */
export interface FinancePayout {
  readonly currency: 'coin' | 'usdt';
  readonly amountMinor: bigint;
  /**
   * The payout less the principal counted in the payout's currency at the linked price (truncated):
   * the interest the term earned.
   */
  readonly incomeMinor: bigint;
}

/** The principal counted in the coin or in USDT at the linked price, exactly. */
function principalIn(
  currency: 'coin' | 'usdt',
  terms: FinanceTerms,
  amountMinor: bigint,
  scales: FinanceScales,
): Fraction {
  if (terms.buyType === 'coin')
    return currency === 'coin'
      ? { numerator: amountMinor, denominator: 1n }
      : coinsInSettle(amountMinor, terms, scales);
  return currency === 'usdt'
    ? { numerator: amountMinor, denominator: 1n }
    : settleInCoins(amountMinor, terms, scales);
}

/**
 * What an order pays at its end when the settlement price is `settlePriceMinor`: below the linked
 * price in the coin, at or above it in USDT (docs/product.md, "Pledge finance").
 */
export function financePayout(
  terms: FinanceTerms,
  amountMinor: bigint,
  settlePriceMinor: bigint,
  scales: FinanceScales,
): FinancePayout {
  assertPositive(amountMinor, terms.linkedPriceMinor);
  if (settlePriceMinor <= 0n)
    throw new RangeError(`a settlement price must be positive, got ${settlePriceMinor}`);
  return payoutIn(settlePriceMinor < terms.linkedPriceMinor ? 'coin' : 'usdt', terms, amountMinor, scales);
}

/** The payout in `currency` (both are shown before a purchase, as the two possible outcomes). */
export function payoutIn(
  currency: 'coin' | 'usdt',
  terms: FinanceTerms,
  amountMinor: bigint,
  scales: FinanceScales,
): FinancePayout {
  const principal = principalIn(currency, terms, amountMinor, scales);
  const amount = truncate(times(principal, factorOf(terms)));
  return { currency, amountMinor: amount, incomeMinor: amount - truncate(principal) };
}

/** Early redemption: the principal back less the service fee (rounded up), no interest. */
export function redemptionFigures(
  amountMinor: bigint,
  serviceRateUnits: bigint,
): { feeMinor: bigint; refundMinor: bigint } {
  if (amountMinor <= 0n) throw new RangeError(`a principal must be positive, got ${amountMinor}`);
  if (serviceRateUnits < 0n || serviceRateUnits > RATE_UNIT)
    throw new RangeError(`a service rate must be from 0 to 1, got ${serviceRateUnits} units`);
  const product = amountMinor * serviceRateUnits;
  const feeMinor = product / RATE_UNIT + (product % RATE_UNIT === 0n ? 0n : 1n);
  return { feeMinor, refundMinor: amountMinor - feeMinor };
}

function assertPositive(amountMinor: bigint, linkedPriceMinor: bigint): void {
  if (amountMinor <= 0n) throw new RangeError(`a principal must be positive, got ${amountMinor}`);
  if (linkedPriceMinor <= 0n)
    throw new RangeError(`a linked price must be positive, got ${linkedPriceMinor}`);
}

/** A purchase: the principal leaves the spot account for the finance holding account. */
export function financeBuyEntry(
  order: BusinessRef,
  userId: number,
  vcId: number,
  amountMinor: bigint,
): EntryDraft {
  return {
    type: 'finance_buy',
    vcId,
    ...order,
    postings: move(userAccount(userId, vcId, 'spot'), userAccount(userId, vcId, 'finance_hold'), amountMinor),
  };
}

/**
 * An early redemption: the whole principal back to spot, then the service fee from spot to fees, as
 * two entries posted together, so the user's bills show the redemption and the fee each on its own
 * line.
 */
export function financeRedeemEntries(
  order: BusinessRef,
  userId: number,
  vcId: number,
  amountMinor: bigint,
  feeMinor: bigint,
): EntryDraft[] {
  const spot = userAccount(userId, vcId, 'spot');
  const entries: EntryDraft[] = [
    {
      type: 'finance_redeem',
      vcId,
      ...order,
      postings: move(userAccount(userId, vcId, 'finance_hold'), spot, amountMinor),
    },
  ];
  if (feeMinor > 0n)
    entries.push({
      type: 'finance_fee',
      vcId,
      ...order,
      postings: move(spot, platformAccount(vcId, 'fees'), feeMinor),
    });
  return entries;
}

/** What the settlement entry needs of one order. */
export interface SettledPledge {
  readonly orderId: number;
  readonly userId: number;
  /** The currency of the principal and of the payout, by id. */
  readonly principalVcId: number;
  readonly amountMinor: bigint;
  readonly payoutVcId: number;
  readonly payoutMinor: bigint;
}

/**
 * The settlement of the orders that ended together on one product coin: each payout reaches its
 * owner's spot account on a posting naming the order, each owner's finance holding gives up the
 * principals of their orders in the batch on one posting per currency (a user's bill then shows
 * one release per settlement and one payout per order, and the entry stays about one posting per
 * order, which is what lets a mass expiry settle quickly), and the house takes the principals and
 * pays the payouts, one posting per currency. An order paid in the other currency than its
 * principal is an exchange with the house, so the entry may hold postings in both the coin and
 * USDT, each balanced on its own (decision 046).
 */
export function financeSettlementEntry(
  batch: BusinessRef,
  coinVcId: number,
  orders: readonly SettledPledge[],
): EntryDraft | undefined {
  if (orders.length === 0) return undefined;
  const payouts: Posting[] = [];
  const held = new Map<number, Map<number, bigint>>();
  const net = new Map<number, bigint>();
  for (const order of orders) {
    if (order.amountMinor <= 0n)
      throw new RangeError(`a principal must be positive, got ${order.amountMinor}`);
    if (order.payoutMinor < 0n) throw new RangeError(`a payout cannot be negative, got ${order.payoutMinor}`);
    let byCurrency = held.get(order.userId);
    if (!byCurrency) held.set(order.userId, (byCurrency = new Map()));
    byCurrency.set(order.principalVcId, (byCurrency.get(order.principalVcId) ?? 0n) + order.amountMinor);
    net.set(order.principalVcId, (net.get(order.principalVcId) ?? 0n) - order.amountMinor);
    if (order.payoutMinor === 0n) continue;
    payouts.push({
      account: userAccount(order.userId, order.payoutVcId, 'spot'),
      amountMinor: order.payoutMinor,
      ref: { refType: 'finance_order', refId: order.orderId },
    });
    net.set(order.payoutVcId, (net.get(order.payoutVcId) ?? 0n) + order.payoutMinor);
  }
  const postings: Posting[] = [];
  for (const [userId, byCurrency] of held)
    for (const [vcId, amount] of byCurrency)
      postings.push({ account: userAccount(userId, vcId, 'finance_hold'), amountMinor: -amount });
  for (const payout of payouts) postings.push(payout);
  for (const [vcId, sum] of net)
    if (sum !== 0n) postings.push({ account: platformAccount(vcId, 'house'), amountMinor: -sum });
  // The entry is in the coin whenever a posting is; a batch of USDT principals paid in USDT is not.
  const vcId = postings.some((p) => p.account.vcId === coinVcId)
    ? coinVcId
    : (postings[0]?.account.vcId ?? coinVcId);
  return { type: 'finance_settlement', vcId, ...batch, postings };
}
