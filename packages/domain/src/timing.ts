import { parseDecimal } from './decimal.ts';
import { platformAccount, userAccount } from './ledger/accounts.ts';
import { move, type BusinessRef, type EntryDraft, type Posting } from './ledger/entries.ts';

/**
 * Timed trades: the user stakes an amount on the price of a coin being higher ("up", buy
 * long) or lower ("down", sell short) when a period expires. Everything here is a pure function of
 * the order and the recorded ticks, so an outcome can be recomputed by anyone from the price
 * history; nothing takes an operator's or a configuration's say on a result.
 */

export const TIMING_DIRECTIONS = ['up', 'down'] as const;
export type TimingDirection = (typeof TIMING_DIRECTIONS)[number];

export type TimingOutcome = 'win' | 'loss' | 'tie';

/**
 * What an unchanged price means. `refund` (the default) returns the stake; `loss` keeps it. The
 * rule is a platform setting read when the order is placed and stored with it, so changing the
 * setting never changes an order already open.
 */
export const TIE_RULES = ['refund', 'loss'] as const;
export type TieRule = (typeof TIE_RULES)[number];

/** A recorded price: the row of the price history a settlement cites. */
export interface RecordedTick {
  readonly id: number;
  readonly timeMs: number;
  readonly priceMinor: bigint;
}

/**
 * The tick an order settles at: the first one recorded at or after the expiry instant. `ticks` are
 * in time order. Undefined when the feed has not yet recorded that second, in which case the
 * order waits ("in settlement") until it has.
 */
export function settlementTick(ticks: readonly RecordedTick[], expiryMs: number): RecordedTick | undefined {
  let low = 0;
  let high = ticks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ticks[mid]?.timeMs ?? Infinity) < expiryMs) low = mid + 1;
    else high = mid;
  }
  return ticks[low];
}

/**
 * A new order (timed or spot) is accepted only when its coin's latest recorded tick is this recent:
 * an older one means the feed has stalled, and the order would wait for a price nobody can tell the
 * time of (docs/product.md, "Timed orders" and "Spot").
 */
export const MAX_FEED_AGE_MS = 2_000;

/**
 * The tick an order opens at: the first one recorded strictly after the instant the order was
 * accepted. Opening at a tick that already existed when the order arrived would let a user who sees
 * a faster feed than ours trade on a move that is already known (docs/product.md, "Timed orders").
 * Undefined until the feed has recorded such a tick; the order is "opening" meanwhile.
 */
export function openingTick(ticks: readonly RecordedTick[], acceptedAtMs: number): RecordedTick | undefined {
  return settlementTick(ticks, acceptedAtMs + 1);
}

/** An order expires its period after the tick it opened at, so every order runs its whole period. */
export function timingExpiry(openTickTimeMs: number, periodSeconds: number): number {
  if (!Number.isSafeInteger(openTickTimeMs) || !Number.isSafeInteger(periodSeconds) || periodSeconds <= 0)
    throw new RangeError(
      `an expiry needs a tick time and a positive period, got ${openTickTimeMs}, ${periodSeconds}`,
    );
  return openTickTimeMs + periodSeconds * 1000;
}

/** Up wins above the open price, down wins below it; the same price is a tie. */
export function timingOutcome(
  direction: TimingDirection,
  openPriceMinor: bigint,
  settlePriceMinor: bigint,
): TimingOutcome {
  if (settlePriceMinor === openPriceMinor) return 'tie';
  const rose = settlePriceMinor > openPriceMinor;
  return rose === (direction === 'up') ? 'win' : 'loss';
}

/** Payout rates carry at most this many decimals ("0.85" is 85 % profit on a win). */
export const PAYOUT_RATE_SCALE = 8;

/**
 * The profit a win pays on `stakeMinor`: the stake times the payout rate, truncated toward zero
 * (decision 007), so the figure shown before the order is never above what is paid.
 */
export function timingProfit(stakeMinor: bigint, payoutRate: string): bigint {
  return (stakeMinor * payoutRateMinor(payoutRate)) / RATE_UNIT;
}

const RATE_UNIT = 10n ** BigInt(PAYOUT_RATE_SCALE);

/**
 * Parsed rates, kept: a settlement batch of a hundred thousand orders uses a handful of distinct
 * rates, and parsing the same string again for each order would be most of its arithmetic. The
 * cache is bounded, since rates come from configuration and could in principle be many.
 */
const parsedRates = new Map<string, bigint>();

function payoutRateMinor(payoutRate: string): bigint {
  const known = parsedRates.get(payoutRate);
  if (known !== undefined) return known;
  const rate = parseDecimal(payoutRate, PAYOUT_RATE_SCALE);
  if (!rate.ok || rate.minor < 0n)
    throw new RangeError(`payout rate must be a non-negative decimal, got ${payoutRate}`);
  if (parsedRates.size >= 1_000) parsedRates.clear();
  parsedRates.set(payoutRate, rate.minor);
  return rate.minor;
}

export interface TimingResult {
  readonly outcome: TimingOutcome;
  /** What returns to the user's spot account: stake and profit on a win, nothing on a loss. */
  readonly payoutMinor: bigint;
  /** Payout less stake: positive on a win, negative on a loss, zero on a refunded tie. */
  readonly profitMinor: bigint;
}

export function timingResult(
  order: {
    direction: TimingDirection;
    openPriceMinor: bigint;
    stakeMinor: bigint;
    payoutRate: string;
    tieRule: TieRule;
  },
  settlePriceMinor: bigint,
): TimingResult {
  const outcome = timingOutcome(order.direction, order.openPriceMinor, settlePriceMinor);
  const payoutMinor =
    outcome === 'win'
      ? order.stakeMinor + timingProfit(order.stakeMinor, order.payoutRate)
      : outcome === 'tie' && order.tieRule === 'refund'
        ? order.stakeMinor
        : 0n;
  return { outcome, payoutMinor, profitMinor: payoutMinor - order.stakeMinor };
}

/**
 * Placing an order moves the stake out of the user's spot account into the platform's timing
 * escrow, where the stakes of all open orders wait for their settlement.
 */
export function timingStakeEntry(
  ref: BusinessRef,
  userId: number,
  vcId: number,
  stakeMinor: bigint,
): EntryDraft {
  if (stakeMinor <= 0n) throw new RangeError(`a stake must be positive, got ${stakeMinor}`);
  return {
    type: 'timing_stake',
    vcId,
    ...ref,
    postings: move(userAccount(userId, vcId, 'spot'), platformAccount(vcId, 'timing_escrow'), stakeMinor),
  };
}

/** What a settlement batch needs of each order it settles. */
export interface SettledStake {
  readonly orderId: number;
  readonly userId: number;
  readonly stakeMinor: bigint;
  readonly payoutMinor: bigint;
}

/**
 * The one entry that settles a batch of orders of one currency (`batch` names the settlement row):
 * the escrow gives up every order's stake, each order that pays anything (a win, or a refunded tie)
 * gets a posting on its owner's spot account naming the order, and the difference goes to the house
 * (what losers staked, less what winners gained). A lost order writes nothing on the user's side;
 * its stake simply goes to the house within the batch total. Answers undefined for an empty batch.
 */
export function timingSettlementEntry(
  batch: BusinessRef,
  vcId: number,
  orders: readonly SettledStake[],
): EntryDraft | undefined {
  if (orders.length === 0) return undefined;
  let stakesMinor = 0n;
  let payoutsMinor = 0n;
  const postings: Posting[] = [];
  for (const order of orders) {
    if (order.stakeMinor <= 0n) throw new RangeError(`a stake must be positive, got ${order.stakeMinor}`);
    if (order.payoutMinor < 0n) throw new RangeError(`a payout cannot be negative, got ${order.payoutMinor}`);
    stakesMinor += order.stakeMinor;
    payoutsMinor += order.payoutMinor;
    if (order.payoutMinor > 0n) {
      postings.push({
        account: userAccount(order.userId, vcId, 'spot'),
        amountMinor: order.payoutMinor,
        ref: { refType: 'timing', refId: order.orderId },
      });
    }
  }
  postings.unshift({ account: platformAccount(vcId, 'timing_escrow'), amountMinor: -stakesMinor });
  const houseMinor = stakesMinor - payoutsMinor;
  if (houseMinor !== 0n) postings.push({ account: platformAccount(vcId, 'house'), amountMinor: houseMinor });
  return { type: 'timing_settlement', vcId, ...batch, postings };
}
