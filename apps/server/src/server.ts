import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openStorage, type Storage } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_ACCOUNTS, seed } from './seed.ts';
import { startFeed, type RunningFeed } from './engines.ts';
import type { FeedEngine } from './modules/feed/feed-engine.ts';
import { MarketRuntime } from './modules/market/market-runtime.ts';

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
  let feed: RunningFeed;
  try {
    feed = await startFeed(config, storage, market, app.log);
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
