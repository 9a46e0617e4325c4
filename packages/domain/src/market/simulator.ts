import type { CandleMinor } from './candles.ts';
import { normalAt, uniformAt } from './random.ts';

/**
 * The embedded price feed: a geometric random walk per coin with realistic volatility, drift and
 * volume. A step's randomness comes from outside as two standard normal draws (`TickDraws`) that
 * depend only on (coin, second) and a key: the live feed derives them from a secret with HMAC-SHA256
 * (see keyed-draws.ts), simulated history from a public seed (`seededTickDraws`). Either way a feed
 * restarted from its last recorded price continues as the clock says.
 */

/** The randomness of one step of the walk: one standard normal draw for the price, one for the volume. */
export interface TickDraws {
  priceZ: number;
  volumeZ: number;
}

/** The stream offset of the volume draws of the seeded walk, so they never reuse a price draw. */
const VOLUME_STREAM_OFFSET = 0x5bd1e995;

/** The draws of the public seeded walk for one coin and step (history, never the live feed). */
export function seededTickDraws(seed: number, coinId: number, stepKey: number): TickDraws {
  return {
    priceZ: normalAt(seed, coinId, stepKey),
    volumeZ: normalAt(seed, coinId + VOLUME_STREAM_OFFSET, stepKey),
  };
}

export interface SimCoin {
  id: number;
  /** Decimals of the price (2 for BTC/USDT, 5 for EUR/USD). */
  priceScale: number;
  /** Decimals of volume in base units. */
  volumeScale: number;
  /** Annualised volatility, e.g. 0.6 for 60 %. */
  volatility: number;
  /** Annualised drift, e.g. 0.05. */
  drift: number;
  /** Typical traded volume per second, in base units, when the price is at `referencePrice`. */
  volumePerSecond: number;
  /**
   * The price (minor units) at which `volumePerSecond` is typical. Away from it the volume in base
   * units scales inversely with the price, so that the traded value stays typical, as it does in real
   * markets, where people trade amounts of money rather than numbers of coins. Without it, years of
   * backfilled history that wander far above the reference would multiply the turnover by the same
   * factor, beyond any real market and beyond a 64-bit column.
   */
  referencePrice?: bigint;
}

export interface SimTick {
  vcId: number;
  timeMs: number;
  price: bigint;
  volume: bigint;
  /** Turnover in settlement-coin minor units at `turnoverScale`. */
  turnover: bigint;
}

/** Turnover (settlement coin) decimals used by every coin. */
export const TURNOVER_SCALE = 6;
const SECONDS_PER_YEAR = 365 * 24 * 3600;

const POW10: bigint[] = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

export function priceToMinor(price: number, scale: number): bigint {
  return BigInt(Math.max(1, Math.round(price * 10 ** scale)));
}

export function minorToNumber(minor: bigint, scale: number): number {
  return Number(minor) / 10 ** scale;
}

/** volume × price, truncated to the turnover scale; exact integer arithmetic. */
export function turnoverOf(
  volume: bigint,
  price: bigint,
  coin: Pick<SimCoin, 'priceScale' | 'volumeScale'>,
): bigint {
  const shift = coin.volumeScale + coin.priceScale - TURNOVER_SCALE;
  const product = volume * price;
  return shift >= 0 ? product / pow10(shift) : product * pow10(-shift);
}

/** One step of the walk over `seconds` from `price`, driven by the standard normal draw `z`. */
function nextPrice(coin: SimCoin, price: bigint, seconds: number, z: number): bigint {
  const dt = seconds / SECONDS_PER_YEAR;
  const logReturn =
    (coin.drift - (coin.volatility * coin.volatility) / 2) * dt + coin.volatility * Math.sqrt(dt) * z;
  const next = minorToNumber(price, coin.priceScale) * Math.exp(logReturn);
  return priceToMinor(next, coin.priceScale);
}

/**
 * Volume over `seconds` at `price`: log-normal around the typical rate (driven by the draw
 * `volumeZ`), busier when the price moves more (the price draw `priceZ`), and scaled to the price
 * (see `SimCoin.referencePrice`).
 */
function volumeFor(coin: SimCoin, seconds: number, draws: TickDraws, price: bigint): bigint {
  const noise = Math.exp(0.6 * draws.volumeZ - 0.18);
  const activity = 1 + 0.35 * Math.abs(draws.priceZ);
  const scale = coin.referencePrice && price > 0n ? Number(coin.referencePrice) / Number(price) : 1;
  const units = coin.volumePerSecond * seconds * noise * activity * scale;
  return BigInt(Math.round(units * 10 ** coin.volumeScale));
}

/**
 * The tick of second `timeMs` (a whole second; milliseconds are dropped), following
 * `previousPrice`, with the step's randomness `draws`.
 */
export function simulateTick(
  draws: TickDraws,
  coin: SimCoin,
  previousPrice: bigint,
  timeMs: number,
): SimTick {
  const second = Math.floor(timeMs / 1000) * 1000;
  const price = nextPrice(coin, previousPrice, 1, draws.priceZ);
  const volume = volumeFor(coin, 1, draws, price);
  return { vcId: coin.id, timeMs: second, price, volume, turnover: turnoverOf(volume, price, coin) };
}

/**
 * A whole candle of `intervalMs` from `openPrice`, for backfilling history older than the per-second
 * record. The close follows the same walk at the candle's resolution; high and low extend beyond open
 * and close by a Brownian-bridge-sized excursion, so wicks look like real markets.
 */
export function simulateCandle(
  seed: number,
  coin: SimCoin,
  openPrice: bigint,
  openTime: number,
  intervalMs: number,
): CandleMinor {
  const seconds = intervalMs / 1000;
  // Coarse steps use their own stream (negative keys), so they never reuse a per-second draw.
  const stepKey = -Math.floor(openTime / 1000) - seconds;
  const draws = seededTickDraws(seed, coin.id, stepKey);
  const close = nextPrice(coin, openPrice, seconds, draws.priceZ);
  const sigma = coin.volatility * Math.sqrt(seconds / SECONDS_PER_YEAR);
  const top = openPrice > close ? openPrice : close;
  const bottom = openPrice < close ? openPrice : close;
  const up = Math.exp(sigma * 0.6 * uniformAt(seed, coin.id, stepKey, 3));
  const down = Math.exp(-sigma * 0.6 * uniformAt(seed, coin.id, stepKey, 4));
  const high = priceToMinor(minorToNumber(top, coin.priceScale) * up, coin.priceScale);
  const low = priceToMinor(minorToNumber(bottom, coin.priceScale) * down, coin.priceScale);
  const average = (openPrice + close) / 2n;
  const volume = volumeFor(coin, seconds, draws, average);
  return {
    t: openTime,
    o: openPrice,
    h: high > top ? high : top,
    l: low < bottom ? low : bottom,
    c: close,
    v: volume,
    q: turnoverOf(volume, average, coin),
  };
}
