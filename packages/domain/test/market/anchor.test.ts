import { describe, expect, it } from 'vitest';
import { anchorBackfill, backfillHistory, INTERVALS, type SimCoin } from '../../src/index.ts';

const coin: SimCoin = {
  id: 7,
  priceScale: 2,
  volumeScale: 6,
  volatility: 0.6,
  drift: 0.05,
  volumePerSecond: 0.5,
};
const tiers = [
  { resolution: '1h' as const, durationMs: 30 * 86_400_000 },
  { resolution: '1m' as const, durationMs: 86_400_000 },
];

describe('anchorBackfill', () => {
  it('ends the history at the anchor price and keeps every candle consistent', () => {
    const raw = backfillHistory(11, coin, 6_400_000n, Date.UTC(2026, 0, 5), tiers);
    const anchored = anchorBackfill(raw, 6_400_000n);
    expect(anchored.lastPrice).toBe(6_400_000n);
    const minutes = anchored.candles['1m'];
    expect(minutes[minutes.length - 1]?.c).toBe(6_400_000n);
    for (const interval of INTERVALS) {
      for (const c of anchored.candles[interval]) {
        expect(c.h >= c.o && c.h >= c.c && c.l <= c.o && c.l <= c.c).toBe(true);
        expect(c.l > 0n).toBe(true);
      }
      expect(anchored.candles[interval].map((c) => c.v)).toEqual(raw.candles[interval].map((c) => c.v));
    }
  });

  it('keeps percentage moves: the first and last closes keep their ratio', () => {
    const raw = backfillHistory(12, coin, 1_000_000n, Date.UTC(2026, 0, 5), tiers);
    const anchored = anchorBackfill(raw, 3_000_000n);
    const rawFirst = Number(raw.candles['1h'][0]!.c);
    const first = Number(anchored.candles['1h'][0]!.c);
    expect(first / 3_000_000).toBeCloseTo(rawFirst / Number(raw.lastPrice), 4);
  });

  it('refuses a non-positive anchor', () => {
    const raw = backfillHistory(13, coin, 1_000_000n, Date.UTC(2026, 0, 5), tiers);
    expect(() => anchorBackfill(raw, 0n)).toThrow(RangeError);
  });
});
