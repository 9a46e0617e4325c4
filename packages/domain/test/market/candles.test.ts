import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  applyTick,
  bucketStart,
  INTERVAL_MS,
  INTERVALS,
  isInterval,
  mergeCandle,
  ticksToCandles,
  type CandleMinor,
  type Interval,
  type TradeSample,
} from '../../src/index.ts';

const DAY_MS = 86_400_000;

/** Candles straight from the ticks: group by bucket, first/max/min/last price, summed volume and turnover. */
function bruteForceCandles(ticks: readonly TradeSample[], interval: Interval): CandleMinor[] {
  const groups = new Map<number, TradeSample[]>();
  for (const tick of ticks) {
    const t = bucketStart(tick.timeMs, interval);
    const group = groups.get(t) ?? [];
    group.push(tick);
    groups.set(t, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, group]) => ({
      t,
      o: group[0]!.price,
      h: group.reduce((max, g) => (g.price > max ? g.price : max), group[0]!.price),
      l: group.reduce((min, g) => (g.price < min ? g.price : min), group[0]!.price),
      c: group[group.length - 1]!.price,
      v: group.reduce((sum, g) => sum + g.volume, 0n),
      q: group.reduce((sum, g) => sum + g.turnover, 0n),
    }));
}

/** Random ticks over a few days from a random start, in time order (ties keep their order). */
const ticksArbitrary = fc
  .record({
    // From 2015 to 2035, so starts fall on every weekday and time of day.
    start: fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }),
    samples: fc.array(
      fc.record({
        offset: fc.oneof(
          fc.integer({ min: 0, max: 4 * DAY_MS }),
          fc.integer({ min: 0, max: 20 * 60_000 }), // clusters within minutes
        ),
        price: fc.bigInt({ min: 1n, max: 10n ** 12n }),
        volume: fc.bigInt({ min: 0n, max: 10n ** 15n }),
        turnover: fc.bigInt({ min: 0n, max: 10n ** 18n }),
      }),
      { minLength: 1, maxLength: 400, size: 'max' },
    ),
  })
  .map(({ start, samples }) =>
    samples
      .map((s) => ({ timeMs: start + s.offset, price: s.price, volume: s.volume, turnover: s.turnover }))
      .sort((a, b) => a.timeMs - b.timeMs),
  );

describe('intervals', () => {
  it('knows its intervals', () => {
    expect(INTERVALS.every(isInterval)).toBe(true);
    expect(isInterval('2m')).toBe(false);
    expect(isInterval(60_000)).toBe(false);
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    // 2025-06-18 is a Wednesday; its week starts on Monday 2025-06-16.
    expect(bucketStart(Date.UTC(2025, 5, 18, 13, 37), '1w')).toBe(Date.UTC(2025, 5, 16));
    expect(bucketStart(Date.UTC(2025, 5, 16), '1w')).toBe(Date.UTC(2025, 5, 16));
    expect(bucketStart(Date.UTC(2025, 5, 15, 23, 59, 59, 999), '1w')).toBe(Date.UTC(2025, 5, 9));
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2100, 0, 1) }), (timeMs) => {
        const start = bucketStart(timeMs, '1w');
        const date = new Date(start);
        expect(date.getUTCDay()).toBe(1);
        expect([
          date.getUTCHours(),
          date.getUTCMinutes(),
          date.getUTCSeconds(),
          date.getUTCMilliseconds(),
        ]).toEqual([0, 0, 0, 0]);
        expect(start <= timeMs && timeMs < start + INTERVAL_MS['1w']).toBe(true);
      }),
    );
  });

  it('puts every time in one bucket of each interval, and the buckets nest', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2100, 0, 1) }), (timeMs) => {
        INTERVALS.forEach((interval, i) => {
          const start = bucketStart(timeMs, interval);
          expect(start <= timeMs && timeMs < start + INTERVAL_MS[interval]).toBe(true);
          for (const coarser of INTERVALS.slice(i)) {
            expect(bucketStart(start, coarser)).toBe(bucketStart(timeMs, coarser));
          }
        });
      }),
    );
  });
});

describe('candle aggregation', () => {
  it('1m candles from ticks, aggregated to every interval, equal candles computed straight from the ticks', () => {
    fc.assert(
      fc.property(ticksArbitrary, (ticks) => {
        let current: CandleMinor | null = null;
        const minutes: CandleMinor[] = [];
        for (const tick of ticks) {
          const next = applyTick(current, tick, '1m');
          if (current && next.t !== current.t) minutes.push(current);
          current = next;
        }
        if (current) minutes.push(current);
        expect(minutes).toEqual(bruteForceCandles(ticks, '1m'));

        let previous = minutes;
        for (const interval of INTERVALS) {
          const expected = bruteForceCandles(ticks, interval);
          expect(aggregateCandles(minutes, interval)).toEqual(expected);
          // Aggregating step by step (1m → 5m → … → 1w) gives the same as from 1m.
          previous = aggregateCandles(previous, interval);
          expect(previous).toEqual(expected);
          expect(ticksToCandles(ticks, interval)).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('does not change the candles it aggregates', () => {
    const ticks: TradeSample[] = [0, 30_000, 61_000, 125_000].map((timeMs, i) => ({
      timeMs,
      price: BigInt(10 + i),
      volume: 1n,
      turnover: 2n,
    }));
    const minutes = ticksToCandles(ticks, '1m');
    const copy = minutes.map((c) => ({ ...c }));
    const fives = aggregateCandles(minutes, '5m');
    expect(fives).toEqual([{ t: 0, o: 10n, h: 13n, l: 10n, c: 13n, v: 4n, q: 8n }]);
    expect(minutes).toEqual(copy);
    expect(aggregateCandles([], '1h')).toEqual([]);
  });

  it('mergeCandle folds a finer candle into its bucket, or opens the next one', () => {
    const a: CandleMinor = { t: 60_000, o: 5n, h: 9n, l: 4n, c: 6n, v: 3n, q: 30n };
    const b: CandleMinor = { t: 120_000, o: 6n, h: 7n, l: 2n, c: 3n, v: 1n, q: 10n };
    const first = mergeCandle(null, a, '5m');
    expect(first).toEqual({ ...a, t: 0 });
    expect(mergeCandle(first, b, '5m')).toEqual({ t: 0, o: 5n, h: 9n, l: 2n, c: 3n, v: 4n, q: 40n });
    expect(mergeCandle(first, { ...b, t: 300_000 }, '5m')).toEqual({ ...b, t: 300_000 });
    expect(first).toEqual({ ...a, t: 0 });
  });
});
