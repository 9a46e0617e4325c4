import type { Kysely } from 'kysely';
import {
  chartSettingsSchema,
  endpoints,
  type Candle,
  type DataOf,
  MAX_KLINE_LIMIT,
  MAX_TICK_WINDOW_MS,
  type ChartSettings,
  type Ticker,
  type TimingConfig,
} from '@vela/contract';
import { bucketStart, INTERVAL_MS, type Interval } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthSession, RouteTable } from '../../http/contract-routes.ts';
import type { Messages } from '../../http/messages.ts';
import { getConfigValue } from '../system/system-repository.ts';
import { loadMarketCoins, type MarketCoin } from './coin-catalog.ts';
import { coinIn, PerLanguage, tickerIn } from './coin-names.ts';
import { cacheVersion, VersionedAnswer } from '../system/cache-versions.ts';
import { findCoin, listTimingConfigs } from './coin-repository.ts';
import { candlesBetween } from '../feed/feed-repository.ts';
import { toWireCandle } from './market-format.ts';
import type { MarketRuntime } from './market-runtime.ts';
import { feedCommitments, noFeedCommitments, recordedTicks, SETTLED_WINDOW_MS } from '../feed/price-proof.ts';
import {
  addFavourite,
  deleteFavourite,
  listFavourites,
  loadChartSettings,
  saveChartSettings,
} from './user-market-repository.ts';

const { market } = endpoints;

export const DEFAULT_CHART_SETTINGS: ChartSettings = { interval: '15m', main: ['MA'], sub: ['VOL'] };

export interface MarketRouteDeps {
  db: Kysely<Database>;
  runtime: MarketRuntime;
  messages: Messages;
  /** FEED_SOURCE: daily commitments exist only for the simulator. */
  feedSource?: 'simulator' | 'exchange' | 'off';
  /** TICK_RETENTION_DAYS: per-second ticks older than this are not served (they are pruned). */
  tickRetentionDays?: number;
  now?: () => number;
}

/** Cache-Control of a tick window that ended for good: its recorded seconds never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The brand's excluded coin types (GLOBAL `excludedVcTypes`, decision 010): "1,3" -> {1, 3}. */
export function parseExcludedTypes(value: string | undefined): Set<number> {
  const types = new Set<number>();
  // A brand that has not set the value excludes no type.
  for (const part of (value ?? '').split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && Number.isInteger(n)) types.add(n);
  }
  return types;
}

/** How many candles of `interval` open within [startMs, endMs]: the size of the answer. */
export function candleCount(interval: Interval, startMs: number, endMs: number): number {
  if (endMs < startMs) return 0;
  const size = INTERVAL_MS[interval];
  const first = bucketStart(startMs, interval) < startMs ? bucketStart(startMs, interval) + size : startMs;
  const last = bucketStart(endMs, interval);
  return last < first ? 0 : Math.floor((last - first) / size) + 1;
}

/** What the route groups share: the dependencies, the clock and the look-up of a market coin. */
interface MarketRouteContext {
  deps: MarketRouteDeps;
  now: () => number;
  /** The coin as the market serves it; VC_NOT_FOUND when it is not a market coin. */
  marketCoin(vcId: number): Promise<MarketCoin>;
}

export function addMarketRoutes(table: RouteTable, deps: MarketRouteDeps): void {
  const { runtime } = deps;
  const marketCoin = async (vcId: number): Promise<MarketCoin> => {
    await runtime.freshen();
    const coin = runtime.coins.market(vcId);
    if (!coin) throw new AppError('VC_NOT_FOUND', { data: { field: 'vcId' } });
    return coin;
  };
  // The real clock, unless a test passes its own.
  const context: MarketRouteContext = { deps, now: deps.now ?? Date.now, marketCoin };
  addQuoteRoutes(table, context);
  addHistoryRoutes(table, context);
  addCatalogueRoutes(table, deps);
  addUserMarketRoutes(table, context);
}

/** The live quotes: the ticker list, the latest candles and one coin's detail. */
function addQuoteRoutes(table: RouteTable, { deps, marketCoin }: MarketRouteContext): void {
  const { runtime } = deps;
  // The book's tickers carry default names; each language gets its copy once per list.
  const tickersIn = new PerLanguage<Ticker>((ticker, locale) =>
    tickerIn(ticker, runtime.coins.market(ticker.a), locale),
  );

  /**
   * Kline answers by candle view: the cache hands out the same frozen view until the candles change,
   * and the same view gets the same answer object, so its encoding is reused (`frozenData`).
   */
  const klineAnswers = new WeakMap<readonly Candle[], DataOf<typeof market.marketKline>>();

  table
    // The book's list is replaced, never changed, and so is each language's copy of it: one
    // encoding per second and language (decisions 012 and 025).
    .add(
      market.marketList,
      async (_body, ctx) => {
        await runtime.freshen();
        return tickersIn.of(runtime.book.tickers(), ctx.locale);
      },
      { frozenData: true },
    )
    .add(
      market.marketKline,
      async (body) => {
        const coin = await marketCoin(body.vcId);
        const candles = await runtime.klines.latest(coin.id, body.interval, body.limit);
        let answer = klineAnswers.get(candles);
        // A view is one coin's and one interval's, so vcId and interval always match it.
        if (!answer || answer.vcId !== coin.id || answer.interval !== body.interval) {
          answer = { vcId: coin.id, interval: body.interval, candles: candles as Candle[] };
          klineAnswers.set(candles, answer);
        }
        return answer;
      },
      { frozenData: true },
    )
    .add(market.marketDetail, async (body, ctx) => {
      const coin = await marketCoin(body.vcId);
      const ticker = runtime.book.ticker(coin.id);
      // The book holds every market coin; a miss means the coin appeared in this very instant.
      if (!ticker) throw new AppError('VC_NOT_FOUND', { data: { field: 'vcId' } });
      return { coin: coinIn(coin, ctx.locale), ticker: tickerIn(ticker, coin, ctx.locale) };
    });
}

/** The recorded history: candles of a time range, per-second ticks and the feed's commitments. */
function addHistoryRoutes(table: RouteTable, { deps, now, marketCoin }: MarketRouteContext): void {
  const { db, runtime, messages } = deps;
  // Seven days is the configuration's own default for TICK_RETENTION_DAYS.
  const retentionMs = (deps.tickRetentionDays ?? 7) * INTERVAL_MS['1d'];

  table
    .add(market.marketDetailKline, async (body, ctx) => {
      if (body.startTime > body.endTime) {
        throw new AppError('VALIDATION_FAILED', {
          messageKey: 'validation.fieldInvalid',
          params: { field: 'startTime', reason: messages.t(ctx.locale, 'validation.invalidValue') },
          data: { field: 'startTime' },
        });
      }
      if (candleCount(body.interval, body.startTime, body.endTime) > MAX_KLINE_LIMIT) {
        throw new AppError('RANGE_TOO_LARGE', {
          params: { max: MAX_KLINE_LIMIT },
          data: { field: 'endTime', max: MAX_KLINE_LIMIT },
        });
      }
      const coin = await marketCoin(body.vcId);
      const candles = await candlesBetween(db, coin.id, body.interval, body.startTime, body.endTime);
      return {
        vcId: coin.id,
        interval: body.interval,
        candles: candles.map((c) => toWireCandle(c, coin)),
      };
    })
    .add(market.marketTicks, async (body, ctx) => {
      if (body.endTime < body.startTime || body.endTime - body.startTime > MAX_TICK_WINDOW_MS) {
        throw new AppError('VALIDATION_FAILED', {
          messageKey: 'validation.tickWindow',
          params: { minutes: MAX_TICK_WINDOW_MS / 60_000 },
          data: { field: 'endTime', maxWindowMs: MAX_TICK_WINDOW_MS },
        });
      }
      const coin = await marketCoin(body.vcId);
      const at = now();
      // Seconds past the retention are pruned: the answer never depends on when pruning last ran.
      const start = Math.max(body.startTime, at - retentionMs);
      const ticks = await recordedTicks(db, coin, start, body.endTime);
      const settled = body.endTime < at - SETTLED_WINDOW_MS;
      void ctx.reply.header('cache-control', settled ? IMMUTABLE : 'no-cache');
      return { vcId: coin.id, ticks };
    })
    .add(market.feedCommitments, async () => {
      if (deps.feedSource !== undefined && deps.feedSource !== 'simulator') return noFeedCommitments();
      await runtime.freshen();
      return feedCommitments(db, runtime.coins.marketCoins(), now());
    });
}

/** The coin list and the timing configurations, each built once per version of what it depends on. */
function addCatalogueRoutes(table: RouteTable, { db }: MarketRouteDeps): void {
  // Built once per version of the coins and the configuration, then translated once per language.
  const currencyList = new VersionedAnswer<MarketCoin[]>(
    async () => `${await cacheVersion(db, 'VC')}:${await cacheVersion(db, 'SYS_CONFIG')}`,
    async () => {
      const excluded = parseExcludedTypes(await getConfigValue(db, 'GLOBAL', 'excludedVcTypes'));
      return (await loadMarketCoins(db)).filter((c) => c.enabled && !c.settleVc && !excluded.has(c.type));
    },
  );
  const currencyListIn = new PerLanguage<MarketCoin>((coin, locale) => ({
    ...coin,
    coin: coinIn(coin, locale),
  }));
  const timingConfigs = new VersionedAnswer<TimingConfig[]>(
    async () => String(await cacheVersion(db, 'VC_TIMING_TRADE_CONFIG')),
    () => listTimingConfigs(db),
  );

  table
    .add(market.vcList, async (_body, ctx) =>
      currencyListIn.of(await currencyList.get(), ctx.locale).map((c) => c.coin),
    )
    // The same answer object until the configuration's version changes: encoded and gzipped once
    // per version. The trade screen reads it before its first render, so its bytes count on a phone.
    .add(market.timingConfigList, () => timingConfigs.get(), { frozenData: true });
}

/** A user's own market settings: favourite coins and chart settings. */
function addUserMarketRoutes(table: RouteTable, { deps, now }: MarketRouteContext): void {
  const { db } = deps;
  const userId = (session: AuthSession) => session.userId;

  /** A coin that can be a favourite: enabled and tradable, read from the database (exact, no lag). */
  const favouriteCoin = async (vcId: number): Promise<void> => {
    const row = await findCoin(db, vcId);
    if (!row || row.enabled !== 1 || row.settle_vc === 1) {
      throw new AppError('VC_NOT_FOUND', { data: { field: 'vcId' } });
    }
  };

  table
    .add(market.favourList, (_body, ctx) => listFavourites(db, userId(ctx.session)))
    .add(market.favourAdd, async (body, ctx) => {
      await favouriteCoin(body.vcId);
      await addFavourite(db, userId(ctx.session), body.vcId, now());
      return listFavourites(db, userId(ctx.session));
    })
    .add(market.favourDelete, async (body, ctx) => {
      // Any known coin may be removed, also one disabled since it was added.
      if (!(await findCoin(db, body.vcId))) throw new AppError('VC_NOT_FOUND', { data: { field: 'vcId' } });
      await deleteFavourite(db, userId(ctx.session), body.vcId);
      return listFavourites(db, userId(ctx.session));
    })
    .add(market.chartSettingsGet, async (_body, ctx) => {
      const saved = await loadChartSettings(db, userId(ctx.session));
      if (!saved) return DEFAULT_CHART_SETTINGS;
      // Settings saved under an older contract fall back to the defaults instead of failing.
      const parsed = chartSettingsSchema.safeParse(safeJson(saved));
      return parsed.success ? parsed.data : DEFAULT_CHART_SETTINGS;
    })
    .add(market.chartSettingsSave, async (body, ctx) => {
      const settings: ChartSettings = { interval: body.interval, main: body.main, sub: body.sub };
      await saveChartSettings(db, userId(ctx.session), JSON.stringify(settings), now());
      return settings;
    });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
