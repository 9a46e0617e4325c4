import { aggregateCandles, applyTick, mergeCandle, type CandleMinor, type TradeSample } from './candles.ts';
import { bucketStart, INTERVAL_MS, INTERVALS, type Interval } from './intervals.ts';
import { simulateCandle, type SimCoin } from './simulator.ts';

/**
 * History for a fresh install: the simulator walks forward through a few tiers of decreasing
 * resolution (years of daily candles, then hourly ones, then the last week minute by minute), and
 * every chart interval is aggregated from the tiers that are at least as fine as it. Pure and
 * deterministic: the same seed, coin, start price and end time give the same candles.
 */

export interface BackfillTier {
  resolution: Interval;
  durationMs: number;
}

export interface BackfillResult {
  /** Candles of every interval, oldest first, covering [startMs, endMs). */
  candles: Record<Interval, CandleMinor[]>;
  /** Close of the last candle: where the live feed continues. */
  lastPrice: bigint;
  startMs: number;
  endMs: number;
}

const DAY_MS = INTERVAL_MS['1d'];
const YEAR_MS = 365 * DAY_MS;

/** DEFAULT_TIERS: daily candles for ~6 years, then hourly for ~2 years, then 1-minute for the last 7 days. */
export const DEFAULT_BACKFILL_TIERS: BackfillTier[] = [
  { resolution: '1d', durationMs: 6 * YEAR_MS },
  { resolution: '1h', durationMs: 2 * YEAR_MS },
  { resolution: '1m', durationMs: 7 * DAY_MS },
];

const RANK: Record<Interval, number> = Object.fromEntries(
  INTERVALS.map((interval, i) => [interval, i]),
) as Record<Interval, number>;

/** One tier placed on the time line: [startMs, endMs), start aligned to its resolution. */
export interface BackfillSpan {
  resolution: Interval;
  startMs: number;
  endMs: number;
}

/**
 * Lays the tiers out backwards from `endMs` (aligned down to a minute): the last tier ends at
 * `endMs`, each earlier one ends where the next begins. A tier's start is aligned down to its
 * resolution, and for resolutions coarser than 1 h to a week start (Monday 00:00 UTC), so no base
 * candle straddles a bucket of an interval it feeds. Only a tier's last candle can be shorter than
 * its resolution (it stops where the next tier starts).
 */
export function backfillSpans(
  endMs: number,
  tiers: readonly BackfillTier[] = DEFAULT_BACKFILL_TIERS,
): BackfillSpan[] {
  const spans: BackfillSpan[] = [];
  let end = bucketStart(endMs, '1m');
  for (let i = tiers.length - 1; i >= 0; i--) {
    const tier = tiers[i]!;
    if (!(tier.durationMs >= 0) || !Number.isFinite(tier.durationMs)) {
      throw new RangeError(`backfill tier ${i}: durationMs must be a finite non-negative number`);
    }
    let start = bucketStart(end - tier.durationMs, tier.resolution);
    if (RANK[tier.resolution] > RANK['1h']) start = bucketStart(start, '1w');
    spans.unshift({ resolution: tier.resolution, startMs: start, endMs: end });
    end = start;
  }
  return spans;
}

/**
 * Simulates history ending at `endMs` (aligned down to a whole minute), starting at `startPrice` at
 * the earliest tier's start. The walk is continuous across candles and tiers: each candle opens at
 * the previous close.
 */
export function backfillHistory(
  seed: number,
  coin: SimCoin,
  startPrice: bigint,
  endMs: number,
  tiers: BackfillTier[] = DEFAULT_BACKFILL_TIERS,
): BackfillResult {
  if (startPrice <= 0n) throw new RangeError('backfill: startPrice must be positive');
  const spans = backfillSpans(endMs, tiers);
  const alignedEnd = bucketStart(endMs, '1m');

  // Walk forward through the tiers at each tier's resolution.
  let price = startPrice;
  const base: CandleMinor[][] = spans.map((span) => {
    const size = INTERVAL_MS[span.resolution];
    const out: CandleMinor[] = [];
    for (let t = span.startMs; t < span.endMs; t += size) {
      const candle = simulateCandle(seed, coin, price, t, Math.min(size, span.endMs - t));
      out.push(candle);
      price = candle.c;
    }
    return out;
  });

  // Each interval aggregates the tiers at least as fine as it. The intervals nest (every bucket of
  // one lies inside one bucket of the next), so a tier's candles are aggregated from its previous
  // interval's, and where two tiers meet inside one bucket their two candles are merged.
  const perTier: CandleMinor[][] = base.map(() => []);
  const candles = {} as Record<Interval, CandleMinor[]>;
  for (const interval of INTERVALS) {
    const joined: CandleMinor[] = [];
    spans.forEach((span, i) => {
      if (RANK[span.resolution] > RANK[interval]) return;
      const tierCandles = span.resolution === interval ? base[i]! : aggregateCandles(perTier[i]!, interval);
      perTier[i] = tierCandles;
      for (const candle of tierCandles) {
        const last = joined[joined.length - 1];
        if (last && last.t === candle.t) joined[joined.length - 1] = mergeCandle(last, candle, interval);
        else joined.push(candle);
      }
    });
    candles[interval] = joined;
  }

  return { candles, lastPrice: price, startMs: spans[0]?.startMs ?? alignedEnd, endMs: alignedEnd };
}

/** Folds time-ordered ticks into candles of `interval`, oldest first. */
export function ticksToCandles(ticks: Iterable<TradeSample>, interval: Interval): CandleMinor[] {
  const result: CandleMinor[] = [];
  let current: CandleMinor | null = null;
  for (const tick of ticks) {
    const next = applyTick(current, tick, interval);
    if (current && next.t !== current.t) result.push(current);
    current = next;
  }
  if (current) result.push(current);
  return result;
}
