import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Storage } from './db/database.ts';
import { AppError } from './errors.ts';
import { registerContractRoutes, RouteTable } from './http/contract-routes.ts';
import { createFastSerializerCompiler } from './http/fast-serializer.ts';
import { installErrorHandlers } from './http/error-handler.ts';
import { inlineScriptHashes } from './http/inline-script-hashes.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticSites } from './http/static-sites.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { MemoryAttemptStore, RedisAttemptStore, type AttemptStore } from './lib/attempt-limiter.ts';
import { buildEngines, type EngineOverrides, type Engines } from './engines.ts';
import { databaseUserSessions } from './modules/live/user-sessions.ts';
import { startUserEventRelay } from './modules/live/user-event-relay.ts';
import { registerLive, type LiveHubOptions } from './modules/live/live-hub.ts';
import { startMarketRelay } from './modules/live/market-relay.ts';
import { addMarketRoutes } from './modules/market/market-routes.ts';
import { addSystemRoutes } from './modules/system/system-routes.ts';
import { registerLinesRoute } from './modules/system/lines-route.ts';
import { addUserRoutes } from './modules/users/user-routes.ts';
import { addPaymentRoutes } from './modules/payment/payment-routes.ts';
import { addPaymentAdminRoutes } from './modules/payment/payment-admin-routes.ts';
import { addOperatorRoutes } from './modules/operators/operator-routes.ts';
import { addWalletRoutes } from './modules/wallet/wallet-routes.ts';
import { addFundingRoutes } from './modules/funding/funding-routes.ts';
import { addSpotRoutes } from './modules/spot/spot-routes.ts';
import { addFinanceRoutes } from './modules/finance/finance-routes.ts';
import { addContractRoutes } from './modules/contract/contract-routes.ts';
import { addTimingRoutes } from './modules/timing/timing-routes.ts';
import { addTeamRoutes } from './modules/team/team-routes.ts';

export interface AppOptions extends EngineOverrides {
  config: Config;
  storage: Storage;
  /** Replaces the attempt counter store (tests use a fresh memory store per app). */
  attemptStore?: AttemptStore;
  logger?: boolean | object;
  /**
   * Check every answer against its zod response schema too, on top of the fast serializer
   * (decision 012). Default: on unless NODE_ENV is production; the test helper always sets it.
   */
  verifyAnswers?: boolean;
  /** Options of the live hub at /api/ws (tests shorten its timers); the user topic is always on. */
  live?: Omit<LiveHubOptions, 'user'>;
}

/**
 * Builds the whole HTTP application without listening, so tests can drive it with `inject()` and
 * `server.ts` can start it: the HTTP plumbing, then the engines (`engines.ts`), then their routes.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, storage } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  const verifyAnswers = options.verifyAnswers ?? config.NODE_ENV !== 'production';
  app.setSerializerCompiler(createFastSerializerCompiler({ verify: verifyAnswers }));
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await registerPlumbing(app, config, storage, redis);
  const attempts = options.attemptStore ?? (redis ? new RedisAttemptStore(redis) : new MemoryAttemptStore());
  const engines = await buildEngines({ ...options, attempts, log: app.log });
  app.addHook('onClose', async () => engines.disconnect());
  // Error handlers and static sites come before any route: Fastify fixes a route's error handler
  // when the route is loaded, and the `await register` calls above and below load pending routes.
  const sites = await registerStaticSites(app, { web: config.WEB_DIST, admin: config.ADMIN_DIST });
  installErrorHandlers(app, engines.messages, sites);
  addRoutes(app, options, engines, verifyAnswers);
  // Open orders are loaded (and those that expired while the server was down are settled from the
  // recorded history) before the first request is answered.
  app.addHook('onReady', () => engines.settler.start());
  app.addHook('onClose', () => engines.settler.stop());
  // Likewise, open spot orders are loaded and the ticks recorded while the server was down replayed.
  app.addHook('onReady', () => engines.spotEngine.start());
  app.addHook('onClose', () => engines.spotEngine.stop());
  app.addHook('onReady', () => engines.contractEngine.start());
  app.addHook('onClose', () => engines.contractEngine.stop());
  // Finance orders that ended while the server was down settle from the recorded history.
  app.addHook('onReady', () => engines.financeSettler.start());
  app.addHook('onClose', () => engines.financeSettler.stop());
  // Report figures are rolled up from the queue the ledger and registrations fill.
  app.addHook('onReady', async () => {
    await engines.reportRoller.drain();
    engines.reportRoller.start();
  });
  app.addHook('onClose', () => engines.reportRoller.stop());
  await registerLiveData(app, options, engines, redis);
  return app;
}

/** Security headers, the rate limit and the API description: what every request passes through. */
async function registerPlumbing(
  app: FastifyInstance,
  config: Config,
  storage: Storage,
  redis: Redis | null,
): Promise<void> {
  // The policy names this server, its lines, the configured customer-service page and the exchange
  // stream (decision 038). The only inline scripts allowed are those of the pages we serve.
  registerSecurityHeaders(app, {
    db: storage.db,
    production: config.NODE_ENV === 'production',
    serverLines: config.SERVER_LINES,
    exchangeStreamUrl: config.EXCHANGE_STREAM_URL,
    scriptHashes: inlineScriptHashes([
      path.join(config.WEB_DIST, 'index.html'),
      path.join(config.ADMIN_DIST, 'index.html'),
    ]),
  });
  await app.register(rateLimit, {
    global: true,
    max: config.API_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(redis ? { redis } : {}),
    allowList: (request) => !request.url.startsWith('/api'),
    errorResponseBuilder: (request, context) =>
      new AppError('RATE_LIMITED', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }) as never,
  });
  await registerOpenApi(app);
}

/** Every engine's routes, in one table checked against the contract. */
function addRoutes(
  app: FastifyInstance,
  options: AppOptions,
  engines: Engines,
  verifyAnswers: boolean,
): void {
  const { config, storage } = options;
  const { messages } = engines;
  const table = new RouteTable();
  addSystemRoutes(table, { db: storage.db, messages });
  addUserRoutes(table, engines.accounts);
  addPaymentRoutes(table, engines.payments);
  addPaymentAdminRoutes(table, { db: storage.db, payments: engines.payments });
  addMarketRoutes(table, {
    db: storage.db,
    runtime: engines.market,
    messages,
    feedSource: config.FEED_SOURCE,
    tickRetentionDays: config.TICK_RETENTION_DAYS,
  });
  addWalletRoutes(table, engines.wallet);
  addFundingRoutes(table, engines.funding);
  addTimingRoutes(table, engines.timing, engines.teams, storage.db);
  addTeamRoutes(table, engines.teams, engines.reports, storage.db);
  addSpotRoutes(table, engines.spot, storage.db);
  addContractRoutes(table, engines.contracts, storage.db);
  addFinanceRoutes(table, engines.finance, storage.db);
  addOperatorRoutes(table, engines.operators);
  registerContractRoutes(app, table, {
    messages,
    authenticate: (token) => engines.accounts.authenticate(token),
    authenticateOperator: (token) => engines.operators.authenticate(token),
    verifyAnswers,
  });
  registerLinesRoute(app, config.SERVER_LINES);
}

/**
 * Live data at GET /api/ws: the hub pushes the market's once-a-second updates, and each user's own
 * events to the sockets subscribed with that user's session. With Redis, other API nodes push the
 * feed leader's updates too (market-relay.ts), and every node delivers the user events the others
 * make (user-event-relay.ts); one subscriber connection carries both channels.
 */
async function registerLiveData(
  app: FastifyInstance,
  options: AppOptions,
  engines: Engines,
  redis: Redis | null,
): Promise<void> {
  await registerLive(app, engines.market.events, {
    ...options.live,
    user: { events: engines.userEvents, sessions: databaseUserSessions(options.storage.db) },
  });
  if (!redis) return;
  const subscriber = redis.duplicate();
  const stopRelay = await startMarketRelay(engines.market, redis, subscriber);
  const stopUserRelay = await startUserEventRelay(engines.userEvents, redis, subscriber);
  app.addHook('onClose', async () => {
    await stopRelay();
    await stopUserRelay();
    await subscriber.quit();
  });
}
