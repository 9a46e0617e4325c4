import type { CandleMinor } from './candles.ts';
import { normalAt, uniformAt } from './random.ts';

/**
 * The embedded price feed: a seeded geometric random walk per coin with realistic volatility, drift
 * and volume. Each step's randomness depends only on (seed, coin, time), so the same seed yields the
 * same ticks, and a feed restarted from its last recorded price continues as the clock says.
 */

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

/** One step of the walk over `seconds`, from `price` at `stepKey` (the step's time in seconds). */
function nextPrice(
  seed: number,
  coin: SimCoin,
  price: bigint,
  stepKey: number,
  seconds: number,
): { price: bigint; z: number } {
  const dt = seconds / SECONDS_PER_YEAR;
  const z = normalAt(seed, coin.id, stepKey);
  const logReturn =
    (coin.drift - (coin.volatility * coin.volatility) / 2) * dt + coin.volatility * Math.sqrt(dt) * z;
  const next = minorToNumber(price, coin.priceScale) * Math.exp(logReturn);
  return { price: priceToMinor(next, coin.priceScale), z };
}

/**
 * Volume over `seconds` at `price`: log-normal around the typical rate, busier when the price moves
 * more, and scaled to the price (see `SimCoin.referencePrice`).
 */
function volumeFor(
  seed: number,
  coin: SimCoin,
  stepKey: number,
  seconds: number,
  z: number,
  price: bigint,
): bigint {
  const noise = Math.exp(0.6 * normalAt(seed, coin.id + 0x5bd1e995, stepKey) - 0.18);
  const activity = 1 + 0.35 * Math.abs(z);
  const scale = coin.referencePrice && price > 0n ? Number(coin.referencePrice) / Number(price) : 1;
  const units = coin.volumePerSecond * seconds * noise * activity * scale;
  return BigInt(Math.round(units * 10 ** coin.volumeScale));
}

/** The tick of second `timeMs` (a whole second), following `previousPrice`. */
export function simulateTick(seed: number, coin: SimCoin, previousPrice: bigint, timeMs: number): SimTick {
  const stepKey = Math.floor(timeMs / 1000);
  const { price, z } = nextPrice(seed, coin, previousPrice, stepKey, 1);
  const volume = volumeFor(seed, coin, stepKey, 1, z, price);
  return { vcId: coin.id, timeMs: stepKey * 1000, price, volume, turnover: turnoverOf(volume, price, coin) };
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
  const { price: close, z } = nextPrice(seed, coin, openPrice, stepKey, seconds);
  const sigma = coin.volatility * Math.sqrt(seconds / SECONDS_PER_YEAR);
  const top = openPrice > close ? openPrice : close;
  const bottom = openPrice < close ? openPrice : close;
  const up = Math.exp(sigma * 0.6 * uniformAt(seed, coin.id, stepKey, 3));
  const down = Math.exp(-sigma * 0.6 * uniformAt(seed, coin.id, stepKey, 4));
  const high = priceToMinor(minorToNumber(top, coin.priceScale) * up, coin.priceScale);
  const low = priceToMinor(minorToNumber(bottom, coin.priceScale) * down, coin.priceScale);
  const average = (openPrice + close) / 2n;
  const volume = volumeFor(seed, coin, stepKey, seconds, z, average);
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
