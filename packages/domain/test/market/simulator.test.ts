import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalAt,
  priceToMinor,
  simulateCandle,
  seededTickDraws,
  simulateTick,
  TURNOVER_SCALE,
  turnoverOf,
  uniformAt,
  type SimCoin,
  type SimTick,
} from '../../src/index.ts';

const SECONDS_PER_YEAR = 365 * 24 * 3600;
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

const BTC: SimCoin = {
  id: 1,
  priceScale: 2,
  volumeScale: 6,
  volatility: 0.6,
  drift: 0.05,
  volumePerSecond: 3,
};
const EURUSD: SimCoin = {
  id: 7,
  priceScale: 5,
  volumeScale: 2,
  volatility: 0.08,
  drift: 0,
  volumePerSecond: 5000,
};

/** The tick of the public seeded walk (the draws of second `timeMs` under `seed`). */
function seededTick(seed: number, coin: SimCoin, price: bigint, timeMs: number): SimTick {
  return simulateTick(seededTickDraws(seed, coin.id, Math.floor(timeMs / 1000)), coin, price, timeMs);
}

function run(seed: number, coin: SimCoin, startPrice: bigint, fromMs: number, seconds: number): SimTick[] {
  const ticks: SimTick[] = [];
  let price = startPrice;
  for (let i = 0; i < seconds; i++) {
    const tick = seededTick(seed, coin, price, fromMs + i * 1000);
    ticks.push(tick);
    price = tick.price;
  }
  return ticks;
}

/** Standard deviation of the log returns of a price series. */
function logReturnStdDev(prices: readonly bigint[]): number {
  const returns: number[] = [];
  for (let i = 1; i < prices.length; i++) returns.push(Math.log(Number(prices[i]!) / Number(prices[i - 1]!)));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance);
}

describe('keyed randomness', () => {
  it('draws uniforms strictly inside (0, 1) that depend only on their key', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: -4e9, max: 4e9 }),
        (seed, stream, step) => {
          const u = uniformAt(seed, stream, step);
          expect(u).toBeGreaterThan(0);
          expect(u).toBeLessThan(1);
          expect(uniformAt(seed, stream, step)).toBe(u);
          expect(Number.isFinite(normalAt(seed, stream, step))).toBe(true);
        },
      ),
    );
  });

  it('gives standard normals with mean ~0 and variance ~1', () => {
    const n = 20_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const z = normalAt(99, 3, 1_700_000_000 + i);
      sum += z;
      squares += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(squares / n).toBeGreaterThan(0.95);
    expect(squares / n).toBeLessThan(1.05);
  });
});

describe('simulateTick', () => {
  it('gives the same ticks for the same seed, coin and start', () => {
    const a = run(42, BTC, 6_000_000n, T0, 3600);
    const b = run(42, BTC, 6_000_000n, T0, 3600);
    expect(b).toEqual(a);
    expect(a).toHaveLength(3600);
    expect(a[0]!.timeMs).toBe(T0);
    expect(a[3599]!.timeMs).toBe(T0 + 3599 * 1000);
  });

  it('gives different ticks for a different seed or coin', () => {
    const a = run(42, BTC, 6_000_000n, T0, 3600);
    const otherSeed = run(43, BTC, 6_000_000n, T0, 3600);
    const otherCoin = run(42, { ...BTC, id: 2 }, 6_000_000n, T0, 3600);
    expect(otherSeed.map((t) => t.price)).not.toEqual(a.map((t) => t.price));
    expect(otherCoin.map((t) => t.price)).not.toEqual(a.map((t) => t.price));
    const samePrices = a.filter((tick, i) => tick.price === otherSeed[i]!.price).length;
    expect(samePrices).toBeLessThan(100);
  });

  it('continues a run split at any second exactly as the uninterrupted run', () => {
    const whole = run(7, BTC, 6_000_000n, T0, 3600);
    for (const k of [1, 17, 1800, 3599]) {
      const head = run(7, BTC, 6_000_000n, T0, k);
      // A restarted feed knows only the last recorded tick: its time and price.
      const last = head[head.length - 1]!;
      const tail = run(7, BTC, last.price, last.timeMs + 1000, 3600 - k);
      expect([...head, ...tail]).toEqual(whole);
    }
  });

  it('keys each second by its whole second and reports that second', () => {
    const a = seededTick(5, BTC, 6_000_000n, T0 + 999);
    expect(a).toEqual(seededTick(5, BTC, 6_000_000n, T0));
    expect(a.timeMs).toBe(T0);
  });

  it('keeps prices positive even with wild volatility and a tiny price', () => {
    const wild: SimCoin = { ...BTC, id: 9, priceScale: 4, volatility: 25, drift: -5 };
    const ticks = run(3, wild, 5n, T0, 50_000);
    expect(ticks.every((t) => t.price > 0n && t.volume >= 0n && t.turnover >= 0n)).toBe(true);
    let price = 3n;
    for (let i = 0; i < 2000; i++) {
      const candle = simulateCandle(3, wild, price, T0 + i * 86_400_000, 86_400_000);
      expect(candle.l).toBeGreaterThan(0n);
      price = candle.c;
    }
  });

  it('realises the configured volatility, scaled to one second', () => {
    for (const coin of [BTC, EURUSD]) {
      const start = coin === BTC ? 6_000_000n : 108_000n;
      const ticks = run(11, coin, start, T0, 50_000);
      const realised = logReturnStdDev([start, ...ticks.map((t) => t.price)]);
      const expected = coin.volatility / Math.sqrt(SECONDS_PER_YEAR);
      expect(realised / expected).toBeGreaterThan(0.8);
      expect(realised / expected).toBeLessThan(1.25);
    }
  });

  it('trades a volume around the typical rate, with the turnover of that volume at the price', () => {
    const ticks = run(21, BTC, 6_000_000n, T0, 20_000);
    const units = ticks.reduce((sum, t) => sum + t.volume, 0n);
    const perSecond = Number(units) / 10 ** BTC.volumeScale / ticks.length;
    expect(perSecond).toBeGreaterThan(BTC.volumePerSecond * 0.5);
    expect(perSecond).toBeLessThan(BTC.volumePerSecond * 2);
    for (const tick of ticks.slice(0, 100)) {
      expect(tick.turnover).toBe(turnoverOf(tick.volume, tick.price, BTC));
    }
  });
});

describe('simulateCandle', () => {
  it('is deterministic and its high and low enclose open and close', () => {
    let price = 6_000_000n;
    for (let i = 0; i < 2000; i++) {
      const candle = simulateCandle(1, BTC, price, T0 + i * 3_600_000, 3_600_000);
      expect(simulateCandle(1, BTC, price, T0 + i * 3_600_000, 3_600_000)).toEqual(candle);
      expect(candle.t).toBe(T0 + i * 3_600_000);
      expect(candle.o).toBe(price);
      expect(candle.h >= candle.o && candle.h >= candle.c).toBe(true);
      expect(candle.l <= candle.o && candle.l <= candle.c).toBe(true);
      expect(candle.v).toBeGreaterThanOrEqual(0n);
      price = candle.c;
    }
  });

  it('realises the configured volatility at the candle resolution', () => {
    const closes = [6_000_000n];
    for (let i = 0; i < 8760; i++) {
      closes.push(simulateCandle(2, BTC, closes[i]!, T0 + i * 3_600_000, 3_600_000).c);
    }
    const expected = BTC.volatility * Math.sqrt(3600 / SECONDS_PER_YEAR);
    const ratio = logReturnStdDev(closes) / expected;
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  });

  it('keeps the traded value typical however far the price wanders from its reference', () => {
    const XRP: SimCoin = {
      id: 6,
      priceScale: 4,
      volumeScale: 1,
      volatility: 0.8,
      drift: 0,
      volumePerSecond: 25_000,
      referencePrice: 5_234n,
    };
    const week = 7 * 24 * 3_600_000;
    const atReference = simulateCandle(3, XRP, 5_234n, T0, week);
    // The same draw a thousand times higher: a thousandth of the coins, about the same value.
    const bubble = simulateCandle(3, XRP, 5_234_000n, T0, week);
    const ratio = Number(bubble.q) / Number(atReference.q);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // A week of a busy coin stays far inside a signed 64-bit column.
    expect(bubble.q).toBeLessThan(2n ** 63n / 100n);
  });
});

describe('money helpers', () => {
  it('turnoverOf is volume × price truncated to the turnover scale', () => {
    // 1.5 BTC (scale 6) at 60000.25 (scale 2) = 90000.375 at scale 6.
    expect(turnoverOf(1_500_000n, 6_000_025n, BTC)).toBe(90_000_375_000n);
    // Scales that sum to less than the turnover scale are widened exactly.
    expect(turnoverOf(3n, 7n, { priceScale: 1, volumeScale: 1 })).toBe(
      21n * 10n ** BigInt(TURNOVER_SCALE - 2),
    );
  });

  it('priceToMinor rounds and never goes below one minor unit', () => {
    expect(priceToMinor(1.005, 2)).toBe(100n);
    expect(priceToMinor(60000.256, 2)).toBe(6_000_026n);
    expect(priceToMinor(0.000001, 2)).toBe(1n);
  });
});
