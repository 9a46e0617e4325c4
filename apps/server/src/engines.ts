import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from './config.ts';
import type { Storage } from './db/database.ts';
import { Messages } from './http/messages.ts';
import type { AttemptStore } from './lib/attempt-limiter.ts';
import { ExchangeSource, usdtSymbols } from './modules/feed/exchange-source.ts';
import { FeedEngine, PUBLIC_HISTORY_SEED, type FeedLog } from './modules/feed/feed-engine.ts';
import { startFeedLeadership, type FeedLeadership } from './modules/feed/feed-leader.ts';
import { FeedSecrets } from './modules/feed/feed-secrets.ts';
import { SimulatorSource } from './modules/feed/simulator-source.ts';
import { FundingService } from './modules/funding/funding-service.ts';
import { createMoney, type Money } from './modules/ledger/money.ts';
import { UserEvents } from './modules/live/user-events.ts';
import { listCoins } from './modules/market/coin-repository.ts';
import { MarketRuntime } from './modules/market/market-runtime.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { OperatorService } from './modules/operators/operator-service.ts';
import { PaymentService } from './modules/payment/payment-service.ts';
import { CATCH_UP_MS, SpotEngine } from './modules/spot/spot-engine.ts';
import { earliestSpotCursor } from './modules/spot/spot-repository.ts';
import { SpotService } from './modules/spot/spot-service.ts';
import { ContractEngine } from './modules/contract/contract-engine.ts';
import { earliestContractCursor } from './modules/contract/contract-repository.ts';
import { ContractService } from './modules/contract/contract-service.ts';
import { ContractTermsCache } from './modules/contract/contract-terms.ts';
import { earliestOpenAcceptance } from './modules/timing/timing-repository.ts';
import { TimingService } from './modules/timing/timing-service.ts';
import { TimingSettler } from './modules/timing/timing-settler.ts';
import { ReportRoller } from './modules/team/report-roller.ts';
import { ReportService } from './modules/team/report-service.ts';
import { TeamService } from './modules/team/team-service.ts';
import { FinanceService } from './modules/finance/finance-service.ts';
import { FinanceSettler } from './modules/finance/finance-settler.ts';
import { AccountService } from './modules/users/account-service.ts';
import { AttemptGuard } from './modules/users/attempt-guard.ts';
import { WalletService } from './modules/wallet/wallet-service.ts';

/**
 * Every engine of the server, made once, in one place, with what each one needs passed by name
 * (decision 040). The routes, the live hub and the feed receive their engine from here; nothing
 * else constructs one. A tick's way through the server reads as imports from this file: the feed
 * engine records it into the market (`RecordingMarket`), the market's events wake the settler
 * (`RecordedSeconds`), the settler posts to the ledger (`Money`), and the ledger's balance changes
 * and the settler's orders reach the users' live channel (`UserEvents`).
 */
export interface Engines {
  messages: Messages;
  accounts: AccountService;
  payments: PaymentService;
  market: MarketRuntime;
  money: Money;
  userEvents: UserEvents;
  wallet: WalletService;
  funding: FundingService;
  settler: TimingSettler;
  timing: TimingService;
  spotEngine: SpotEngine;
  spot: SpotService;
  contractEngine: ContractEngine;
  contracts: ContractService;
  financeSettler: FinanceSettler;
  finance: FinanceService;
  teams: TeamService;
  reports: ReportService;
  reportRoller: ReportRoller;
  operators: OperatorService;
  /** Disconnects the engines from each other (the app calls it when it closes). */
  disconnect(): void;
}

/** What tests and benchmarks may replace; everything else is made from the configuration. */
export interface EngineOverrides {
  /** The market's in-memory state; `startServer` passes the one its feed engine updates. */
  market?: MarketRuntime;
  /** The ledger and its committer; tests pass one to share it with their own checks. */
  money?: Money;
  /** A settler without timers, for tests that settle at the instants they choose. */
  timingSettler?: TimingSettler;
  /** The users' own events; a test that passes its own settler passes the events it tells. */
  userEvents?: UserEvents;
  /** How late an operator's change of the timed-trade terms may reach new orders (default 250 ms). */
  timingTermsRecheckMs?: number;
  /** The clock that stamps when a timed order was accepted (default `Date.now`). */
  timingClock?: () => number;
  /** How long a user session read from the database is trusted (default 2 s, decision 004). */
  sessionRecheckMs?: number;
  /** A spot engine without timers, for tests that run its rounds at the instants they choose. */
  spotEngine?: SpotEngine;
  /** How late an operator's change of the spot terms may reach new orders (default 250 ms). */
  spotTermsRecheckMs?: number;
  /** The clock that stamps when a spot order was accepted (default `Date.now`). */
  spotClock?: () => number;
  /** A contract engine without timers, for tests that run its rounds at the instants they choose. */
  contractEngine?: ContractEngine;
  /** The clock of contract orders and of the contract engine (default `Date.now`). */
  contractClock?: () => number;
  /** How late an operator's change of the contract terms or levels may be seen (default 250 ms). */
  contractTermsRecheckMs?: number;
  /** A finance settler without timers, for tests that settle at the instants they choose. */
  financeSettler?: FinanceSettler;
  /** The clock of finance purchases and redemptions (default `Date.now`). */
  financeClock?: () => number;
  /** A report roll-up without a timer, for tests that drain its queue when they choose. */
  reportRoller?: ReportRoller;
  /** The clock of the team calls: online status (default `Date.now`). */
  teamClock?: () => number;
}

export interface EngineInputs extends EngineOverrides {
  config: Config;
  storage: Storage;
  attempts: AttemptStore;
  log: FastifyBaseLogger;
}

export async function buildEngines(inputs: EngineInputs): Promise<Engines> {
  const { storage } = inputs;
  const db = storage.db;
  const messages = await Messages.load();
  const accounts = newAccounts(inputs, messages);
  // Payment methods, identity checks and uploads; deposits, withdrawals and the console use the
  // same service (its methods take a transaction, so their rows commit with theirs).
  const payments = new PaymentService({ db, accounts });
  const market = inputs.market ?? new MarketRuntime({ db });
  const money = inputs.money ?? createMoney(storage);
  const userEvents = inputs.userEvents ?? new UserEvents();
  const settler = inputs.timingSettler ?? newSettler(db, money, market, userEvents, inputs.log);
  const spotEngine =
    inputs.spotEngine ??
    new SpotEngine({
      db,
      money,
      seconds: market.events,
      onError: (error) => inputs.log.error({ err: error }, 'filling spot orders failed'),
    });
  const contractTerms = new ContractTermsCache(db, inputs.contractTermsRecheckMs ?? 250);
  const contractEngine =
    inputs.contractEngine ??
    newContractEngine(db, money, market, contractTerms, inputs.log, inputs.contractClock);
  const contracts = new ContractService({
    db,
    money,
    engine: contractEngine,
    terms: contractTerms,
    ...(inputs.contractClock ? { now: inputs.contractClock } : {}),
  });
  const { financeSettler, finance } = newFinance(inputs, money, market, accounts);
  const { teams, reports, reportRoller } = newTeams(inputs, money);
  // Every committed balance change reaches the users' live channel.
  const stopBalanceEvents = money.balanceChanges.subscribe((changes) => userEvents.balancesChanged(changes));
  return {
    messages,
    accounts,
    payments,
    market,
    money,
    userEvents,
    wallet: new WalletService({
      db,
      money,
      market,
      contractOut: (userId, vcId, amount) => contracts.checkTransferOut(userId, vcId, amount),
    }),
    funding: new FundingService({ db, money, accounts, payments, watcher: userEvents }),
    settler,
    timing: new TimingService({
      db,
      money,
      settler,
      watcher: userEvents,
      ...(inputs.timingClock ? { now: inputs.timingClock } : {}),
      ...(inputs.timingTermsRecheckMs !== undefined ? { termsRecheckMs: inputs.timingTermsRecheckMs } : {}),
    }),
    spotEngine,
    spot: new SpotService({
      db,
      money,
      engine: spotEngine,
      market,
      ...(inputs.spotClock ? { now: inputs.spotClock } : {}),
      ...(inputs.spotTermsRecheckMs !== undefined ? { termsRecheckMs: inputs.spotTermsRecheckMs } : {}),
    }),
    contractEngine,
    contracts,
    financeSettler,
    finance,
    teams,
    reports,
    reportRoller,
    // The operators' console: its own sessions, attempt counters under their own keys (decision 016).
    operators: new OperatorService({ db, guard: new AttemptGuard(inputs.attempts) }),
    disconnect: () => stopBalanceEvents(),
  };
}

/** Accounts: registration, sessions, passwords and the authenticator. */
function newAccounts(inputs: EngineInputs, messages: Messages): AccountService {
  const { config, storage } = inputs;
  return new AccountService({
    db: storage.db,
    guard: new AttemptGuard(inputs.attempts),
    mailer: new Mailer(storage.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    messages,
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    ...(inputs.sessionRecheckMs !== undefined ? { sessionRecheckMs: inputs.sessionRecheckMs } : {}),
    issuer: 'Vela',
  });
}

/** Agents' teams, their reports, and the roll-up that keeps the reports' figures. */
function newTeams(inputs: EngineInputs, money: Money) {
  const db = inputs.storage.db;
  const teams = new TeamService({
    db,
    initialPassword: inputs.config.DEFAULT_USER_PASSWORD,
    ...(inputs.teamClock ? { now: inputs.teamClock } : {}),
  });
  const reportRoller =
    inputs.reportRoller ??
    new ReportRoller({
      db,
      money,
      onError: (error) => inputs.log.error({ err: error }, 'rolling up reports failed'),
    });
  return { teams, reports: new ReportService(db, teams), reportRoller };
}

/**
 * Pledge finance: the settler wakes at the earliest end and on the seconds the market records, and
 * the service tells it of every purchase's end.
 */
function newFinance(inputs: EngineInputs, money: Money, market: MarketRuntime, accounts: AccountService) {
  const db = inputs.storage.db;
  const financeSettler =
    inputs.financeSettler ??
    new FinanceSettler({
      db,
      money,
      seconds: market.events,
      onError: (error) => inputs.log.error({ err: error }, 'settling finance orders failed'),
    });
  const finance = new FinanceService({
    db,
    money,
    accounts,
    deadlines: financeSettler,
    ...(inputs.financeClock ? { now: inputs.financeClock } : {}),
  });
  return { financeSettler, finance };
}

/**
 * The settler of timed orders: the market's events tell it a second was recorded (its open and
 * settlement ticks may now exist), it posts through the ledger, and the users' live channel hears
 * of what it opened and settled.
 */
function newSettler(
  db: Storage['db'],
  money: Money,
  market: MarketRuntime,
  userEvents: UserEvents,
  log: FastifyBaseLogger,
): TimingSettler {
  return new TimingSettler({
    db,
    money,
    seconds: market.events,
    watcher: userEvents,
    onError: (error) => log.error({ err: error }, 'settling timed orders failed'),
  });
}

/**
 * The contract engine: it runs on the seconds the market records, reads the settlement coin and the
 * forced-close level from the terms (so an operator's change reaches the next round), and posts
 * through the ledger.
 */
export function newContractEngine(
  db: Storage['db'],
  money: Money,
  market: MarketRuntime,
  terms: ContractTermsCache,
  log: FastifyBaseLogger,
  now?: () => number,
): ContractEngine {
  return new ContractEngine({
    db,
    money,
    seconds: market.events,
    settleVcId: async () => (await terms.get()).settle.id,
    level: async () => (await terms.get()).level,
    ...(now ? { now } : {}),
    onError: (error) => log.error({ err: error }, 'running contracts failed'),
  });
}

/** The running feed: the engine (null when FEED_SOURCE is off) and its leadership. */
export interface RunningFeed {
  engine: FeedEngine | null;
  leadership: FeedLeadership | null;
}

/**
 * Starts recording prices into the market when this node leads the feed (decision 034 for the
 * simulator's keyed randomness). Answers once the record is up to date.
 */
export async function startFeed(
  config: Config,
  storage: Storage,
  market: MarketRuntime,
  logger: FastifyBaseLogger,
): Promise<RunningFeed> {
  if (config.FEED_SOURCE === 'off') return { engine: null, leadership: null };
  const log = feedLog(logger.child({ module: 'feed' }));
  const onError = (error: unknown) => log.error('recording prices failed', { error: String(error) });
  const exchange = config.FEED_SOURCE === 'exchange';
  warnOfKnownFeedSeed(config, log);
  // The simulator's randomness is keyed by daily secrets; an exchange feed simulates nothing.
  const draws = exchange ? null : new FeedSecrets({ db: storage.db, overrideSeed: config.FEED_SEED });
  const engine = new FeedEngine({
    db: storage.db,
    market,
    source: draws ? new SimulatorSource({ draws, onError }) : await exchangeSource(config, storage, onError),
    draws,
    seed: config.FEED_SEED ?? PUBLIC_HISTORY_SEED,
    // Real prices are never mixed with invented ones: no simulated history, no simulated gaps.
    backfill: exchange ? 'none' : config.FEED_BACKFILL,
    fillDowntime: !exchange,
    tickRetentionDays: config.TICK_RETENTION_DAYS,
    // Open timed orders read their ticks from the record (decision 035), and the spot engine replays
    // the ticks after its cursors (decision 046): those are kept.
    ticksNeededFrom: () => earliestTickNeeded(storage.db),
    log,
  });
  const leadership = await startFeedLeadership(storage, {
    lead: () => engine.start(),
    resign: () => engine.stop(),
    log,
  });
  return { engine, leadership };
}

/**
 * The earliest recorded time an engine still needs ticks from: the first acceptance of an open
 * timed order, the earliest spot cursor less the window its late orders are checked over, and the
 * contract engine's cursor while it has open positions or orders.
 */
async function earliestTickNeeded(db: Storage['db']): Promise<number | undefined> {
  const cursor = await earliestSpotCursor(db);
  const times = [
    await earliestOpenAcceptance(db),
    cursor === undefined ? undefined : cursor - CATCH_UP_MS,
    await earliestContractCursor(db),
  ];
  const known = times.filter((time): time is number => time !== undefined);
  return known.length === 0 ? undefined : Math.min(...known);
}

function feedLog(logger: FastifyBaseLogger): FeedLog {
  return {
    info: (message, details) => logger.info(details ?? {}, message),
    warn: (message, details) => logger.warn(details ?? {}, message),
    error: (message, details) => logger.error(details ?? {}, message),
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
