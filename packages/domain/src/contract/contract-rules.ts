import { platformAccount, userAccount } from '../ledger/accounts.ts';
import type { BusinessRef, EntryDraft, Posting } from '../ledger/entries.ts';
import { feeOf, quoteOf, type SpotScales } from '../spot/spot-rules.ts';

/**
 * Contract trading's arithmetic, the one module every figure comes from: the placement check, the
 * estimate on the order screen, the positions list and the engine (docs/product.md, "Contracts").
 *
 * The spec's rules: margin = open price × quantity / leverage; equity = margin + floating profit and
 * loss + available amount; risk degree = margin / equity; caution above 50 %; forced closing when
 * the risk degree reaches 100 % less the system adjustment ratio. The account is the unit of risk:
 * margin, profit and loss and equity are summed over all of a user's positions, in every coin, and
 * the available amount is the balance of their contract account.
 *
 * All figures are minor units: prices at the coin's price scale, quantities at its amount scale,
 * money at the settlement coin's (USDT) scale. The rounding rule, written once: every division
 * rounds in the house's favour by less than one minor unit. Margin and fees round up; profit and
 * loss rounds down (towards minus infinity, so a loss grows by the rounding); a released share of
 * margin rounds down, the remainder staying with the position until its last close.
 */

export const CONTRACT_SIDES = ['long', 'short'] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];

export const CONTRACT_KINDS = ['market', 'limit'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** The scales of one coin's contracts: the same three as spot's. */
export type ContractScales = SpotScales;

/** Risk degrees and levels are basis points: 10,000 is 100 %. */
export const RISK_UNIT = 10_000n;
/** The spec's caution level: a risk degree above it is highlighted. */
export const CAUTION_RISK = 5_000n;
/**
 * The risk degree shown when the equity is zero or below: the account is past liquidation, and the
 * ratio has no meaning. Larger than any level.
 */
export const EQUITY_GONE_RISK = 10n ** 12n;

function divide(numerator: bigint, denominator: bigint, round: 'up' | 'down'): bigint {
  // BigInt division truncates towards zero; floor and ceiling are one step away for the other sign.
  const quotient = numerator / denominator;
  if (quotient * denominator === numerator) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  if (round === 'down') return negative ? quotient - 1n : quotient;
  return negative ? quotient : quotient + 1n;
}

/** 10^(quantity + price - quote): quantity × price over it is an amount of the settlement coin. */
function quoteDivisor(scales: ContractScales): bigint {
  const shift = scales.quantity + scales.price - scales.quote;
  if (shift < 0) throw new RangeError('contract scales must give the product more decimals than money');
  return 10n ** BigInt(shift);
}

/** +1 for a long (it gains when the price rises), -1 for a short. */
export function direction(side: ContractSide): bigint {
  return side === 'long' ? 1n : -1n;
}

/**
 * The forced-close level for a system adjustment ratio (both in basis points): 100 % less the ratio,
 * so 1,000 (10 %) gives 9,000 (90 %). The ratio is below 100 %: a level of zero would close every
 * position at once.
 */
export function forcedCloseLevel(adjustment: bigint): bigint {
  if (adjustment < 0n || adjustment >= RISK_UNIT)
    throw new RangeError(`the adjustment ratio must be from 0 to below 100 %, got ${adjustment} bp`);
  return RISK_UNIT - adjustment;
}

/** Margin = open price × quantity / leverage, rounded up. */
export function marginOf(price: bigint, quantity: bigint, leverage: number, scales: ContractScales): bigint {
  if (!Number.isSafeInteger(leverage) || leverage < 1)
    throw new RangeError(`leverage must be a whole number from 1, got ${leverage}`);
  if (price <= 0n || quantity <= 0n) throw new RangeError('margin needs a price and a quantity');
  return divide(price * quantity, quoteDivisor(scales) * BigInt(leverage), 'up');
}

/** The fee on opening or closing `quantity` at `price`: the rate on the value, rounded up. */
export function tradeFee(price: bigint, quantity: bigint, rateUnits: bigint, scales: ContractScales): bigint {
  return feeOf(quoteOf(quantity, price, scales, 'up'), rateUnits);
}

/** A position's profit or loss at `mark`: direction × (mark - entry) × quantity, rounded down. */
export function profitOf(
  side: ContractSide,
  entryPrice: bigint,
  mark: bigint,
  quantity: bigint,
  scales: ContractScales,
): bigint {
  return divide(direction(side) * (mark - entryPrice) * quantity, quoteDivisor(scales), 'down');
}

/** What risk needs of a position. */
export interface RiskPosition {
  readonly coinId: number;
  readonly side: ContractSide;
  readonly quantity: bigint;
  readonly entryPrice: bigint;
  readonly margin: bigint;
  readonly scales: ContractScales;
}

/** An account as risk sees it: its positions and its available amount (the contract balance). */
export interface RiskAccount {
  readonly available: bigint;
  readonly positions: readonly RiskPosition[];
}

/** A coin's latest recorded price; risk asks it only for coins the account holds positions in. */
export type Marks = (coinId: number) => bigint;

export interface RiskFigures {
  readonly margin: bigint;
  readonly profit: bigint;
  readonly equity: bigint;
  /** Margin / equity in basis points, rounded down; EQUITY_GONE_RISK when the equity is gone. */
  readonly risk: bigint;
}

/**
 * One coin's floating profit and loss for the account: the positions' exact sum, rounded down once.
 * Rounding the sum (not each position) keeps it monotonic in the price, which is what lets the
 * forced-close price be exact; a position's own figure (`profitOf`) may differ by the rounding.
 */
function coinProfit(positions: readonly RiskPosition[], coinId: number, mark: bigint): bigint {
  let exact = 0n;
  let scales: ContractScales | null = null;
  for (const p of positions) {
    if (p.coinId !== coinId) continue;
    scales ??= p.scales;
    exact += direction(p.side) * (mark - p.entryPrice) * p.quantity;
  }
  return scales ? divide(exact, quoteDivisor(scales), 'down') : 0n;
}

function coinsOf(positions: readonly RiskPosition[]): number[] {
  return [...new Set(positions.map((p) => p.coinId))];
}

/** Margin / equity in basis points, rounded down. */
export function riskOf(margin: bigint, equity: bigint): bigint {
  if (margin === 0n) return 0n;
  if (equity <= 0n) return EQUITY_GONE_RISK;
  return (margin * RISK_UNIT) / equity;
}

/** The account's margin, floating profit and loss, equity and risk degree at `marks`. */
export function riskFigures(account: RiskAccount, marks: Marks): RiskFigures {
  let margin = 0n;
  for (const p of account.positions) margin += p.margin;
  let profit = 0n;
  for (const coinId of coinsOf(account.positions))
    profit += coinProfit(account.positions, coinId, marks(coinId));
  const equity = margin + profit + account.available;
  return { margin, profit, equity, risk: riskOf(margin, equity) };
}

/**
 * Whether a risk degree has reached `level` (basis points). The rounded-down degree reaches an
 * integer level exactly when the exact ratio does, so this is margin × 10,000 ≥ level × equity, and
 * an account whose equity is gone has reached every level.
 */
export function reachesLevel(figures: Pick<RiskFigures, 'margin' | 'equity'>, level: bigint): boolean {
  return figures.margin > 0n && figures.margin * RISK_UNIT >= level * figures.equity;
}

/** Where a tick of one coin forces the account closed: at or below `price` (net long) or above. */
export interface ForcedClosePrice {
  readonly coinId: number;
  /** 'below': a tick at or below `price` reaches the level; 'above': at or above it. */
  readonly fires: 'below' | 'above';
  readonly price: bigint;
}

/**
 * The price of `coinId` at which the account's risk degree reaches `level`, the other coins staying
 * at their marks; null when no positive price of the coin does (no net quantity in it, or a net
 * long that stays safe down to zero). Exact: with P the coin's profit and R the most it may be
 * while the level is still not reached, the level is reached when P ≤ R, and P = floor(x / D) ≤ R
 * exactly when x ≤ (R + 1)·D - 1, x being linear in the price.
 */
export function forcedClosePrice(
  account: RiskAccount,
  coinId: number,
  marks: Marks,
  level: bigint,
): ForcedClosePrice | null {
  let margin = 0n;
  let net = 0n;
  let cost = 0n;
  let scales: ContractScales | null = null;
  for (const p of account.positions) {
    margin += p.margin;
    if (p.coinId !== coinId) continue;
    scales ??= p.scales;
    net += direction(p.side) * p.quantity;
    cost += direction(p.side) * p.quantity * p.entryPrice;
  }
  if (!scales || net === 0n || margin === 0n) return null;
  let others = 0n;
  for (const other of coinsOf(account.positions))
    if (other !== coinId) others += coinProfit(account.positions, other, marks(other));
  // Equity E reaches the level when margin × 10,000 ≥ level × E, i.e. E ≤ floor(margin × 10,000 / level).
  const most = (margin * RISK_UNIT) / level - margin - account.available - others;
  const bound = (most + 1n) * quoteDivisor(scales) - 1n + cost;
  if (net > 0n) {
    const price = divide(bound, net, 'down');
    return price > 0n ? { coinId, fires: 'below', price } : null;
  }
  const price = divide(bound, net, 'up');
  return { coinId, fires: 'above', price: price < 1n ? 1n : price };
}

/** What a close of `quantity` of a position at `price` settles. */
export interface CloseFigures {
  readonly quantity: bigint;
  readonly price: bigint;
  readonly profit: bigint;
  readonly fee: bigint;
  /** The share of the position's margin the close frees: all of it on the last close. */
  readonly margin: bigint;
}

export interface ClosingPosition {
  readonly side: ContractSide;
  readonly quantity: bigint;
  readonly entryPrice: bigint;
  readonly margin: bigint;
  readonly closeRate: bigint;
  readonly scales: ContractScales;
}

/** The figures of closing `quantity` (at most what is open) of `position` at `price`. */
export function closeFigures(position: ClosingPosition, quantity: bigint, price: bigint): CloseFigures {
  if (quantity <= 0n || quantity > position.quantity)
    throw new RangeError(`a close must be of 1 to ${position.quantity} units, got ${quantity}`);
  const margin =
    quantity === position.quantity ? position.margin : (position.margin * quantity) / position.quantity;
  return {
    quantity,
    price,
    profit: profitOf(position.side, position.entryPrice, price, quantity, position.scales),
    fee: tradeFee(price, quantity, position.closeRate, position.scales),
    margin,
  };
}

/**
 * How closing positions together pays out (docs/product.md, "Forced closing"): the account's
 * available amount, the freed margins and holds and the profits make what the account has; the
 * fees come out of it as far as it goes; what it lacks after a gap (a shortfall) is the insurance
 * account's, so no user balance goes below zero.
 */
export interface Payout {
  /** The contract account's balance afterwards. */
  readonly available: bigint;
  /** Fees charged: the closes' fees, or what was left for them. */
  readonly fee: bigint;
  /** What the insurance account pays the house because the account could not. */
  readonly shortfall: bigint;
}

export function payoutOf(available: bigint, freed: bigint, profit: bigint, fees: bigint): Payout {
  const before = available + freed + profit;
  if (before >= fees) return { available: before - fees, fee: fees, shortfall: 0n };
  if (before >= 0n) return { available: 0n, fee: before, shortfall: 0n };
  return { available: 0n, fee: 0n, shortfall: -before };
}

/** The ledger's view of contract money: the contract account and the margin it has locked. */
function contractPostings(userId: number, vcId: number) {
  const postings: Posting[] = [];
  const add = (account: Posting['account'], amountMinor: bigint, ref?: BusinessRef) => {
    if (amountMinor !== 0n) postings.push(ref ? { account, amountMinor, ref } : { account, amountMinor });
  };
  return {
    postings,
    available: (amount: bigint) => add(userAccount(userId, vcId, 'contract'), amount),
    margin: (amount: bigint) => add(userAccount(userId, vcId, 'margin'), amount),
    house: (amount: bigint) => add(platformAccount(vcId, 'house'), amount),
    fees: (amount: bigint) => add(platformAccount(vcId, 'fees'), amount),
    insurance: (amount: bigint) => add(platformAccount(vcId, 'insurance'), amount),
  };
}

/** A limit order sets its margin and opening fee aside at placement: contract -> margin. */
export function contractHoldEntry(
  order: BusinessRef,
  userId: number,
  vcId: number,
  hold: bigint,
): EntryDraft {
  if (hold <= 0n) throw new RangeError(`a contract hold must be positive, got ${hold}`);
  const book = contractPostings(userId, vcId);
  book.available(-hold);
  book.margin(hold);
  return { type: 'contract_hold', vcId, ...order, postings: book.postings };
}

/** A cancelled (or refused) limit order gives its hold back: margin -> contract. */
export function contractReleaseEntry(
  order: BusinessRef,
  userId: number,
  vcId: number,
  hold: bigint,
): EntryDraft {
  if (hold <= 0n) throw new RangeError(`a contract release must be positive, got ${hold}`);
  const book = contractPostings(userId, vcId);
  book.margin(-hold);
  book.available(hold);
  return { type: 'contract_release', vcId, ...order, postings: book.postings };
}

/**
 * An order opens its position: the margin is locked and the fee paid, from what the limit order
 * held (exactly margin + fee at its limit) or, for a market order, from the available amount.
 */
export function contractOpenEntry(
  order: BusinessRef,
  open: { userId: number; vcId: number; margin: bigint; fee: bigint; held: bigint },
): EntryDraft {
  const { userId, vcId, margin, fee, held } = open;
  if (held !== 0n && held !== margin + fee) throw new RangeError('a limit open must spend exactly its hold');
  const book = contractPostings(userId, vcId);
  if (held === 0n) {
    book.available(-(margin + fee));
    book.margin(margin);
  } else book.margin(-fee);
  book.fees(fee);
  return { type: 'contract_open', vcId, ...order, postings: book.postings };
}

/**
 * A close by the user, a take-profit or a stop-loss: the freed margin returns, the profit comes from
 * the house or the loss goes to it, the fee to fees. The account must be able to pay (the engine
 * closes the whole account instead when it cannot).
 */
export function contractCloseEntry(
  close: BusinessRef,
  userId: number,
  vcId: number,
  figures: CloseFigures,
): EntryDraft {
  const book = contractPostings(userId, vcId);
  book.margin(-figures.margin);
  book.available(figures.margin + figures.profit - figures.fee);
  book.house(-figures.profit);
  book.fees(figures.fee);
  return { type: 'contract_close', vcId, ...close, postings: book.postings };
}

/**
 * A forced close of a whole account: every margin and hold is freed, the positions' profits and
 * losses settle with the house, the fees are charged as far as the account can pay them, and a
 * shortfall comes from the insurance account: the house always receives the whole loss. One entry,
 * naming the forced-close row.
 */
export function contractForcedEntry(
  forced: BusinessRef,
  account: { userId: number; vcId: number; available: bigint; freed: bigint; profit: bigint },
  payout: Payout,
): EntryDraft {
  const book = contractPostings(account.userId, account.vcId);
  book.margin(-account.freed);
  book.available(payout.available - account.available);
  book.house(-account.profit);
  book.fees(payout.fee);
  book.insurance(-payout.shortfall);
  return { type: 'contract_forced', vcId: account.vcId, ...forced, postings: book.postings };
}
