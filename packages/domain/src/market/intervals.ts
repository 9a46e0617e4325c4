/**
 * Kline intervals and their buckets. Buckets are aligned to UTC; weeks start on Monday 00:00 UTC, as
 * on the major exchanges (the Unix epoch was a Thursday, hence the 4-day offset).
 */
export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE_MS = 60_000;
export const INTERVAL_MS: Record<Interval, number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': 1440 * MINUTE_MS,
  '1w': 7 * 1440 * MINUTE_MS,
};

const WEEK_OFFSET_MS = 4 * 1440 * MINUTE_MS;

export function isInterval(value: unknown): value is Interval {
  return typeof value === 'string' && (INTERVALS as readonly string[]).includes(value);
}

/** The open time of the bucket of `interval` that contains `timeMs`. */
export function bucketStart(timeMs: number, interval: Interval): number {
  const size = INTERVAL_MS[interval];
  if (interval === '1w') return Math.floor((timeMs - WEEK_OFFSET_MS) / size) * size + WEEK_OFFSET_MS;
  return Math.floor(timeMs / size) * size;
}
