import type { Candle } from '@vela/contract';
import type { Interval } from '@vela/domain';

/** Loads the newest `limit` candles of a coin and interval, oldest first, in wire form. */
export type KlineLoader = (vcId: number, interval: Interval, limit: number) => Promise<Candle[]>;

interface Entry {
  candles: Candle[] | null;
  /** Updates that arrived while the first load was running; applied after it. */
  pending: Candle[];
  loading: Promise<void> | null;
  /**
   * The answers handed out since the last change, per limit: the same frozen array for the same
   * limit until the next update, so their encoding can be reused (decision 012).
   */
  views: Map<number, readonly Candle[]>;
}

/** Views kept per entry between two updates; more distinct limits than this start over. */
const MAX_VIEWS = 16;

/**
 * The newest candles (up to `capacity`) of each coin and interval that somebody asked for, kept
 * current by the feed's per-second updates, so the kline endpoint answers from memory. Only used
 * while a feed updates it (`live`): a node that records nothing reads the database instead, because
 * a cache nobody updates would freeze the chart.
 */
export class KlineCache {
  private entries = new Map<string, Entry>();
  live = false;

  constructor(
    private readonly loader: KlineLoader,
    readonly capacity = 1000,
  ) {}

  /**
   * The newest `limit` candles, oldest first. While live, the same frozen array is answered for the
   * same limit until the coin's candles change; callers must not (and cannot) change it.
   */
  async latest(vcId: number, interval: Interval, limit: number): Promise<readonly Candle[]> {
    if (!this.live) return this.loader(vcId, interval, Math.min(limit, this.capacity));
    const key = `${vcId}:${interval}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry = { candles: null, pending: [], loading: null, views: new Map() };
      created.loading = this.loader(vcId, interval, this.capacity).then(
        (candles) => {
          created.candles = candles;
          for (const candle of created.pending) put(candles, candle, this.capacity);
          created.pending = [];
          created.loading = null;
        },
        (error: unknown) => {
          // Forget the failed entry so the next request tries again.
          if (this.entries.get(key) === created) this.entries.delete(key);
          throw error;
        },
      );
      this.entries.set(key, created);
      entry = created;
    }
    if (entry.loading) await entry.loading;
    let view = entry.views.get(limit);
    if (!view) {
      const candles = entry.candles ?? [];
      view = Object.freeze(limit >= candles.length ? candles.slice() : candles.slice(candles.length - limit));
      if (entry.views.size >= MAX_VIEWS) entry.views.clear();
      entry.views.set(limit, view);
    }
    return view;
  }

  /** The current candle of a coin and interval changed (or a new one opened). */
  apply(vcId: number, interval: Interval, candle: Candle): void {
    const entry = this.entries.get(`${vcId}:${interval}`);
    if (!entry) return;
    entry.views.clear();
    if (entry.candles) put(entry.candles, candle, this.capacity);
    else entry.pending.push(candle);
  }

  /** Drops everything (coins changed, or history was written in bulk). */
  clear(): void {
    this.entries.clear();
  }
}

/** Replaces the candle with the same open time at the end, or appends a newer one. */
function put(candles: Candle[], candle: Candle, capacity: number): void {
  const last = candles[candles.length - 1];
  if (last && last.t === candle.t) {
    candles[candles.length - 1] = candle;
    return;
  }
  if (last && candle.t < last.t) {
    // An older candle: only replace it if present (a late write for a closed bucket).
    const index = candles.findIndex((c) => c.t === candle.t);
    if (index >= 0) candles[index] = candle;
    return;
  }
  candles.push(candle);
  // Trim in steps rather than on every push: splice moves the whole array.
  if (candles.length > capacity + 64) candles.splice(0, candles.length - capacity);
}
