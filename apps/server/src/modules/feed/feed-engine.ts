import type { Kysely } from 'kysely';
import {
  applyTick,
  backfillHistory,
  bucketStart,
  DEFAULT_BACKFILL_TIERS,
  INTERVAL_MS,
  INTERVALS,
  mergeCandle,
  simulateCandle,
  type BackfillResult,
  type BackfillTier,
  type CandleMinor,
  type Interval,
  type SimTick,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import {
  insertTicks,
  latestCandle,
  loadFeedStates,
  pruneTicks,
  saveFeedStates,
  upsertCandles,
  type CandleWrite,
  type FeedStateRow,
} from './feed-repository.ts';
import type { LiveDraws } from './feed-secrets.ts';
import type { FeedCoin, PriceSource, PriceSourceContext } from './price-source.ts';
import { prepareBatch, simulatedBatch, simulateSeconds } from './simulator-source.ts';

/**
 * The feed engine: records the price feed and keeps the market's hot state.
 *
 * Every second the source delivers one tick per coin. The engine folds the ticks into the open
 * candle of each of the 8 intervals (kept in memory), then commits in ONE transaction the tick rows,
 * the candle rows it changed and each coin's resume point (`feed_state`). Only after the commit does
 * it update the ticker book and announce the second: what clients see has always been recorded
 * first, which is what settlements rely on.
 *
 * Randomness: every per-second tick the simulator records (live, or caught up after a stall or a
 * restart) is drawn with `draws`, keyed by the secret of its UTC day (decision 034), so nobody can
 * compute a future price. Simulated history (the backfill and the whole minutes or hours that fill a
 * long downtime) is no per-second record anyone trades on; it keeps the walk seeded by `seed`.
 *
 * History:
 * - first start of a coin (no resume point): `backfill` 'full' simulates years of candles (see
 *   DEFAULT_BACKFILL_TIERS) so charts and rankings are full at once; 'short' one day of minutes
 *   (tests); 'none' nothing;
 * - restart: the seconds the server was down are filled from the resume point, second by second for
 *   gaps up to an hour; longer gaps by whole simulated minutes (hours beyond the week that minutes
 *   are kept for), with per-second ticks for the partial minutes at both ends. The unique key of
 *   `price_tick` makes a second recorded twice impossible.
 *
 * Work on the database is serialised (one batch at a time), so the in-memory candles always
 * continue the rows last committed.
 */

export type BackfillMode = 'full' | 'short' | 'none';

/**
 * The public seed of simulated history (backfill and long-downtime candles) when FEED_SEED is not
 * set. Nobody trades on the past, so it needs no secret; the recorded seconds never use it.
 */
export const PUBLIC_HISTORY_SEED = 20241122;

export interface FeedLog {
  info(message: string, details?: object): void;
  warn(message: string, details?: object): void;
  error(message: string, details?: object): void;
}

/** One committed batch of the feed, as the engine hands it to the market. */
export interface RecordedBatch {
  /** The latest second in the batch. */
  timeMs: number;
  ticks: readonly SimTick[];
  /** The current candle of every interval of every coin that ticked. */
  candles: readonly { vcId: number; interval: Interval; candle: CandleMinor }[];
}

/**
 * The market the engine records for: it lists the coins to record and hears of every committed
 * batch. The engine owns this interface because it is the one that uses it; the market runtime
 * implements it and `src/engines.ts` connects the two.
 */
export interface RecordingMarket {
  /** Re-reads the coin list from the database. */
  loadCoins(): Promise<void>;
  /** The coins to record now, with the version of the coin list they were read at. */
  recordedCoins(): { version: number; coins: readonly FeedCoin[] };
  /** The version of the coin list alone: checked after every batch, so it builds no list. */
  coinListVersion(): number;
  /** Re-reads the hot state (tickers, klines) from the database. */
  reload(): Promise<void>;
  /** The engine now updates the market every second, or stopped doing so. */
  setLive(live: boolean): void;
  applyRecorded(batch: RecordedBatch): void;
  /** Picks up coin changes committed by other writers (operators enabling a coin). */
  freshen(): Promise<void>;
}

export interface FeedEngineOptions {
  db: Kysely<Database>;
  market: RecordingMarket;
  /** Delivers the live ticks; null for a manually driven engine (tests call `tickOnce`). */
  source?: PriceSource | null;
  /**
   * The keyed randomness of the recorded seconds (feed-secrets.ts); null when nothing is ever
   * simulated second by second (a real exchange source, which also sets `fillDowntime` false).
   */
  draws: LiveDraws | null;
  /** The public seed of simulated history: backfilled candles and long-downtime candles. */
  seed: number;
  backfill: BackfillMode;
  tickRetentionDays: number;
  /**
   * The earliest instant whose ticks something still needs, if any: an open timed order's open and
   * settlement ticks are read from the recorded ticks (decision 035), so they are kept past the
   * retention until it settles.
   */
  ticksNeededFrom?: () => Promise<number | undefined>;
  now?: () => number;
  log?: FeedLog;
  /** Downtime up to this many seconds is filled second by second (default 3600). */
  perSecondGapSeconds?: number;
  /** Tiers of a 'full' backfill (default DEFAULT_BACKFILL_TIERS). */
  fullBackfillTiers?: BackfillTier[];
  /**
   * Fill the seconds the feed was down with the simulator (default true). A real exchange source
   * sets this false (and `backfill` 'none'): invented prices between real ones would be dishonest,
   * so the record keeps the gap.
   */
  fillDowntime?: boolean;
}

const SECOND_MS = 1000;
const MINUTE_MS = INTERVAL_MS['1m'];
const HOUR_MS = INTERVAL_MS['1h'];
const DAY_MS = INTERVAL_MS['1d'];
/** Gap filling uses minute candles within this window before now, hour candles before it. */
const MINUTE_WINDOW_MS = 7 * DAY_MS;
/** Rows (ticks + candles) per transaction while backfilling or filling a gap. */
const ROWS_PER_TRANSACTION = 20_000;

export const SHORT_BACKFILL_TIERS: BackfillTier[] = [{ resolution: '1m', durationMs: DAY_MS }];

const RANK = Object.fromEntries(INTERVALS.map((interval, index) => [interval, index])) as Record<
  Interval,
  number
>;

interface CoinState {
  coin: FeedCoin;
  lastTimeMs: number;
  lastPrice: bigint;
  /** The newest candle of each interval: the one the next tick continues or closes. */
  candles: Map<Interval, CandleMinor>;
}

const silentLog: FeedLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Candle writes keyed by coin, interval and open time: the last state of each row wins. */
class Pending {
  ticks: SimTick[] = [];
  candles = new Map<string, CandleWrite>();
  states = new Map<number, FeedStateRow>();

  candle(vcId: number, interval: Interval, candle: CandleMinor): void {
    this.candles.set(`${vcId}:${interval}:${candle.t}`, { vcId, interval, candle });
  }

  get rows(): number {
    return this.ticks.length + this.candles.size;
  }

  async commit(db: Kysely<Database>): Promise<void> {
    if (this.rows === 0 && this.states.size === 0) return;
    const candles = [...this.candles.values()];
    const ticks = this.ticks;
    const states = [...this.states.values()];
    await db.transaction().execute(async (trx) => {
      await insertTicks(trx, ticks);
      await upsertCandles(trx, candles);
      await saveFeedStates(trx, states);
    });
    this.ticks = [];
    this.candles.clear();
    this.states.clear();
  }
}

export class FeedEngine {
  private readonly db: Kysely<Database>;
  private readonly market: RecordingMarket;
  private readonly source: PriceSource | null;
  private readonly draws: LiveDraws | null;
  private readonly seed: number;
  private readonly backfill: BackfillMode;
  private readonly retentionMs: number;
  private readonly ticksNeededFrom: () => Promise<number | undefined>;
  private readonly now: () => number;
  private readonly log: FeedLog;
  private readonly perSecondGapMs: number;
  private readonly fullTiers: BackfillTier[];
  private readonly fillDowntime: boolean;
  private states = new Map<number, CoinState>();
  private coinsVersion = -1;
  private queue: Promise<unknown> = Promise.resolve();
  private lastPruneMinute = Number.NaN;
  private running = false;
  private readonly context: PriceSourceContext;

  constructor(options: FeedEngineOptions) {
    this.db = options.db;
    this.market = options.market;
    this.source = options.source ?? null;
    this.draws = options.draws;
    this.seed = options.seed;
    this.backfill = options.backfill;
    this.retentionMs = options.tickRetentionDays * DAY_MS;
    this.ticksNeededFrom = options.ticksNeededFrom ?? (async () => undefined);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? silentLog;
    this.perSecondGapMs = (options.perSecondGapSeconds ?? 3600) * SECOND_MS;
    this.fullTiers = options.fullBackfillTiers ?? DEFAULT_BACKFILL_TIERS;
    this.fillDowntime = options.fillDowntime ?? true;
    this.context = {
      coins: () => [...this.states.values()].map((state) => state.coin),
      lastPrice: (vcId) => this.states.get(vcId)?.lastPrice,
      lastTimeMs: (vcId) => this.states.get(vcId)?.lastTimeMs,
    };
  }

  /** What a source sees: the coins and their last recorded second and price. */
  get sourceContext(): PriceSourceContext {
    return this.context;
  }

  /**
   * Brings the record up to now (backfill for new coins, downtime for known ones), rebuilds the
   * market's hot state from the database and starts the source.
   */
  async start(): Promise<void> {
    if (this.running) throw new Error('The feed engine is already running');
    const started = this.now();
    await this.exclusive(async () => {
      // Everything resumes from the database, also when this engine ran before.
      this.states = new Map();
      await this.market.loadCoins();
      await this.syncCoins(this.secondOf(this.now()));
      // Today's secret and the next day's commitment exist from the start, ticks or not.
      if (this.draws) await this.draws.prepare(this.now(), this.now());
    });
    await this.market.reload();
    this.market.setLive(true);
    this.running = true;
    this.log.info('price feed ready', {
      coins: this.states.size,
      source: this.source?.name ?? 'manual',
      backfill: this.backfill,
      ms: this.now() - started,
    });
    if (this.source) await this.source.start(this.context, (ticks) => this.record(ticks));
  }

  /** Stops the source and waits for the batch in flight. */
  async stop(): Promise<void> {
    if (this.source) await this.source.stop();
    await this.queue.catch(() => undefined);
    if (this.running) this.market.setLive(false);
    this.running = false;
  }

  /**
   * Simulates and records every coin's seconds after its last recorded one up to `timeMs` (a whole
   * second): one second when called second by second. For tests and tools; the live feed comes
   * from the source.
   */
  async tickOnce(timeMs: number): Promise<void> {
    const draws = this.liveDraws();
    const second = this.secondOf(timeMs);
    await prepareBatch(draws, this.context, second);
    return this.record(simulatedBatch(draws, this.context, second));
  }

  /** The sink of the source: records a batch of ticks, then announces it. */
  record(ticks: readonly SimTick[]): Promise<void> {
    return this.exclusive(async () => {
      await this.followCoinChanges();
      const accepted = this.accept(ticks);
      if (accepted.length === 0) return;

      // Work on copies, adopted only after the commit: a failed commit leaves memory as it was.
      const pending = new Pending();
      const next = new Map<number, CoinState>();
      for (const tick of accepted) {
        let state = next.get(tick.vcId);
        if (!state) {
          const current = this.states.get(tick.vcId)!;
          state = { ...current, candles: new Map(current.candles) };
          next.set(tick.vcId, state);
        }
        this.foldTick(state, tick, pending);
      }
      for (const state of next.values()) pending.states.set(state.coin.id, this.stateRow(state));
      await pending.commit(this.db);

      let latest = 0;
      const candles: { vcId: number; interval: Interval; candle: CandleMinor }[] = [];
      for (const state of next.values()) {
        this.states.set(state.coin.id, state);
        if (state.lastTimeMs > latest) latest = state.lastTimeMs;
        for (const [interval, candle] of state.candles)
          candles.push({ vcId: state.coin.id, interval, candle });
      }
      this.market.applyRecorded({ timeMs: latest, ticks: accepted, candles });
      await this.pruneIfDue(latest);
    });
  }

  /** Ticks of known coins, on whole seconds, after each coin's last second, in time order. */
  private accept(ticks: readonly SimTick[]): SimTick[] {
    const sorted = [...ticks].sort((a, b) => a.timeMs - b.timeMs || a.vcId - b.vcId);
    const lastSeen = new Map<number, number>();
    const accepted: SimTick[] = [];
    for (const tick of sorted) {
      const state = this.states.get(tick.vcId);
      if (!state || tick.timeMs % SECOND_MS !== 0 || tick.price <= 0n) continue;
      const last = lastSeen.get(tick.vcId) ?? state.lastTimeMs;
      if (tick.timeMs <= last) continue;
      lastSeen.set(tick.vcId, tick.timeMs);
      accepted.push(tick);
    }
    return accepted;
  }

  private foldTick(state: CoinState, tick: SimTick, pending: Pending): void {
    for (const interval of INTERVALS) {
      const candle = applyTick(state.candles.get(interval) ?? null, tick, interval);
      state.candles.set(interval, candle);
      pending.candle(state.coin.id, interval, candle);
    }
    pending.ticks.push(tick);
    state.lastTimeMs = tick.timeMs;
    state.lastPrice = tick.price;
  }

  /** Folds a simulated candle of `resolution` into that interval and every coarser one. */
  private foldCandle(state: CoinState, candle: CandleMinor, resolution: Interval, pending: Pending): void {
    for (const interval of INTERVALS) {
      if (RANK[interval] < RANK[resolution]) continue;
      const next =
        interval === resolution ? candle : mergeCandle(state.candles.get(interval) ?? null, candle, interval);
      state.candles.set(interval, next);
      pending.candle(state.coin.id, interval, next);
    }
    state.lastPrice = candle.c;
    state.lastTimeMs = candle.t + INTERVAL_MS[resolution] - SECOND_MS;
  }

  private stateRow(state: CoinState): FeedStateRow {
    return { vcId: state.coin.id, lastTimeMs: state.lastTimeMs, lastPrice: state.lastPrice };
  }

  /** Picks up coins enabled or disabled since the last batch (the VC cache version moved). */
  private async followCoinChanges(): Promise<void> {
    await this.market.freshen();
    if (this.market.coinListVersion() === this.coinsVersion) return;
    const added = await this.syncCoins(this.secondOf(this.now()));
    // New coins bring history the ticker book has not seen.
    if (added > 0) await this.market.reload();
  }

  /**
   * Makes the engine's coins the catalogue's market coins: a coin that is new to the engine gets
   * its history (backfill) or has its downtime filled up to `nowSecond`; a coin no longer listed
   * stops ticking. Answers how many coins were added.
   */
  private async syncCoins(nowSecond: number): Promise<number> {
    const { version, coins } = this.market.recordedCoins();
    this.coinsVersion = version;
    const listed = new Map(coins.map((coin) => [coin.id, coin]));
    for (const [id, state] of [...this.states]) {
      const feed = listed.get(id);
      if (feed) state.coin = feed;
      else this.states.delete(id);
    }
    const added = coins.filter((c) => !this.states.has(c.id));
    if (added.length === 0) return 0;
    const saved = await loadFeedStates(this.db);
    for (const feed of added) {
      const state = saved.get(feed.id);
      const coinState = state ? await this.resume(feed, state) : await this.initialise(feed, nowSecond);
      if (this.fillDowntime) await this.catchUp(coinState, nowSecond);
      this.states.set(feed.id, coinState);
    }
    await this.pruneIfDue(nowSecond);
    return added.length;
  }

  private async resume(coin: FeedCoin, saved: FeedStateRow): Promise<CoinState> {
    const candles = new Map<Interval, CandleMinor>();
    for (const interval of INTERVALS) {
      const candle = await latestCandle(this.db, coin.id, interval);
      if (candle) candles.set(interval, candle);
    }
    return { coin, lastTimeMs: saved.lastTimeMs, lastPrice: saved.lastPrice, candles };
  }

  /** First start of a coin: history per the backfill mode, and the resume point after it. */
  private async initialise(coin: FeedCoin, nowSecond: number): Promise<CoinState> {
    const state: CoinState = {
      coin,
      lastTimeMs: nowSecond - SECOND_MS,
      lastPrice: coin.referencePrice,
      candles: new Map(),
    };
    const pending = new Pending();
    if (this.backfill !== 'none') {
      const tiers = this.backfill === 'full' ? this.fullTiers : SHORT_BACKFILL_TIERS;
      const history = anchoredBackfill(this.seed, coin, nowSecond, tiers);
      for (const interval of INTERVALS) {
        const candles = history.candles[interval];
        for (const candle of candles) {
          pending.candle(coin.id, interval, candle);
          if (pending.rows >= ROWS_PER_TRANSACTION) await pending.commit(this.db);
        }
        const last = candles[candles.length - 1];
        if (last) state.candles.set(interval, last);
      }
      state.lastTimeMs = history.endMs - SECOND_MS;
      state.lastPrice = history.lastPrice;
    }
    // The resume point goes with the last rows: a crash before it repeats the (idempotent) backfill.
    pending.states.set(coin.id, this.stateRow(state));
    await pending.commit(this.db);
    return state;
  }

  /** Fills a coin's record from its last second up to `target` (inclusive). */
  private async catchUp(state: CoinState, target: number): Promise<void> {
    if (target <= state.lastTimeMs) return;
    const pending = new Pending();
    const flushIfFull = async () => {
      if (pending.rows < ROWS_PER_TRANSACTION) return;
      pending.states.set(state.coin.id, this.stateRow(state));
      await pending.commit(this.db);
    };
    const draws = this.liveDraws();
    const seconds = async (until: number) => {
      // At most an hour of seconds at a time keeps memory flat.
      while (state.lastTimeMs < until) {
        const to = Math.min(until, state.lastTimeMs + HOUR_MS);
        await draws.prepare(state.lastTimeMs + SECOND_MS, to);
        for (const tick of simulateSeconds(draws, state.coin, state.lastPrice, state.lastTimeMs, to)) {
          this.foldTick(state, tick, pending);
          await flushIfFull();
        }
      }
    };
    const candles = async (resolution: Interval, until: number) => {
      const size = INTERVAL_MS[resolution];
      for (let t = state.lastTimeMs + SECOND_MS; t + size <= until; t += size) {
        const candle = simulateCandle(this.seed, state.coin, state.lastPrice, t, size);
        this.foldCandle(state, candle, resolution, pending);
        await flushIfFull();
      }
    };

    const gapFrom = state.lastTimeMs;
    if (target - state.lastTimeMs <= this.perSecondGapMs) {
      await seconds(target);
    } else {
      // The rest of the minute the record stopped in, second by second.
      await seconds(bucketStart(state.lastTimeMs, '1m') + MINUTE_MS - SECOND_MS);
      const lastMinute = bucketStart(target, '1m');
      const minutesFrom = bucketStart(target - MINUTE_WINDOW_MS, '1h');
      const firstHour = bucketStart(state.lastTimeMs + SECOND_MS + HOUR_MS - 1, '1h');
      if (minutesFrom > firstHour) {
        // Older than the minute window: minutes up to the first whole hour, then hours.
        await candles('1m', firstHour);
        await candles('1h', minutesFrom);
      }
      await candles('1m', lastMinute);
      await seconds(target);
    }
    pending.states.set(state.coin.id, this.stateRow(state));
    await pending.commit(this.db);
    if (target - gapFrom > SECOND_MS) {
      this.log.info('price feed gap filled', { vcId: state.coin.id, fromMs: gapFrom, toMs: target });
    }
  }

  /**
   * Once a minute of feed time, ticks older than the retention window are deleted, except those
   * something still needs.
   */
  private async pruneIfDue(timeMs: number): Promise<void> {
    const minute = Math.floor(timeMs / MINUTE_MS);
    if (minute === this.lastPruneMinute) return;
    this.lastPruneMinute = minute;
    const before = Math.min(timeMs - this.retentionMs, (await this.ticksNeededFrom()) ?? Infinity);
    let removed = 0;
    for (const id of this.states.keys()) removed += await pruneTicks(this.db, id, before);
    if (removed > 0) this.log.info('old ticks pruned', { removed, beforeMs: before });
  }

  /** The keyed randomness; an engine built without it (an exchange feed) never simulates seconds. */
  private liveDraws(): LiveDraws {
    if (!this.draws) throw new Error('This feed engine has no keyed randomness: it cannot simulate seconds');
    return this.draws;
  }

  private secondOf(timeMs: number): number {
    return Math.floor(timeMs / SECOND_MS) * SECOND_MS;
  }

  /** Runs database work one piece at a time, in call order. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** Extra decimals of the probe walk: fine enough that rounding to minor units cannot steer it. */
const PROBE_EXTRA_DECIMALS = 6;

/**
 * Backfilled history that ends near the coin's reference price. The walk runs forward from its
 * start, so where it ends is chance; but its returns are multiplicative and its draws depend only on
 * time, so the path scales with the start price. A probe walk at six extra decimals (where rounding
 * to minor units cannot steer it) measures the factor the history moves the price by; the history
 * then starts at the reference divided by that factor. Without this, years of random walk would
 * leave BTC anywhere. Rounding at the coin's own scale bends the real path a little, so when it
 * still misses by more than 2 %, one correction pass follows.
 */
export function anchoredBackfill(
  seed: number,
  coin: FeedCoin,
  endMs: number,
  tiers: BackfillTier[],
): BackfillResult {
  const reference = coin.referencePrice > 0n ? coin.referencePrice : 1n;
  const boost = 10n ** BigInt(PROBE_EXTRA_DECIMALS);
  const fine = { ...coin, priceScale: coin.priceScale + PROBE_EXTRA_DECIMALS };
  const probe = backfillHistory(seed, fine, reference * boost, endMs, tiers);
  let start = atLeastOne((reference * reference * boost) / probe.lastPrice);
  let history = backfillHistory(seed, coin, start, endMs, tiers);
  const missBy = (price: bigint) =>
    (price > reference ? price - reference : reference - price) * 50n > reference;
  if (missBy(history.lastPrice)) {
    start = atLeastOne((start * reference) / history.lastPrice);
    history = backfillHistory(seed, coin, start, endMs, tiers);
  }
  return history;
}

const atLeastOne = (value: bigint): bigint => (value > 0n ? value : 1n);
