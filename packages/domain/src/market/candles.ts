import { bucketStart, type Interval } from './intervals.ts';

/**
 * Candles in integer minor units. Prices share one scale per coin; volume is in base-coin minor units
 * and turnover in settlement-coin minor units, so summing them is exact.
 */
export interface CandleMinor {
  /** Open time, epoch milliseconds. */
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
  q: bigint;
}

/** One recorded price observation: a tick, or a candle being folded into a larger one. */
export interface TradeSample {
  timeMs: number;
  price: bigint;
  volume: bigint;
  turnover: bigint;
}

/**
 * Folds one tick into the candle of its bucket: a new candle when the tick opens a bucket, else the
 * same candle with its high, low, close and sums moved. Ticks must arrive in time order.
 */
export function applyTick(current: CandleMinor | null, tick: TradeSample, interval: Interval): CandleMinor {
  const t = bucketStart(tick.timeMs, interval);
  if (!current || current.t !== t) {
    return {
      t,
      o: tick.price,
      h: tick.price,
      l: tick.price,
      c: tick.price,
      v: tick.volume,
      q: tick.turnover,
    };
  }
  return {
    t,
    o: current.o,
    h: tick.price > current.h ? tick.price : current.h,
    l: tick.price < current.l ? tick.price : current.l,
    c: tick.price,
    v: current.v + tick.volume,
    q: current.q + tick.turnover,
  };
}

/** Folds a finer candle into the coarser candle that contains it (both in time order). */
export function mergeCandle(
  current: CandleMinor | null,
  finer: CandleMinor,
  interval: Interval,
): CandleMinor {
  const t = bucketStart(finer.t, interval);
  if (!current || current.t !== t) return { ...finer, t };
  return {
    t,
    o: current.o,
    h: finer.h > current.h ? finer.h : current.h,
    l: finer.l < current.l ? finer.l : current.l,
    c: finer.c,
    v: current.v + finer.v,
    q: current.q + finer.q,
  };
}

/** Aggregates time-ordered finer candles into candles of `interval`, oldest first. */
export function aggregateCandles(finer: readonly CandleMinor[], interval: Interval): CandleMinor[] {
  // Same fold as mergeCandle, but the candle being built is owned here and updated in place, so a
  // long history allocates one object per result instead of one per input (backfill speed).
  const result: CandleMinor[] = [];
  let current: CandleMinor | null = null;
  for (const candle of finer) {
    const t = bucketStart(candle.t, interval);
    if (!current || current.t !== t) {
      current = { ...candle, t };
      result.push(current);
      continue;
    }
    if (candle.h > current.h) current.h = candle.h;
    if (candle.l < current.l) current.l = candle.l;
    current.c = candle.c;
    current.v += candle.v;
    current.q += candle.q;
  }
  return result;
}
