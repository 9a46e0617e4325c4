import type { TickDraws } from './simulator.ts';

/**
 * The published algorithm of the live feed's randomness (docs/verifying-prices.md).
 *
 * The live walk of every coin draws each second's randomness from HMAC-SHA256 keyed with the secret
 * of the second's UTC day. The server holds the secret until the day has ended and publishes its
 * SHA-256 commitment before the day starts, so nobody can compute a future price, and anyone can
 * recompute a past day once its secret is revealed. This module is the pure half: the message that
 * is authenticated and how the 32 bytes of the MAC become the two normal draws. Computing the MAC
 * itself needs a crypto library and lives with the caller (node:crypto on the server and in the
 * verification tool).
 */

/** The name and version of the algorithm, served with the commitments. */
export const KEYED_DRAWS_ALGORITHM = { name: 'vela-hmac-sha256-box-muller', version: 1 } as const;

/** Bytes of a day's secret (256 bits). */
export const FEED_SECRET_BYTES = 32;

const DAY_MS = 86_400_000;
/** 2^32 and 2^52: the draws use the top 52 bits of each 64-bit word, so they are exact doubles. */
const TWO_POW_32 = 0x1_0000_0000;
const TWO_POW_52 = 2 ** 52;

/**
 * The message authenticated for one coin and second: the coin id and the whole second since the
 * epoch (`floor(timeMs / 1000)`), both in decimal without leading zeros, joined by a colon, as
 * UTF-8 ("3:1764115200").
 */
export function tickDrawMessage(vcId: number, timeMs: number): string {
  return `${vcId}:${Math.floor(timeMs / 1000)}`;
}

/** The UTC day ("YYYY-MM-DD") a moment belongs to: the day whose secret keys its tick. */
export function feedDayOf(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/** The first millisecond of a UTC day given as "YYYY-MM-DD". */
export function feedDayStart(day: string): number {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (!Number.isFinite(start) || feedDayOf(start) !== day) throw new Error(`Not a UTC day: "${day}"`);
  return start;
}

/** The day after `day`, as "YYYY-MM-DD". */
export function nextFeedDay(day: string): string {
  return feedDayOf(feedDayStart(day) + DAY_MS);
}

/**
 * A uniform number strictly inside (0, 1) from the 8 bytes at `offset`, read as a big-endian
 * unsigned 64-bit integer of which the top 52 bits are kept: u = (top52 + 0.5) / 2^52. Every step is
 * exact in IEEE double arithmetic.
 */
function uniformFrom(bytes: Uint8Array, offset: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, 8);
  const high = view.getUint32(0, false);
  const low = view.getUint32(4, false);
  const top52 = high * (TWO_POW_52 / TWO_POW_32) + Math.floor(low / 4096);
  return (top52 + 0.5) / TWO_POW_52;
}

/** A standard normal draw from two uniforms (Box–Muller, cosine branch). */
function boxMuller(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * The two draws of a step from the 32 bytes of its MAC: four uniforms u0..u3 from bytes 0-7, 8-15,
 * 16-23 and 24-31; the price draw from (u0, u1), the volume draw from (u2, u3).
 */
export function drawsFromDigest(digest: Uint8Array): TickDraws {
  if (digest.length !== 32) throw new Error(`A tick's MAC has 32 bytes, got ${digest.length}`);
  return {
    priceZ: boxMuller(uniformFrom(digest, 0), uniformFrom(digest, 8)),
    volumeZ: boxMuller(uniformFrom(digest, 16), uniformFrom(digest, 24)),
  };
}
