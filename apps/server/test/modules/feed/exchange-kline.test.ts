import { describe, expect, it } from 'vitest';
import {
  KlineTickConverter,
  parseKlineFrame,
  type KlineEvent,
  type KlineConverterOptions,
} from '../../../src/modules/feed/exchange-kline.ts';

const M = 1_717_243_200_000; // a minute boundary

function event(E: number, t: number, c: string, v: string, q: string, x = false, s = 'BTCUSDT'): KlineEvent {
  return { E, s, k: { t, T: t + 59_999, o: c, h: c, l: c, c, v, q, x } };
}

function converter(options: Partial<KlineConverterOptions> = {}, clock = { now: M }) {
  return new KlineTickConverter({
    symbols: [{ symbol: 'btcusdt', vcId: 1 }],
    scalesOf: () => ({ priceScale: 2, volumeScale: 5 }),
    now: () => clock.now,
    ...options,
  });
}

describe('kline frames', () => {
  it('reads combined-stream and bare kline events and nothing else', () => {
    const k = { t: M, T: M + 59_999, o: '1', c: '1', h: '1', l: '1', v: '0', q: '0', x: false };
    expect(
      parseKlineFrame(JSON.stringify({ stream: 'x', data: { e: 'kline', E: 5, s: 'btcusdt', k } })),
    ).toMatchObject({ E: 5, s: 'BTCUSDT' });
    expect(parseKlineFrame(JSON.stringify({ e: 'kline', E: 5, s: 'BTCUSDT', k }))).not.toBeNull();
    expect(parseKlineFrame('{"result":null,"id":1}')).toBeNull();
    expect(parseKlineFrame('{"e":"trade","E":5,"s":"BTCUSDT"}')).toBeNull();
    expect(parseKlineFrame(JSON.stringify({ e: 'kline', E: 5, s: 'BTCUSDT', k: { ...k, c: 1 } }))).toBeNull();
    expect(parseKlineFrame('not json')).toBeNull();
  });
});

describe('kline ticks', () => {
  it('makes one tick per second with the increase of the cumulative volume and turnover', () => {
    const c = converter();
    expect(c.accept(event(M + 400, M, '67000.12345', '0.5', '33500.061725'))).toEqual([
      { vcId: 1, timeMs: M, price: 6_700_012n, volume: 50_000n, turnover: 33_500_061_725n },
    ]);
    expect(c.accept(event(M + 1_300, M, '67001.00', '0.75', '50250.311725'))).toEqual([
      { vcId: 1, timeMs: M + 1_000, price: 6_700_100n, volume: 25_000n, turnover: 16_750_250_000n },
    ]);
  });

  it('never makes a tick at or before the last recorded second', () => {
    const c = converter({ lastTimeMs: () => M + 5_000 });
    expect(c.accept(event(M + 4_200, M, '1.00', '1', '1'))).toEqual([]);
    expect(c.accept(event(M + 6_200, M, '2.00', '3', '5'))).toEqual([
      { vcId: 1, timeMs: M + 6_000, price: 200n, volume: 300_000n, turnover: 5_000_000n },
    ]);
  });

  it('holds the last second until the close and ignores late frames of an old candle', () => {
    const c = converter();
    c.accept(event(M + 58_500, M, '1.00', '1', '1'));
    expect(c.accept(event(M + 59_300, M, '1.10', '2', '2'))).toEqual([]); // last second: held
    expect(c.accept(event(M + 60_010, M, '1.20', '3', '3', true))).toEqual([
      { vcId: 1, timeMs: M + 59_000, price: 120n, volume: 200_000n, turnover: 2_000_000n },
    ]);
    expect(c.accept(event(M + 60_500, M + 60_000, '1.30', '0.1', '0.13'))).toHaveLength(1);
    expect(c.accept(event(M + 60_600, M, '9.99', '9', '9', true))).toEqual([]);
    expect(c.stats.ignored).toBe(1);
  });

  it('sends a held last second when the next candle starts without a close frame, or when it waited too long', () => {
    const clock = { now: M };
    const c = converter({}, clock);
    c.accept(event(M + 59_200, M, '1.00', '1', '1'));
    expect(c.accept(event(M + 60_300, M + 60_000, '2.00', '0.5', '1'))).toEqual([
      { vcId: 1, timeMs: M + 59_000, price: 100n, volume: 100_000n, turnover: 1_000_000n },
      { vcId: 1, timeMs: M + 60_000, price: 200n, volume: 50_000n, turnover: 1_000_000n },
    ]);
    c.accept(event(M + 119_400, M + 60_000, '2.50', '0.7', '1.5'));
    expect(c.flushStale(3_000)).toEqual([]);
    clock.now += 3_000;
    expect(c.flushStale(3_000)).toEqual([
      { vcId: 1, timeMs: M + 119_000, price: 250n, volume: 20_000n, turnover: 500_000n },
    ]);
  });

  it('skips symbols it does not map and coins that are not fed now', () => {
    const c = converter({ scalesOf: (vcId) => (vcId === 1 ? undefined : { priceScale: 2, volumeScale: 5 }) });
    expect(c.accept(event(M, M, '1', '1', '1'))).toEqual([]);
    expect(c.accept(event(M, M, '1', '1', '1', false, 'SOLUSDT'))).toEqual([]);
    expect(c.stats).toMatchObject({ ignored: 2, ticks: 0 });
  });
});
