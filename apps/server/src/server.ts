import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, type Config } from './config.ts';
import { openStorage, type Storage } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_ACCOUNTS, seed } from './db/seed.ts';
import { FeedEngine, PUBLIC_HISTORY_SEED, type FeedLog } from './modules/feed/feed-engine.ts';
import { FeedSecrets } from './modules/feed/feed-secrets.ts';
import { startFeedLeadership, type FeedLeadership } from './modules/feed/feed-leader.ts';
import { MarketRuntime } from './modules/market/market-runtime.ts';
import { SimulatorSource } from './modules/feed/simulator-source.ts';
import { ExchangeSource, usdtSymbols } from './modules/feed/exchange-source.ts';
import { listCoins } from './modules/market/coin-repository.ts';
import { earliestOpenAcceptance } from './modules/timing/timing-repository.ts';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  market: MarketRuntime;
  /** The feed engine when FEED_SOURCE records one (it runs only while this node leads). */
  engine: FeedEngine | null;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens storage, migrates, seeds what is missing and listens. Stopping closes the HTTP server first
 * (finishing requests in flight) and the database last.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
  await migrateToLatest(storage);
  await seed(storage.db);
  const market = new MarketRuntime({ db: storage.db });
  const app = await buildApp({ config, storage, market });
  // The feed is brought up to date (first start: history is backfilled) before the server listens,
  // so the first answers already have prices and charts.
  let feed: Awaited<ReturnType<typeof startFeed>>;
  try {
    feed = await startFeed(config, storage, market, app);
  } catch (error) {
    await app.close();
    await storage.close();
    throw error;
  }
  const { engine, leadership } = feed;
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await leadership?.stop();
    await app.close();
    await storage.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  return {
    app,
    storage,
    market,
    engine,
    url,
    async stop() {
      await app.close();
      await leadership?.stop();
      await storage.close();
    },
  };
}

/**
 * A simulator keyed by `FEED_SEED` draws prices anyone who knows the seed can compute (decision
 * 034): outside tests the server says so loudly, once, at start.
 */
export function warnOfKnownFeedSeed(config: Config, log: Pick<FeedLog, 'warn'>): void {
  if (config.FEED_SOURCE !== 'simulator' || config.FEED_SEED === undefined || config.NODE_ENV === 'test')
    return;
  log.warn(
    "FEED_SEED IS SET: the simulator's prices are derived from a known seed and ANYONE WHO KNOWS IT " +
      'CAN COMPUTE FUTURE PRICES. Use it for tests and benchmarks only; unset it for real use.',
    { feedSeed: config.FEED_SEED },
  );
}

async function startFeed(
  config: Config,
  storage: Storage,
  market: MarketRuntime,
  app: FastifyInstance,
): Promise<{ engine: FeedEngine | null; leadership: FeedLeadership | null }> {
  if (config.FEED_SOURCE === 'off') return { engine: null, leadership: null };
  const logger = app.log.child({ module: 'feed' });
  const log: FeedLog = {
    info: (message, details) => logger.info(details ?? {}, message),
    warn: (message, details) => logger.warn(details ?? {}, message),
    error: (message, details) => logger.error(details ?? {}, message),
  };
  const onError = (error: unknown) => log.error('recording prices failed', { error: String(error) });
  const exchange = config.FEED_SOURCE === 'exchange';
  warnOfKnownFeedSeed(config, log);
  // The simulator's randomness is keyed by daily secrets; an exchange feed simulates nothing.
  const draws = exchange ? null : new FeedSecrets({ db: storage.db, overrideSeed: config.FEED_SEED });
  const engine = new FeedEngine({
    db: storage.db,
    runtime: market,
    source: draws ? new SimulatorSource({ draws, onError }) : await exchangeSource(config, storage, onError),
    draws,
    seed: config.FEED_SEED ?? PUBLIC_HISTORY_SEED,
    // Real prices are never mixed with invented ones: no simulated history, no simulated gaps.
    backfill: exchange ? 'none' : config.FEED_BACKFILL,
    fillDowntime: !exchange,
    tickRetentionDays: config.TICK_RETENTION_DAYS,
    ticksNeededFrom: () => earliestOpenAcceptance(storage.db),
    log,
  });
  const leadership = await startFeedLeadership(storage, {
    lead: () => engine.start(),
    resign: () => engine.stop(),
    log,
  });
  return { engine, leadership };
}

/** The exchange source for the configured coins (all enabled non-settlement coins by default). */
async function exchangeSource(
  config: Config,
  storage: Storage,
  onError: (error: unknown) => void,
): Promise<ExchangeSource> {
  if (!config.EXCHANGE_STREAM_URL) throw new ConfigError('FEED_SOURCE=exchange needs EXCHANGE_STREAM_URL');
  const wanted = new Set(
    config.EXCHANGE_COINS.split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  );
  const coins = (await listCoins(storage.db)).filter(
    (coin) =>
      coin.enabled === 1 &&
      coin.settle_vc === 0 &&
      (wanted.size === 0 || wanted.has(coin.symbol.toUpperCase())),
  );
  return new ExchangeSource({ baseUrl: config.EXCHANGE_STREAM_URL, symbols: usdtSymbols(coins), onError });
}

export function startBanner(url: string, config: Config): string {
  const { agent, user } = DEMO_ACCOUNTS;
  return [
    '',
    `  Vela is running at ${url}`,
    `    web app     ${url}/`,
    `    admin       ${url}/admin/`,
    `    API         ${url}/api`,
    `    API docs    ${url}/api/docs`,
    `    storage     ${config.DATABASE_URL ? 'PostgreSQL' : `SQLite ${config.sqlitePath}`}${config.REDIS_URL ? ' + Redis' : ''}`,
    '',
    '  Demo logins',
    `    user        ${user.username} / ${user.password}   (fund password ${user.fundPassword})`,
    `    agent       ${agent.username} / ${agent.password}   (invite code ${agent.inviteCode})`,
    '',
  ].join('\n');
}
