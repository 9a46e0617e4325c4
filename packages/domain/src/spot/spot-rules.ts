import { parseDecimal } from '../decimal.ts';
import { platformAccount, userAccount } from '../ledger/accounts.ts';
import { move, type BusinessRef, type EntryDraft, type Posting } from '../ledger/entries.ts';
import type { SpotSide } from '../trigger-book.ts';

/**
 * Spot trading's arithmetic (docs/product.md, "Spot orders"). The platform is the broker: a buy
 * pays USDT to the house and receives the coin from it, a sell the reverse, at a price of the
 * recorded feed. All figures are minor units:
 * - prices at the coin's price scale (the scale of its ticks);
 * - quantities at the coin's amount scale (the scale of its wallet);
 * - quote amounts (USDT) at the settlement coin's amount scale.
 * Every rounding favours the house by less than one minor unit and is done here only: a buy's cost
 * rounds up, a sell's proceeds round down, a fee rounds up, and a buy's quantity is the largest
 * whole step whose cost and fee fit in the amount the buyer set aside.
 */

export const SPOT_KINDS = ['market', 'limit'] as const;
export type SpotKind = (typeof SPOT_KINDS)[number];

/** Fee rates carry at most this many decimals ("0.001" is 0.1 % of the quote amount). */
export const FEE_RATE_SCALE = 8;
const FEE_UNIT = 10n ** BigInt(FEE_RATE_SCALE);

/** The scales of one coin's spot trading. */
export interface SpotScales {
  /** Decimals of the coin's prices (its ticks). */
  readonly price: number;
  /** Decimals of the coin's wallet amounts. */
  readonly quantity: number;
  /** Decimals of the settlement coin's amounts. */
  readonly quote: number;
}

/** A fee rate as a fraction of the quote amount, in units of 10^-FEE_RATE_SCALE. */
export function feeRateUnits(rate: string): bigint {
  const parsed = parseDecimal(rate, FEE_RATE_SCALE);
  if (!parsed.ok || parsed.minor < 0n || parsed.minor >= FEE_UNIT)
    throw new RangeError(`a fee rate must be a decimal from 0 up to 1, got ${rate}`);
  return parsed.minor;
}

function divide(numerator: bigint, denominator: bigint, round: 'up' | 'down'): bigint {
  const quotient = numerator / denominator;
  return round === 'up' && quotient * denominator !== numerator ? quotient + 1n : quotient;
}

/** `quantity` of the coin at `price`, in the settlement coin, rounded as asked. */
export function quoteOf(quantity: bigint, price: bigint, scales: SpotScales, round: 'up' | 'down'): bigint {
  const shift = scales.quantity + scales.price - scales.quote;
  const product = quantity * price;
  return shift >= 0 ? divide(product, 10n ** BigInt(shift), round) : product * 10n ** BigInt(-shift);
}

/**
 * The average price paid per coin: `cost` (settlement coin) over `quantity`, at the coin's price
 * scale, truncated (the inverse of `quoteOf`).
 */
export function averagePrice(cost: bigint, quantity: bigint, scales: SpotScales): bigint {
  if (quantity <= 0n) throw new RangeError(`an average price needs a quantity, got ${quantity}`);
  const shift = scales.quantity + scales.price - scales.quote;
  const scaled = shift >= 0 ? cost * 10n ** BigInt(shift) : cost / 10n ** BigInt(-shift);
  return scaled / quantity;
}

/** The fee on a quote amount: its rate, rounded up. */
export function feeOf(quote: bigint, rateUnits: bigint): bigint {
  return divide(quote * rateUnits, FEE_UNIT, 'up');
}

/** What one fill moves: the coin, its price in the settlement coin, and the fee. */
export interface SpotFigures {
  readonly quantity: bigint;
  /** The quantity at the fill price: what a buy pays before its fee, what a sell earns before it. */
  readonly quote: bigint;
  readonly fee: bigint;
  /**
   * What the user's spot account gets back in the settlement coin: for a buy, the part of the
   * amount set aside that the fill did not use; for a sell, the quote less the fee.
   */
  readonly credit: bigint;
}

/**
 * A buy of as much as `budget` pays for at `price`: the largest multiple of `step` (the smallest
 * quantity the coin's configured decimals allow) whose cost and fee fit in the budget. Null when
 * not even one step fits: the order cannot fill and its money goes back.
 */
export function buyFigures(
  budget: bigint,
  price: bigint,
  rateUnits: bigint,
  step: bigint,
  scales: SpotScales,
): SpotFigures | null {
  if (budget <= 0n || price <= 0n || step <= 0n)
    throw new RangeError('a buy needs a budget, a price and a step');
  // The largest quote whose fee still fits: Q + ceil(Q * rate) <= budget. The exact fraction,
  // floored, can miss by the fee's rounding only, a unit or two; one more than it never fits.
  let maxQuote = (budget * FEE_UNIT) / (FEE_UNIT + rateUnits);
  while (maxQuote > 0n && maxQuote + feeOf(maxQuote, rateUnits) > budget) maxQuote -= 1n;
  // The largest quantity whose cost, rounded up, is within that quote, in whole steps.
  const shift = scales.quantity + scales.price - scales.quote;
  const exact =
    shift >= 0 ? (maxQuote * 10n ** BigInt(shift)) / price : maxQuote / (price * 10n ** BigInt(-shift));
  const quantity = (exact / step) * step;
  if (quantity === 0n) return null;
  const quote = quoteOf(quantity, price, scales, 'up');
  const fee = feeOf(quote, rateUnits);
  if (quote + fee > budget) throw new Error('buyFigures: the quantity found does not fit its budget');
  return { quantity, quote, fee, credit: budget - quote - fee };
}

/** A sell of `quantity` at `price`: the proceeds round down, the fee up. */
export function sellFigures(
  quantity: bigint,
  price: bigint,
  rateUnits: bigint,
  scales: SpotScales,
): SpotFigures {
  if (quantity <= 0n || price <= 0n) throw new RangeError('a sell needs a quantity and a price');
  const quote = quoteOf(quantity, price, scales, 'down');
  const fee = feeOf(quote, rateUnits);
  return { quantity, quote, fee, credit: quote - fee };
}

/** The smallest quantity `decimals` allow at a coin's amount scale. */
export function quantityStep(decimals: number, quantityScale: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > quantityScale)
    throw new RangeError(`quantity decimals must be 0 to ${quantityScale}, got ${decimals}`);
  return 10n ** BigInt(quantityScale - decimals);
}

/** What an order sets aside at placement: the buy's amount in the settlement coin, the sell's coins. */
export interface SpotHold {
  readonly userId: number;
  /** The currency set aside: the settlement coin for a buy, the coin for a sell. */
  readonly vcId: number;
  readonly amount: bigint;
}

/** Placing an order moves what it sets aside from the user's spot account to their trade hold. */
export function spotHoldEntry(order: BusinessRef, hold: SpotHold): EntryDraft {
  if (hold.amount <= 0n) throw new RangeError(`a spot hold must be positive, got ${hold.amount}`);
  return {
    type: 'spot_hold',
    vcId: hold.vcId,
    ...order,
    postings: move(
      userAccount(hold.userId, hold.vcId, 'spot'),
      userAccount(hold.userId, hold.vcId, 'trade_hold'),
      hold.amount,
    ),
  };
}

/** A cancelled order (or one that cannot fill) gives back what it set aside. */
export function spotReleaseEntry(order: BusinessRef, hold: SpotHold): EntryDraft {
  if (hold.amount <= 0n) throw new RangeError(`a spot release must be positive, got ${hold.amount}`);
  return {
    type: 'spot_release',
    vcId: hold.vcId,
    ...order,
    postings: move(
      userAccount(hold.userId, hold.vcId, 'trade_hold'),
      userAccount(hold.userId, hold.vcId, 'spot'),
      hold.amount,
    ),
  };
}

/** A filled order as its entry needs it. */
export interface SpotFill {
  readonly userId: number;
  readonly side: SpotSide;
  readonly coinId: number;
  readonly settleId: number;
  /** What the order set aside: the buy's budget, the sell's quantity. */
  readonly held: bigint;
  readonly figures: SpotFigures;
}

/**
 * The one entry of a fill, in both currencies, each balanced on its own: the hold is spent, the
 * house gives the coin and takes the quote (a buy) or the reverse (a sell), the fee goes to fees,
 * and the user's spot account gets the coin, or the proceeds, and any unused part of the budget.
 * The entry is in the settlement coin and its postings in the coin as well (`EXCHANGE_ENTRY_TYPES`).
 */
export function spotFillEntry(order: BusinessRef, fill: SpotFill): EntryDraft {
  const { userId, coinId, settleId, held, figures } = fill;
  const { quantity, quote, fee, credit } = figures;
  const postings: Posting[] = [];
  const add = (account: Posting['account'], amountMinor: bigint) => {
    if (amountMinor !== 0n) postings.push({ account, amountMinor });
  };
  if (fill.side === 'buy') {
    if (quote + fee + credit !== held) throw new RangeError('a buy fill must spend exactly its hold');
    add(userAccount(userId, settleId, 'trade_hold'), -held);
    add(platformAccount(settleId, 'house'), quote);
    add(platformAccount(settleId, 'fees'), fee);
    add(userAccount(userId, settleId, 'spot'), credit);
    add(platformAccount(coinId, 'house'), -quantity);
    add(userAccount(userId, coinId, 'spot'), quantity);
  } else {
    if (quantity !== held || credit !== quote - fee) throw new RangeError('a sell fill must sell its hold');
    add(userAccount(userId, coinId, 'trade_hold'), -quantity);
    add(platformAccount(coinId, 'house'), quantity);
    add(platformAccount(settleId, 'house'), -quote);
    add(platformAccount(settleId, 'fees'), fee);
    add(userAccount(userId, settleId, 'spot'), credit);
  }
  return { type: 'spot_fill', vcId: settleId, ...order, postings };
}
