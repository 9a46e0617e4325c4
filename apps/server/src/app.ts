import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Storage } from './db/database.ts';
import { AppError } from './http/app-error.ts';
import { registerContractRoutes, RouteTable } from './http/contract-routes.ts';
import { createFastSerializerCompiler } from './http/fast-serializer.ts';
import { installErrorHandlers } from './http/error-handler.ts';
import { inlineScriptHashes } from './http/inline-script-hashes.ts';
import { Messages } from './http/messages.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticSites } from './http/static-sites.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { MemoryAttemptStore, RedisAttemptStore, type AttemptStore } from './lib/attempt-limiter.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { databaseUserSessions } from './modules/live/user-sessions.ts';
import { startUserEventRelay } from './modules/live/user-event-relay.ts';
import { UserEvents } from './modules/live/user-events.ts';
import { registerLive, type LiveHubOptions } from './modules/live/live-hub.ts';
import { startMarketRelay } from './modules/live/market-relay.ts';
import { addMarketRoutes } from './modules/market/market-routes.ts';
import { MarketRuntime } from './modules/market/market-runtime.ts';
import { addSystemRoutes } from './modules/system/system-routes.ts';
import { registerLinesRoute } from './modules/system/lines-route.ts';
import { AccountService } from './modules/users/account-service.ts';
import { AttemptGuard } from './modules/users/attempt-guard.ts';
import { addUserRoutes } from './modules/users/user-routes.ts';
import { addPaymentRoutes } from './modules/payment/payment-routes.ts';
import { addPaymentAdminRoutes } from './modules/payment/payment-admin-routes.ts';
import { PaymentService } from './modules/payment/payment-service.ts';
import { OperatorService } from './modules/operators/operator-service.ts';
import { addOperatorRoutes } from './modules/operators/operator-routes.ts';
import { createMoney, type Money } from './modules/ledger/money.ts';
import { WalletService } from './modules/wallet/wallet-service.ts';
import { addWalletRoutes } from './modules/wallet/wallet-routes.ts';
import { FundingService } from './modules/funding/funding-service.ts';
import { addFundingRoutes } from './modules/funding/funding-routes.ts';
import { paymentPorts } from './modules/funding/payment-ports.ts';
import { TimingService } from './modules/timing/timing-service.ts';
import { TimingSettler } from './modules/timing/timing-settler.ts';
import { addTimingRoutes } from './modules/timing/timing-routes.ts';

export interface AppOptions {
  config: Config;
  storage: Storage;
  /** Replaces the attempt counter store (tests use a fresh memory store per app). */
  attemptStore?: AttemptStore;
  logger?: boolean | object;
  /**
   * The market's in-memory state (coins, tickers, kline cache, update events). `startServer` passes
   * the one its feed engine updates; without it the app makes its own, which serves what the
   * database holds (tests drive an engine against a runtime they pass in).
   */
  market?: MarketRuntime;
  /**
   * Check every answer against its zod response schema too, on top of the fast serializer
   * (decision 012). Default: on unless NODE_ENV is production; the test helper always sets it.
   */
  verifyAnswers?: boolean;
  /** The ledger and its committer; tests pass one to share it with their own checks. */
  money?: Money;
  /**
   * The settler of timed orders. Without it the app makes one that settles on its own timer; tests
   * pass one without a timer and settle at the instants they choose.
   */
  timingSettler?: TimingSettler;
  /**
   * How late an operator's change of the timed-trade terms may reach new orders (default 250 ms);
   * tests that change the configuration and place at once pass 0.
   */
  timingTermsRecheckMs?: number;
  /**
   * The clock that stamps when a timed order was accepted (default `Date.now`); the timing tests
   * pass their own, so that an order's open tick (the first one after its acceptance) is exact.
   */
  timingClock?: () => number;
  /**
   * How long a user session read from the database is trusted (default 2 s, decision 004); tests
   * that change session rows behind the API's back pass 0.
   */
  sessionRecheckMs?: number;
  /**
   * The users' own events (decision 024). Without it the app makes one; a test that passes its own
   * `timingSettler` passes this too, with the settler's `onSettled` telling it.
   */
  userEvents?: UserEvents;
  /** Options of the live hub at /api/ws (tests shorten its timers); the user topic is always on. */
  live?: Omit<LiveHubOptions, 'user'>;
}

/**
 * Builds the whole HTTP application without listening, so tests can drive it with `inject()` and
 * `server.ts` can start it. Order: external plugins, then our plumbing, then the routes.
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

  const messages = await Messages.load();
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

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

  const attemptStore =
    options.attemptStore ?? (redis ? new RedisAttemptStore(redis) : new MemoryAttemptStore());
  const accounts = new AccountService({
    db: storage.db,
    guard: new AttemptGuard(attemptStore),
    mailer: new Mailer(storage.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    messages,
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    ...(options.sessionRecheckMs !== undefined ? { sessionRecheckMs: options.sessionRecheckMs } : {}),
    issuer: 'Vela',
  });

  // Error handlers and static sites come before any route: Fastify fixes a route's error handler
  // when the route is loaded, and the `await register` calls above and below load pending routes.
  const sites = await registerStaticSites(app, { web: config.WEB_DIST, admin: config.ADMIN_DIST });
  installErrorHandlers(app, messages, sites);

  const table = new RouteTable();
  addSystemRoutes(table, { db: storage.db, messages });
  addUserRoutes(table, accounts);
  // Payment methods, real-name verification and uploads; deposits, withdrawals and the console use
  // the same service (its methods take a transaction, so their rows commit with theirs).
  const payments = new PaymentService({ db: storage.db, accounts });
  addPaymentRoutes(table, payments);
  addPaymentAdminRoutes(table, { db: storage.db, payments });
  const market = options.market ?? new MarketRuntime({ db: storage.db });
  addMarketRoutes(table, {
    db: storage.db,
    runtime: market,
    messages,
    feedSource: config.FEED_SOURCE,
    tickRetentionDays: config.TICK_RETENTION_DAYS,
  });
  const money = options.money ?? createMoney(storage);
  // The users' live channel hears of every committed balance change, and of timed orders placed and
  // settled; the hub below sends each event to its user's sockets.
  const userEvents = options.userEvents ?? new UserEvents();
  const stopBalanceEvents = money.balanceChanges.subscribe((changes) => userEvents.balancesChanged(changes));
  app.addHook('onClose', async () => stopBalanceEvents());
  addWalletRoutes(table, new WalletService({ db: storage.db, money, market }));
  addFundingRoutes(
    table,
    new FundingService({
      db: storage.db,
      money,
      accounts,
      ports: paymentPorts(payments),
      onOrderChanged: (change) => userEvents.fundingOrderChanged(change),
    }),
  );
  const settler =
    options.timingSettler ??
    new TimingSettler({
      db: storage.db,
      money,
      // Orders waiting for their settlement tick settle as soon as the feed has recorded it.
      onTicksRecorded: (listener) => market.events.subscribe(listener),
      onError: (error) => app.log.error({ err: error }, 'settling timed orders failed'),
      onSettled: (settled) => userEvents.ordersSettled(settled),
      onOpened: (opened) => userEvents.ordersOpened(opened),
    });
  addTimingRoutes(
    table,
    new TimingService({
      db: storage.db,
      money,
      settler,
      onPlaced: (order) => userEvents.orderPlaced(order),
      ...(options.timingClock ? { now: options.timingClock } : {}),
      ...(options.timingTermsRecheckMs !== undefined ? { termsRecheckMs: options.timingTermsRecheckMs } : {}),
    }),
  );
  // Open orders are loaded (and those that expired while the server was down are settled from the
  // recorded history) before the first request is answered.
  app.addHook('onReady', () => settler.start());
  app.addHook('onClose', () => settler.stop());
  // The operators' console: its own sessions, attempt counters under their own keys (decision 016).
  const operators = new OperatorService({ db: storage.db, guard: new AttemptGuard(attemptStore) });
  addOperatorRoutes(table, operators);
  registerContractRoutes(app, table, {
    messages,
    authenticate: (token) => accounts.authenticate(token),
    authenticateOperator: (token) => operators.authenticate(token),
    verifyAnswers,
  });
  registerLinesRoute(app, config.SERVER_LINES);
  // Live data at GET /api/ws: the hub pushes the runtime's once-a-second market updates, and each
  // user's own events to the sockets subscribed with that user's session.
  await registerLive(app, market.events, {
    ...options.live,
    user: { events: userEvents, sessions: databaseUserSessions(storage.db) },
  });
  if (redis) {
    // Other API nodes push the feed leader's updates too (see market-relay.ts), and every node
    // delivers the user events the others make (user-event-relay.ts). One subscriber connection
    // carries both channels.
    const subscriber = redis.duplicate();
    const stopRelay = await startMarketRelay(market, redis, subscriber);
    const stopUserRelay = await startUserEventRelay(userEvents, redis, subscriber);
    app.addHook('onClose', async () => {
      await stopRelay();
      await stopUserRelay();
      await subscriber.quit();
    });
  }
  return app;
}
