import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RollingDayStats, ticksToCandles, type DayStats, type TradeSample } from '../../src/index.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

/** The 24 h figures straight from the ticks: every tick of the last 1440 minutes (the current one included). */
function bruteForce(ticks: readonly TradeSample[]): DayStats {
  const last = ticks[ticks.length - 1]!;
  const lastMinute = Math.floor(last.timeMs / MINUTE_MS);
  const window = ticks.filter((t) => Math.floor(t.timeMs / MINUTE_MS) > lastMinute - 1440);
  return {
    open: window[0]!.price,
    high: window.reduce((max, t) => (t.price > max ? t.price : max), window[0]!.price),
    low: window.reduce((min, t) => (t.price < min ? t.price : min), window[0]!.price),
    last: last.price,
    volume: window.reduce((sum, t) => sum + t.volume, 0n),
    turnover: window.reduce((sum, t) => sum + t.turnover, 0n),
    timeMs: last.timeMs,
  };
}

/** Ticks spanning more than a day: mostly seconds to minutes apart, sometimes hours or days. */
const ticksArbitrary = fc
  .record({
    start: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
    steps: fc.array(
      fc.record({
        gap: fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 0, max: 10 * MINUTE_MS }) },
          { weight: 2, arbitrary: fc.integer({ min: 0, max: 5_000 }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 * 3_600_000 }) },
          { weight: 1, arbitrary: fc.constantFrom(DAY_MS - MINUTE_MS, DAY_MS, DAY_MS + 1, 3 * DAY_MS) },
        ),
        price: fc.bigInt({ min: 1n, max: 10n ** 10n }),
        volume: fc.bigInt({ min: 0n, max: 10n ** 12n }),
        turnover: fc.bigInt({ min: 0n, max: 10n ** 15n }),
      }),
      { minLength: 1, maxLength: 500, size: 'max' },
    ),
  })
  .map(({ start, steps }) => {
    let time = start;
    return steps.map((s) => {
      time += s.gap;
      return { timeMs: time, price: s.price, volume: s.volume, turnover: s.turnover };
    });
  });

describe('RollingDayStats', () => {
  it('is empty before the first sample', () => {
    expect(new RollingDayStats().stats()).toBeNull();
  });

  it('matches the figures computed from the ticks of the last 1440 minutes, after every tick', () => {
    fc.assert(
      fc.property(ticksArbitrary, (ticks) => {
        const stats = new RollingDayStats();
        ticks.forEach((tick, i) => {
          stats.add(tick);
          expect(stats.stats()).toEqual(bruteForce(ticks.slice(0, i + 1)));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('covers more than a day in the generated runs', () => {
    // Guards the property above against silently testing only short runs.
    const spans = fc
      .sample(ticksArbitrary, { numRuns: 100, seed: 1 })
      .map((t) => t[t.length - 1]!.timeMs - t[0]!.timeMs);
    expect(spans.filter((span) => span > DAY_MS).length).toBeGreaterThan(50);
  });

  it('gives the same figures fed with one-minute candles as with their ticks', () => {
    fc.assert(
      fc.property(ticksArbitrary, (ticks) => {
        const fromTicks = new RollingDayStats();
        for (const tick of ticks) fromTicks.add(tick);
        const fromCandles = new RollingDayStats();
        for (const c of ticksToCandles(ticks, '1m')) {
          fromCandles.add({
            timeMs: c.t,
            open: c.o,
            high: c.h,
            low: c.l,
            price: c.c,
            volume: c.v,
            turnover: c.q,
          });
        }
        const { timeMs: _a, ...expected } = fromTicks.stats()!;
        const { timeMs: _b, ...actual } = fromCandles.stats()!;
        expect(actual).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('forgets everything after a gap longer than the window', () => {
    const stats = new RollingDayStats();
    const t0 = Date.UTC(2025, 5, 18, 12);
    stats.add({ timeMs: t0, price: 500n, volume: 10n, turnover: 5000n });
    stats.add({ timeMs: t0 + 1000, price: 50n, volume: 1n, turnover: 50n });
    stats.add({ timeMs: t0 + DAY_MS, price: 100n, volume: 2n, turnover: 200n });
    expect(stats.stats()).toEqual({
      open: 100n,
      high: 100n,
      low: 100n,
      last: 100n,
      volume: 2n,
      turnover: 200n,
      timeMs: t0 + DAY_MS,
    });
  });

  it('keeps the minute 1439 minutes back inside the window', () => {
    const stats = new RollingDayStats();
    const t0 = Date.UTC(2025, 5, 18, 12);
    stats.add({ timeMs: t0 + 59_000, price: 500n, volume: 10n, turnover: 5000n });
    stats.add({ timeMs: t0 + DAY_MS - MINUTE_MS, price: 100n, volume: 2n, turnover: 200n });
    expect(stats.stats()).toMatchObject({ open: 500n, high: 500n, low: 100n, volume: 12n });
  });
});
