/**
 * The 24-hour ticker figures (open, high, low, volume, turnover) kept up to date tick by tick. The
 * window is 1440 one-minute buckets: a tick updates the current bucket in constant time, and when a
 * minute rolls over the expired bucket's volume is subtracted and the extremes are recomputed over
 * the buckets once, instead of rescanning a day of ticks.
 */
const WINDOW_MINUTES = 1440;
const MINUTE_MS = 60_000;

interface Bucket {
  minute: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
}

export interface DayStats {
  open: bigint;
  high: bigint;
  low: bigint;
  last: bigint;
  volume: bigint;
  turnover: bigint;
  /** Time of the last sample. */
  timeMs: number;
}

export class RollingDayStats {
  private readonly buckets: Bucket[] = [];
  private volume = 0n;
  private turnover = 0n;
  private high = 0n;
  private low = 0n;
  private lastTime = 0;

  /** Adds one sample (tick or one-minute candle) in time order. */
  add(sample: {
    timeMs: number;
    open?: bigint;
    high?: bigint;
    low?: bigint;
    price: bigint;
    volume: bigint;
    turnover: bigint;
  }): void {
    const minute = Math.floor(sample.timeMs / MINUTE_MS);
    const open = sample.open ?? sample.price;
    const high = sample.high ?? sample.price;
    const low = sample.low ?? sample.price;
    const last = this.buckets[this.buckets.length - 1];
    if (last && last.minute === minute) {
      if (high > last.high) last.high = high;
      if (low < last.low) last.low = low;
      last.close = sample.price;
      last.volume += sample.volume;
      last.turnover += sample.turnover;
    } else {
      this.buckets.push({
        minute,
        open,
        high,
        low,
        close: sample.price,
        volume: sample.volume,
        turnover: sample.turnover,
      });
    }
    this.volume += sample.volume;
    this.turnover += sample.turnover;
    this.lastTime = sample.timeMs;
    if (this.expire(minute) || this.buckets.length === 1) this.recomputeExtremes();
    else {
      if (high > this.high) this.high = high;
      if (low < this.low) this.low = low;
    }
  }

  /** The figures as of the last sample, or null before the first. */
  stats(): DayStats | null {
    const first = this.buckets[0];
    const last = this.buckets[this.buckets.length - 1];
    if (!first || !last) return null;
    return {
      open: first.open,
      high: this.high,
      low: this.low,
      last: last.close,
      volume: this.volume,
      turnover: this.turnover,
      timeMs: this.lastTime,
    };
  }

  /** Drops buckets older than the window; true when any was dropped. */
  private expire(currentMinute: number): boolean {
    let dropped = false;
    while (this.buckets.length > 0 && this.buckets[0]!.minute <= currentMinute - WINDOW_MINUTES) {
      const old = this.buckets.shift()!;
      this.volume -= old.volume;
      this.turnover -= old.turnover;
      dropped = true;
    }
    return dropped;
  }

  private recomputeExtremes(): void {
    const first = this.buckets[0];
    if (!first) return;
    let high = first.high;
    let low = first.low;
    for (const bucket of this.buckets) {
      if (bucket.high > high) high = bucket.high;
      if (bucket.low < low) low = bucket.low;
    }
    this.high = high;
    this.low = low;
  }
}
