import type { Kysely } from 'kysely';
import type { KlineInterval } from '@vela/contract';
import { INTERVAL_MS } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { CoinCatalog, type MarketCoin } from './coin-catalog.ts';
import { cacheVersion } from '../system/cache-versions.ts';
import { latestCandles, loadFeedStates, minuteCandlesSince } from '../feed/feed-repository.ts';
import type { RecordedBatch, RecordingMarket } from '../feed/feed-engine.ts';
import type { FeedCoin } from '../feed/price-source.ts';
import { KlineCache } from './kline-cache.ts';
import { MarketEvents, type MarketUpdate } from './market-events.ts';
import { toWireCandle } from './market-format.ts';
import { TickerBook, type TickerSeed } from './ticker-book.ts';

export interface MarketRuntimeOptions {
  db: Kysely<Database>;
  now?: () => number;
  /**
   * How often (ms) a request may check the VC cache version for coin changes (default 1000): at
   * most one tiny read per interval on the hot path, and a coin change shows within it.
   */
  coinCheckMs?: number;
  /**
   * How often (ms) a node that records nothing itself re-reads the tickers from the database
   * (default 10 000). A node whose feed (or a relay of another node's feed) updates it never does.
   */
  snapshotRefreshMs?: number;
}

const DAY_MS = INTERVAL_MS['1d'];

/**
 * The market's in-memory state, shared by the HTTP routes, the feed engine and the live hub: the
 * coin catalogue, the ticker book, the kline cache and the update events. The routes answer from
 * it; the engine (when this node records the feed) feeds it after every committed second; without
 * an engine it serves what the database holds.
 */
export class MarketRuntime implements RecordingMarket {
  readonly events = new MarketEvents();
  readonly coins = new CoinCatalog();
  readonly book = new TickerBook();
  readonly klines: KlineCache;
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly coinCheckMs: number;
  private readonly snapshotRefreshMs: number;
  private loading: Promise<void> | null = null;
  private checking: Promise<boolean> | null = null;
  private lastCoinCheck = Number.NEGATIVE_INFINITY;
  private lastSnapshot = Number.NEGATIVE_INFINITY;
  private snapshotting: Promise<void> | null = null;
  private live = false;

  constructor(options: MarketRuntimeOptions) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.coinCheckMs = options.coinCheckMs ?? 1000;
    this.snapshotRefreshMs = options.snapshotRefreshMs ?? 10_000;
    this.klines = new KlineCache(async (vcId, interval, limit) => {
      const coin = this.coins.market(vcId);
      const candles = await latestCandles(this.db, vcId, interval, limit);
      return coin ? candles.map((c) => toWireCandle(c, coin)) : [];
    });
  }

  async loadCoins(): Promise<void> {
    await this.coins.load(this.db);
  }

  /** The coins the feed records: the enabled tradable ones, with the list's version. */
  recordedCoins(): { version: number; coins: readonly FeedCoin[] } {
    return { version: this.coins.version, coins: this.coins.marketCoins().map((coin) => coin.feed) };
  }

  coinListVersion(): number {
    return this.coins.version;
  }

  /** True while a feed updates this runtime every second. */
  get isLive(): boolean {
    return this.live;
  }

  /** A feed (the engine, or a relay of another node's feed) now updates this runtime, or stopped. */
  setLive(live: boolean): void {
    this.live = live;
    this.klines.live = live;
    if (!live) this.klines.clear();
  }

  /** Loads coins and tickers on first use; later calls wait for the same load. */
  ready(): Promise<void> {
    this.loading ??= this.reload().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Re-reads everything from the database: coins, tickers (last 24 h), and drops cached klines. */
  async reload(): Promise<void> {
    await this.coins.load(this.db);
    const coins = this.coins.marketCoins();
    this.book.rebuild(coins, await this.loadSeeds(coins));
    this.klines.clear();
    this.lastCoinCheck = this.now();
    this.lastSnapshot = this.lastCoinCheck;
    // Loaded now: a first `ready()` after this (the engine reloads at start) need not load again.
    this.loading ??= Promise.resolve();
  }

  /**
   * Called by every market request: makes sure the runtime is loaded and, at most once per
   * `coinCheckMs`, that the coin list is current. Usually returns without touching the database.
   */
  async freshen(): Promise<void> {
    await this.ready();
    const now = this.now();
    if (!this.live && now - this.lastSnapshot >= this.snapshotRefreshMs && !this.snapshotting) {
      // Nobody pushes updates to this node: refresh the tickers in the background, keep answering.
      this.lastSnapshot = now;
      this.snapshotting = this.reload()
        .catch((error: unknown) => console.error('[market] ticker snapshot failed', error))
        .finally(() => (this.snapshotting = null));
    }
    if (now - this.lastCoinCheck < this.coinCheckMs) return;
    this.checking ??= this.checkCoins().finally(() => (this.checking = null));
    await this.checking;
  }

  /** Reloads the coin list if its VC cache version moved; answers whether it did. */
  async checkCoins(): Promise<boolean> {
    this.lastCoinCheck = this.now();
    const version = await cacheVersion(this.db, 'VC');
    if (version === this.coins.version) return false;
    await this.coins.load(this.db);
    const coins = this.coins.marketCoins();
    const missing = this.book.missing(coins);
    this.book.syncCoins(coins, await this.loadSeeds(missing));
    // Scales or names may have changed: wire candles are rebuilt on demand.
    this.klines.clear();
    return true;
  }

  /** The engine hands over a committed batch: tickers, the kline cache, then the announcement. */
  applyRecorded(batch: RecordedBatch): void {
    const tickers = this.book.addTicks(batch.ticks);
    const candles: MarketUpdate['candles'] = [];
    for (const { vcId, interval, candle } of batch.candles) {
      const coin = this.coins.market(vcId);
      if (!coin) continue;
      const wire = toWireCandle(candle, coin);
      this.klines.apply(vcId, interval, wire);
      candles.push({ vcId, interval: interval as KlineInterval, candle: wire });
    }
    this.events.publish({ timeMs: batch.timeMs, tickers, candles });
  }

  /**
   * Takes an update announced by another node's feed (a relay, e.g. through Redis): the tickers as
   * they are and the current candles into the kline cache. Does not announce it again.
   */
  applyUpdate(update: MarketUpdate): void {
    this.book.replaceTickers(update.tickers);
    for (const { vcId, interval, candle } of update.candles) this.klines.apply(vcId, interval, candle);
  }

  private async loadSeeds(coins: readonly MarketCoin[]): Promise<Map<number, TickerSeed>> {
    const seeds = new Map<number, TickerSeed>();
    if (coins.length === 0) return seeds;
    const states = await loadFeedStates(this.db);
    const ids = coins.map((c) => c.id);
    // The day window ends at the latest recorded second; a day before it is where the ticker opens.
    // A coin never recorded has no second to count, and with nothing recorded at all the window ends now.
    const latest = Math.max(0, ...ids.map((id) => states.get(id)?.lastTimeMs ?? 0));
    const since = Math.floor(((latest || this.now()) - DAY_MS) / 60_000) * 60_000 + 60_000;
    const byCoin = await minuteCandlesSince(this.db, ids, since);
    for (const coin of coins) {
      const state = states.get(coin.id);
      seeds.set(coin.id, {
        minuteCandles: byCoin.get(coin.id) ?? [],
        lastPrice: state?.lastPrice,
        lastTimeMs: state?.lastTimeMs,
      });
    }
    return seeds;
  }
}
