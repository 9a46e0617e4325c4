import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backfillHistory,
  backfillSpans,
  bucketStart,
  DEFAULT_BACKFILL_TIERS,
  INTERVAL_MS,
  INTERVALS,
  simulateCandle,
  type BackfillResult,
  type BackfillTier,
  type CandleMinor,
  type Interval,
  type SimCoin,
} from '../../src/index.ts';

const BTC: SimCoin = {
  id: 1,
  priceScale: 2,
  volumeScale: 6,
  volatility: 0.6,
  drift: 0.05,
  volumePerSecond: 3,
};
const DAY_MS = 86_400_000;
const rank = (interval: Interval) => INTERVALS.indexOf(interval);
const sum = (candles: readonly CandleMinor[], field: 'v' | 'q') => candles.reduce((s, c) => s + c[field], 0n);

/** The base candles, re-simulated independently of backfillHistory: one walk through the spans. */
function baseCandles(seed: number, coin: SimCoin, startPrice: bigint, endMs: number, tiers: BackfillTier[]) {
  let price = startPrice;
  return backfillSpans(endMs, tiers).map((span) => {
    const candles: CandleMinor[] = [];
    for (let t = span.startMs; t < span.endMs; t += INTERVAL_MS[span.resolution]) {
      const candle = simulateCandle(
        seed,
        coin,
        price,
        t,
        Math.min(INTERVAL_MS[span.resolution], span.endMs - t),
      );
      candles.push(candle);
      price = candle.c;
    }
    return { span, candles };
  });
}

/** Brute force: group the eligible base candles by bucket; first open, max high, min low, last close, sums. */
function bruteForce(base: ReturnType<typeof baseCandles>, interval: Interval): CandleMinor[] {
  const groups = new Map<number, CandleMinor[]>();
  for (const { span, candles } of base) {
    if (rank(span.resolution) > rank(interval)) continue;
    for (const candle of candles) {
      const t = bucketStart(candle.t, interval);
      groups.set(t, [...(groups.get(t) ?? []), candle]);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, g]) => ({
      t,
      o: g[0]!.o,
      h: g.reduce((m, c) => (c.h > m ? c.h : m), g[0]!.h),
      l: g.reduce((m, c) => (c.l < m ? c.l : m), g[0]!.l),
      c: g[g.length - 1]!.c,
      v: sum(g, 'v'),
      q: sum(g, 'q'),
    }));
}

/** Structural checks that hold for any tiers laid out coarse to fine. */
function expectWellFormed(result: BackfillResult, tiers: BackfillTier[]) {
  const spans = backfillSpans(result.endMs, tiers);
  expect(result.startMs).toBe(spans[0]!.startMs);
  for (const interval of INTERVALS) {
    const candles = result.candles[interval];
    const size = INTERVAL_MS[interval];
    const covered = spans.filter((s) => rank(s.resolution) <= rank(interval) && s.endMs > s.startMs);
    if (covered.length === 0) {
      expect(candles).toEqual([]);
      continue;
    }
    // Aligned, sorted and contiguous over the coverage, which runs to the end.
    expect(candles[0]!.t).toBe(bucketStart(covered[0]!.startMs, interval));
    expect(candles[candles.length - 1]!.t).toBe(bucketStart(result.endMs - 1, interval));
    // Collected rather than asserted one by one: there are tens of thousands of candles.
    const problems: string[] = [];
    candles.forEach((c, i) => {
      const previous = candles[i - 1];
      if (c.t !== bucketStart(c.t, interval)) problems.push(`${interval} #${i}: unaligned`);
      if (previous && c.t - previous.t !== size) problems.push(`${interval} #${i}: gap or overlap`);
      if (previous && c.o !== previous.c)
        problems.push(`${interval} #${i}: opens away from the previous close`);
      if (c.h < c.o || c.h < c.c || c.l > c.o || c.l > c.c) problems.push(`${interval} #${i}: high/low`);
      if (c.l <= 0n || c.v < 0n || c.q < 0n) problems.push(`${interval} #${i}: not positive`);
    });
    expect(problems).toEqual([]);
    expect(candles[candles.length - 1]!.c).toBe(result.lastPrice);
  }
}

describe('backfillSpans', () => {
  it('lays the default tiers out backwards from the minute of the end time', () => {
    const end = Date.UTC(2025, 5, 18, 13, 37, 42, 123);
    const spans = backfillSpans(end, DEFAULT_BACKFILL_TIERS);
    expect(spans.map((s) => s.resolution)).toEqual(['1d', '1h', '1m']);
    expect(spans[2]).toEqual({
      resolution: '1m',
      startMs: Date.UTC(2025, 5, 11, 13, 37),
      endMs: Date.UTC(2025, 5, 18, 13, 37),
    });
    expect(spans[1]!.endMs).toBe(spans[2]!.startMs);
    expect(spans[1]!.startMs).toBe(Date.UTC(2023, 5, 12, 13)); // 730 days before, down to the hour
    expect(spans[0]!.endMs).toBe(spans[1]!.startMs);
    expect(spans[0]!.startMs).toBe(Date.UTC(2017, 5, 12)); // 2190 days before, down to a Monday
    expect(new Date(spans[0]!.startMs).getUTCDay()).toBe(1);
  });

  it('aligns each start to its resolution, and coarser than 1h to a Monday', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.array(
          fc.record({
            resolution: fc.constantFrom(...INTERVALS),
            durationMs: fc.integer({ min: 0, max: 400 * DAY_MS }),
          }),
          { maxLength: 5 },
        ),
        (end, tiers) => {
          const spans = backfillSpans(end, tiers);
          expect(spans).toHaveLength(tiers.length);
          let next = bucketStart(end, '1m');
          for (let i = spans.length - 1; i >= 0; i--) {
            const span = spans[i]!;
            expect(span.endMs).toBe(next);
            expect(span.startMs).toBeLessThanOrEqual(span.endMs - tiers[i]!.durationMs);
            expect(span.startMs).toBe(bucketStart(span.startMs, span.resolution));
            if (rank(span.resolution) > rank('1h'))
              expect(span.startMs).toBe(bucketStart(span.startMs, '1w'));
            next = span.startMs;
          }
        },
      ),
    );
  });

  it('refuses a negative or non-finite duration', () => {
    expect(() => backfillSpans(0, [{ resolution: '1m', durationMs: -1 }])).toThrow(RangeError);
    expect(() => backfillSpans(0, [{ resolution: '1m', durationMs: NaN }])).toThrow(RangeError);
  });
});

describe('backfillHistory', () => {
  const end = Date.UTC(2025, 5, 18, 13, 37, 42, 123);

  it('fills every chart with default tiers for one coin, fast', async ({ annotate }) => {
    const started = Date.now();
    const result = backfillHistory(42, BTC, 6_000_000n, end);
    const elapsed = Date.now() - started;
    // The budget is 200 ms; the bound is generous so a loaded machine does not fail the suite.
    await annotate(`backfillHistory, default tiers, one coin: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(1000);

    expect(result.endMs).toBe(Date.UTC(2025, 5, 18, 13, 37));
    expect(result.candles['1m']).toHaveLength(7 * 1440);
    expect(result.candles['1w'].length).toBeGreaterThan(400);
    expect(result.candles['1w'].length).toBeLessThan(430);
    expect(result.candles['1d'].length).toBeGreaterThan(8 * 365);
    expect(result.candles['1h'].length).toBeGreaterThan(2 * 365 * 24);
    expect(result.candles['1m'][0]!.o).not.toBe(6_000_000n); // the walk started years earlier
    expect(result.lastPrice).toBe(result.candles['1m'][7 * 1440 - 1]!.c);
    expectWellFormed(result, DEFAULT_BACKFILL_TIERS);
  });

  it('equals the brute-force aggregation of the base candles, for every interval', () => {
    const result = backfillHistory(42, BTC, 6_000_000n, end);
    const base = baseCandles(42, BTC, 6_000_000n, end, DEFAULT_BACKFILL_TIERS);
    expect(base[0]!.candles[0]!.o).toBe(6_000_000n);
    expect(result.lastPrice).toBe(base[2]!.candles.at(-1)!.c);
    expect(result.candles['1m']).toEqual(base[2]!.candles);
    for (const interval of INTERVALS) {
      const eligible = base
        .filter((b) => rank(b.span.resolution) <= rank(interval))
        .flatMap((b) => b.candles);
      expect(sum(result.candles[interval], 'v')).toBe(sum(eligible, 'v'));
      expect(sum(result.candles[interval], 'q')).toBe(sum(eligible, 'q'));
      expect(result.candles[interval]).toEqual(bruteForce(base, interval));
    }
  });

  it('is deterministic, and depends on the seed and the coin', () => {
    const a = backfillHistory(42, BTC, 6_000_000n, end);
    expect(backfillHistory(42, BTC, 6_000_000n, end)).toEqual(a);
    expect(backfillHistory(43, BTC, 6_000_000n, end).lastPrice).not.toBe(a.lastPrice);
    expect(backfillHistory(42, { ...BTC, id: 2 }, 6_000_000n, end).lastPrice).not.toBe(a.lastPrice);
  });

  it('gives the same candles for any end time within the same minute', () => {
    const a = backfillHistory(1, BTC, 6_000_000n, Date.UTC(2025, 5, 18, 13, 37), [
      { resolution: '1m', durationMs: DAY_MS },
    ]);
    const b = backfillHistory(1, BTC, 6_000_000n, Date.UTC(2025, 5, 18, 13, 37, 59, 999), [
      { resolution: '1m', durationMs: DAY_MS },
    ]);
    expect(b).toEqual(a);
  });

  it('equals the brute force for random tiers and end times', () => {
    const tiersArb = fc
      .record({
        w: fc.option(fc.integer({ min: 0, max: 30 * 7 * DAY_MS }), { nil: undefined }),
        d: fc.option(fc.integer({ min: 0, max: 60 * DAY_MS }), { nil: undefined }),
        h4: fc.option(fc.integer({ min: 0, max: 20 * DAY_MS }), { nil: undefined }),
        h: fc.option(fc.integer({ min: 0, max: 10 * DAY_MS }), { nil: undefined }),
        m15: fc.option(fc.integer({ min: 0, max: 3 * DAY_MS }), { nil: undefined }),
        m: fc.option(fc.integer({ min: 0, max: DAY_MS }), { nil: undefined }),
      })
      .map((d) => {
        const tiers: BackfillTier[] = [];
        if (d.w !== undefined) tiers.push({ resolution: '1w', durationMs: d.w });
        if (d.d !== undefined) tiers.push({ resolution: '1d', durationMs: d.d });
        if (d.h4 !== undefined) tiers.push({ resolution: '4h', durationMs: d.h4 });
        if (d.h !== undefined) tiers.push({ resolution: '1h', durationMs: d.h });
        if (d.m15 !== undefined) tiers.push({ resolution: '15m', durationMs: d.m15 });
        if (d.m !== undefined) tiers.push({ resolution: '1m', durationMs: d.m });
        return tiers;
      });
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.integer({ min: 1, max: 1000 }),
        tiersArb,
        (endMs, seed, tiers) => {
          const result = backfillHistory(seed, BTC, 6_000_000n, endMs, tiers);
          const base = baseCandles(seed, BTC, 6_000_000n, endMs, tiers);
          const all = base.flatMap((b) => b.candles);
          expect(result.lastPrice).toBe(all.length > 0 ? all[all.length - 1]!.c : 6_000_000n);
          // The walk is continuous across tiers.
          all.forEach((c, i) => i > 0 && expect(c.o).toBe(all[i - 1]!.c));
          for (const interval of INTERVALS)
            expect(result.candles[interval]).toEqual(bruteForce(base, interval));
          expectWellFormed(result, tiers);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('starts at the start price when there are no tiers, and refuses a non-positive start price', () => {
    const result = backfillHistory(1, BTC, 5n, end, []);
    expect(result.lastPrice).toBe(5n);
    expect(result.startMs).toBe(result.endMs);
    expect(INTERVALS.every((i) => result.candles[i].length === 0)).toBe(true);
    expect(() => backfillHistory(1, BTC, 0n, end)).toThrow(RangeError);
  });
});
