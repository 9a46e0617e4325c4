import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawsFromDigest,
  feedDayOf,
  feedDayStart,
  nextFeedDay,
  simulateTick,
  tickDrawMessage,
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

/**
 * Stand-in 32-byte digests from a xorshift generator: the MAC itself needs a crypto library, which
 * the pure package does not use (the server's tests pin the full algorithm with HMAC-SHA256).
 */
function digests(seed: number): () => Uint8Array {
  let state = seed | 0 || 1;
  return () => {
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[i] = state & 0xff;
    }
    return bytes;
  };
}

describe('keyed draws (the published algorithm)', () => {
  it('keys a step by the coin and the whole second, in decimal', () => {
    expect(tickDrawMessage(3, 1_764_115_200_999)).toBe('3:1764115200');
    expect(tickDrawMessage(12, 0)).toBe('12:0');
  });

  it('turns the 32 bytes into Box-Muller normals of the four big-endian 52-bit uniforms', () => {
    // All zero bytes: every uniform is 0.5 / 2^52, the smallest one.
    const zeros = drawsFromDigest(new Uint8Array(32));
    const smallest = 0.5 / 2 ** 52;
    const expected = Math.sqrt(-2 * Math.log(smallest)) * Math.cos(2 * Math.PI * smallest);
    expect(zeros).toEqual({ priceZ: expected, volumeZ: expected });
    // Only the top 52 bits of a word count; the low 12 bits are ignored.
    const lowBits = new Uint8Array(32);
    lowBits[7] = 0xff;
    lowBits[6] = 0x0f;
    expect(drawsFromDigest(lowBits)).toEqual(zeros);
    // Byte 0 = 0x80 makes u0 = (2^51 + 0.5) / 2^52, just above one half.
    const half = new Uint8Array(32);
    half[0] = 0x80;
    const u0 = (2 ** 51 + 0.5) / 2 ** 52;
    expect(drawsFromDigest(half).priceZ).toBe(
      Math.sqrt(-2 * Math.log(u0)) * Math.cos(2 * Math.PI * smallest),
    );
    expect(() => drawsFromDigest(new Uint8Array(31))).toThrow();
  });

  it('always gives finite draws, also for the extreme digests', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const draws = drawsFromDigest(bytes);
        expect(Number.isFinite(draws.priceZ) && Number.isFinite(draws.volumeZ)).toBe(true);
      }),
    );
    const ones = drawsFromDigest(new Uint8Array(32).fill(0xff));
    expect(Number.isFinite(ones.priceZ)).toBe(true);
  });

  it('gives standard normals for uniformly random digests', () => {
    const n = 20_000;
    const next = digests(12345);
    let sum = 0;
    let squares = 0;
    let volumeSum = 0;
    for (let i = 0; i < n; i += 1) {
      const draws = drawsFromDigest(next());
      sum += draws.priceZ;
      squares += draws.priceZ * draws.priceZ;
      volumeSum += draws.volumeZ;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(volumeSum / n)).toBeLessThan(0.05);
    expect(squares / n).toBeGreaterThan(0.95);
    expect(squares / n).toBeLessThan(1.05);
  });

  it('drives the walk: the same digest and previous price give the same tick', () => {
    const t = Date.UTC(2026, 10, 26, 12, 0, 0);
    const digest = digests(7)();
    const a = simulateTick(drawsFromDigest(digest), BTC, 6_000_000n, t);
    expect(simulateTick(drawsFromDigest(digest.slice()), BTC, 6_000_000n, t)).toEqual(a);
    expect(a.timeMs).toBe(t);
    expect(a.price).toBeGreaterThan(0n);
    expect(simulateTick(drawsFromDigest(digests(8)()), BTC, 6_000_000n, t).price).not.toBe(a.price);
  });

  it('names UTC days', () => {
    const t = Date.UTC(2026, 10, 26, 23, 59, 59, 999);
    expect(feedDayOf(t)).toBe('2026-11-26');
    expect(feedDayOf(t + 1)).toBe('2026-11-27');
    expect(feedDayStart('2026-11-27')).toBe(t + 1);
    expect(nextFeedDay('2026-12-31')).toBe('2027-01-01');
    expect(() => feedDayStart('2026-02-30')).toThrow();
  });
});
