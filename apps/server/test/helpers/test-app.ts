import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { preHashPassword } from '@vela/domain';
import {
  HTTP_STATUS,
  endpoints,
  type BodyOf,
  type DataOf,
  type Endpoint,
  type Envelope,
  type ErrorCode,
} from '@vela/contract';
import {
  LOCALE_CODES,
  loadCatalogue,
  translate,
  type Catalogue,
  type LocaleCode,
  type MessageKey,
  type MessageParams,
} from '@vela/i18n';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openStorage, type Storage } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS, seed } from '../../src/seed.ts';
import { MemoryAttemptStore } from '../../src/lib/attempt-limiter.ts';
import { MarketRuntime } from '../../src/modules/market/market-runtime.ts';
import { createMoney, type Money } from '../../src/modules/ledger/money.ts';
import { UserEvents } from '../../src/modules/live/user-events.ts';
import { ContractEngine } from '../../src/modules/contract/contract-engine.ts';
import { ContractTermsCache } from '../../src/modules/contract/contract-terms.ts';
import { ReportRoller } from '../../src/modules/team/report-roller.ts';
import { FinanceSettler } from '../../src/modules/finance/finance-settler.ts';
import { SpotEngine } from '../../src/modules/spot/spot-engine.ts';
import { TimingSettler } from '../../src/modules/timing/timing-settler.ts';
import { currentTotp } from '../../src/modules/users/totp.ts';

/**
 * Test plumbing shared by the API and storage suites.
 *
 * Storage: a temporary SQLite file under os.tmpdir() by default. When TEST_DATABASE_URL is set
 * (see scripts/with-postgres.sh) every storage gets its own fresh PostgreSQL database instead,
 * created through that URL (its role needs CREATEDB) and dropped on close, so test files running in
 * parallel never see each other's rows.
 *
 * Why a database and not a schema per storage: Kysely's migrator decides whether its own
 * bookkeeping tables exist by looking at every schema the role can use, so a second schema in the
 * same database would skip creating them and then fail to find them.
 */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const EXPECTED_DIALECT: Storage['dialect'] = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestStorage {
  storage: Storage;
  /** A private temporary directory (the SQLite file lives here; also usable as DATA_DIR). */
  dir: string;
  /** The PostgreSQL database's URL; undefined on SQLite (the file is `dir`/vela.sqlite). */
  databaseUrl: string | undefined;
  /**
   * Opens another, independent handle on the same database (its own connection or pool), as a
   * second server process would. The caller closes it.
   */
  openAnother(): Storage;
  dispose(): Promise<void>;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestStorage(): Promise<TestStorage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-test-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (!TEST_DATABASE_URL) {
    const sqlitePath = path.join(dir, 'vela.sqlite');
    const storage = openStorage({ sqlitePath });
    return {
      storage,
      dir,
      databaseUrl: undefined,
      openAnother: () => openStorage({ sqlitePath }),
      dispose: async () => {
        await storage.close();
        removeDir();
      },
    };
  }
  const url = TEST_DATABASE_URL;
  const database = `vela_t_${process.pid}_${randomBytes(6).toString('hex')}`;
  try {
    await adminQuery(url, `CREATE DATABASE "${database}"`);
  } catch (error) {
    removeDir();
    throw new Error(
      `Cannot create the test database ${database} through TEST_DATABASE_URL (the role needs CREATEDB): ${String(error)}`,
    );
  }
  const options = { sqlitePath: path.join(dir, 'unused.sqlite'), databaseUrl: withDatabase(url, database) };
  const storage = openStorage(options);
  return {
    storage,
    dir,
    databaseUrl: options.databaseUrl,
    openAnother: () => openStorage(options),
    dispose: async () => {
      await storage.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      removeDir();
    },
  };
}

// ---- the application ---------------------------------------------------------------------------

export interface PostOptions {
  token?: string | undefined;
  lang?: string | undefined;
  /**
   * Client address. By default every request comes from a new address, so the per-address limit
   * of sensitive endpoints (30 a minute) only applies where a test asks for it by fixing `ip`.
   */
  ip?: string | undefined;
  headers?: Record<string, string>;
}

export interface ApiResult<T> {
  status: number;
  body: Envelope<T>;
}

export interface TestApp {
  app: FastifyInstance;
  storage: Storage;
  db: Storage['db'];
  /** See TestStorage.databaseUrl: a second process reaches the same database through it. */
  databaseUrl: string | undefined;
  config: Config;
  attemptStore: MemoryAttemptStore;
  /**
   * The app's market state. Nothing records the feed by default; a test that needs prices starts a
   * FeedEngine on it (see test/modules/market/market-helpers.ts) and drives it with `tickOnce`.
   */
  market: MarketRuntime;
  /** The app's ledger, committer and idempotent-request runner (see test/ledger/ledger-helpers.ts). */
  money: Money;
  /** The settler of timed orders, without a timer: tests call `settleDue(now)` themselves. */
  timing: TimingSettler;
  /** The spot engine, without timers: tests call `runRound()` once they have recorded ticks. */
  spot: SpotEngine;
  /** The contract engine, without timers: tests call `runRound()` once they have recorded ticks. */
  contracts: ContractEngine;
  /** The finance settler, without timers: tests call `settleDue(now)` themselves. */
  finance: FinanceSettler;
  /** The report roll-up, without a timer: tests call `drain()` when the events have committed. */
  reports: ReportRoller;
  /** The users' own events, which the app's live hub sends to their sockets (decision 024). */
  userEvents: UserEvents;
  /** POST /api + path with a JSON body; answers the HTTP status and the parsed envelope. */
  post<T = unknown>(path: string, body?: unknown, options?: PostOptions): Promise<ApiResult<T>>;
  /** The same, addressed by a contract endpoint, with the body and the answer typed. */
  call<E extends Endpoint>(
    endpoint: E,
    body: BodyOf<E>,
    options?: PostOptions,
  ): Promise<ApiResult<DataOf<E>>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Seed the demo data (default true). */
  seed?: boolean;
  /** Options of the live hub at /api/ws (the user-channel tests shorten its timers). */
  live?: AppOptions['live'];
  /** How long a session read is trusted (default 0 here: most tests change session rows directly). */
  sessionRecheckMs?: number;
  /** The clock that stamps timed orders' acceptance (see AppOptions.timingClock). */
  timingClock?: () => number;
  /** The clock that stamps spot orders' acceptance (see AppOptions.spotClock). */
  spotClock?: () => number;
  /** The clock of contract orders and of the contract engine (see AppOptions.contractClock). */
  contractClock?: () => number;
  /** The clock of finance purchases and redemptions (see AppOptions.financeClock). */
  financeClock?: () => number;
  /** The clock of the team calls' online status (see AppOptions.teamClock). */
  teamClock?: () => number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testStorage = await createTestStorage();
  const { storage, dir } = testStorage;
  try {
    await migrateToLatest(storage);
    if (options.seed !== false) await seed(storage.db);
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dir,
        // No built web or admin app: unknown paths must reach the API's own not-found answer.
        WEB_DIST: path.join(dir, 'no-web'),
        ADMIN_DIST: path.join(dir, 'no-admin'),
      },
      options.config,
    );
    const attemptStore = new MemoryAttemptStore();
    // Coin changes show at the next request (no 1 s grace), so tests need no waiting.
    const market = new MarketRuntime({ db: storage.db, coinCheckMs: 0 });
    // Every answer of every test is also checked against the contract's zod schema (decision 012).
    const money = createMoney(storage);
    const userEvents = new UserEvents();
    const timing = new TimingSettler({
      db: storage.db,
      money,
      timers: false,
      watcher: userEvents,
    });
    const spot = new SpotEngine({ db: storage.db, money, timers: false });
    const contractTerms = new ContractTermsCache(storage.db, 0);
    const contracts = new ContractEngine({
      db: storage.db,
      money,
      timers: false,
      settleVcId: async () => (await contractTerms.get()).settle.id,
      level: async () => (await contractTerms.get()).level,
      ...(options.contractClock ? { now: options.contractClock } : {}),
    });
    const finance = new FinanceSettler({ db: storage.db, money, timers: false });
    const reports = new ReportRoller({ db: storage.db, money, intervalMs: 0 });
    const app = await buildApp({
      config,
      storage,
      attemptStore,
      logger: false,
      market,
      money,
      timingSettler: timing,
      timingTermsRecheckMs: 0,
      ...(options.timingClock ? { timingClock: options.timingClock } : {}),
      spotEngine: spot,
      spotTermsRecheckMs: 0,
      ...(options.spotClock ? { spotClock: options.spotClock } : {}),
      contractEngine: contracts,
      contractTermsRecheckMs: 0,
      ...(options.contractClock ? { contractClock: options.contractClock } : {}),
      financeSettler: finance,
      reportRoller: reports,
      ...(options.teamClock ? { teamClock: options.teamClock } : {}),
      ...(options.financeClock ? { financeClock: options.financeClock } : {}),
      sessionRecheckMs: options.sessionRecheckMs ?? 0,
      userEvents,
      ...(options.live ? { live: options.live } : {}),
      verifyAnswers: true,
    });
    await app.ready();

    let requests = 0;
    const nextIp = () => {
      requests += 1;
      return `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
    };

    const post = async <T>(
      urlPath: string,
      body?: unknown,
      opts: PostOptions = {},
    ): Promise<ApiResult<T>> => {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token !== undefined) headers.authorization = opts.token;
      if (opts.lang !== undefined) headers.lang = opts.lang;
      const response = await app.inject({
        method: 'POST',
        url: `/api${urlPath}`,
        payload: body as never,
        headers,
        remoteAddress: opts.ip ?? nextIp(),
      });
      let parsed: Envelope<T>;
      try {
        parsed = JSON.parse(response.body) as Envelope<T>;
      } catch {
        throw new Error(
          `POST ${urlPath} answered ${response.statusCode} with a body that is not JSON: ${response.body}`,
        );
      }
      return { status: response.statusCode, body: parsed };
    };

    return {
      app,
      storage,
      db: storage.db,
      databaseUrl: testStorage.databaseUrl,
      config,
      attemptStore,
      market,
      money,
      timing,
      spot,
      contracts,
      finance,
      reports,
      userEvents,
      post,
      call: (endpoint, body, opts) => post(endpoint.path, body, opts),
      close: async () => {
        await app.close();
        await testStorage.dispose();
      },
    };
  } catch (error) {
    await testStorage.dispose();
    throw error;
  }
}

// ---- accounts ------------------------------------------------------------------------------------

export const pw = preHashPassword;
export const DEMO = DEMO_ACCOUNTS;
export const DEFAULT_PASSWORD = 'Passw0rd!';
export const DEFAULT_FUND_PASSWORD = 'Fund#1234';

let nameCounter = 0;
/** A fresh valid username (letter first, letters and digits, at most 10 characters). */
export function uniqueUsername(prefix = 'u'): string {
  nameCounter += 1;
  const suffix = `${nameCounter.toString(36)}${randomBytes(3).toString('hex')}`;
  return `${prefix}${suffix}`.slice(0, 10);
}

export interface RegisteredUser {
  username: string;
  password: string;
  fundPassword: string;
}

export async function registerUser(
  t: TestApp,
  user: { username?: string; password?: string; fundPassword?: string; inviteCode?: string } = {},
): Promise<RegisteredUser> {
  const username = user.username ?? uniqueUsername();
  const password = user.password ?? DEFAULT_PASSWORD;
  const fundPassword = user.fundPassword ?? DEFAULT_FUND_PASSWORD;
  const result = await t.call(endpoints.user.register, {
    username,
    loginPwd: pw(password),
    preLoginPwd: pw(password),
    fundPwd: pw(fundPassword),
    inviteCode: user.inviteCode ?? DEMO_ACCOUNTS.agent.inviteCode,
  });
  if (!result.body.success) throw new Error(`register ${username} failed: ${JSON.stringify(result.body)}`);
  return { username, password, fundPassword };
}

export function loginBody(username: string, password: string, googleCode?: string) {
  return {
    username,
    password: pw(password),
    deviceId: 'test-device',
    deviceType: 'H5' as const,
    ...(googleCode !== undefined ? { googleCode } : {}),
  };
}

/** Logs in and answers the session token; fails the test with the envelope when refused. */
export async function login(
  t: TestApp,
  username: string,
  password: string,
  options: { googleCode?: string; ip?: string } = {},
): Promise<string> {
  const result = await t.call(endpoints.user.login, loginBody(username, password, options.googleCode), {
    ip: options.ip,
  });
  if (!result.body.success || !result.body.data) {
    throw new Error(`login ${username} failed: ${JSON.stringify(result.body)}`);
  }
  return result.body.data.token;
}

/**
 * Binds a Google authenticator with a code of the current time step; answers the secret and the
 * code that binding used up.
 */
export async function bindGoogleWithCode(
  t: TestApp,
  token: string,
  password: string,
): Promise<{ secret: string; code: string }> {
  const prepared = await t.call(endpoints.user.bindGoogleGet, {}, { token });
  if (!prepared.body.success || !prepared.body.data) {
    throw new Error(`bind-google-get failed: ${JSON.stringify(prepared.body)}`);
  }
  const { secret } = prepared.body.data;
  const code = await currentTotp(secret, Date.now());
  const bound = await t.call(endpoints.user.bindGoogle, { password: pw(password), code }, { token });
  if (!bound.body.success) throw new Error(`bind-google failed: ${JSON.stringify(bound.body)}`);
  return { secret, code };
}

/** Binds a Google authenticator with a code of the current time step; answers the secret. */
export async function bindGoogle(t: TestApp, token: string, password: string): Promise<string> {
  return (await bindGoogleWithCode(t, token, password)).secret;
}

/** A 6-digit code that is not valid for the secret anywhere near now (±3 steps). */
export async function wrongTotp(secret: string, nowMs = Date.now()): Promise<string> {
  const near = new Set<string>();
  for (let step = -3; step <= 3; step += 1) near.add(await currentTotp(secret, nowMs + step * 30_000));
  for (let candidate = 0; ; candidate += 111_111) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

// ---- rows ----------------------------------------------------------------------------------------

export async function countRows(db: Storage['db'], table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userRow(db: Storage['db'], username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

// ---- messages ------------------------------------------------------------------------------------

const catalogues = new Map<LocaleCode, Catalogue>();

export async function catalogue(locale: LocaleCode): Promise<Catalogue> {
  let loaded = catalogues.get(locale);
  if (!loaded) {
    loaded = await loadCatalogue(locale);
    catalogues.set(locale, loaded);
  }
  return loaded;
}

export async function tr(locale: LocaleCode, key: MessageKey, params?: MessageParams): Promise<string> {
  return translate(await catalogue(locale), key, params);
}

export { LOCALE_CODES };

// ---- assertions ----------------------------------------------------------------------------------

/**
 * Asserts a failure envelope `{success:false, code, message, data}` with the HTTP status of the
 * code, and optionally the field named in `data.field` and the forceLogout flag.
 */
export function expectFailure(
  result: ApiResult<unknown>,
  code: ErrorCode,
  expected: { field?: string; forceLogout?: boolean } = {},
): void {
  const { body } = result;
  expect(body, JSON.stringify(body)).toMatchObject({ success: false, code });
  expect(Object.keys(body).sort()).toEqual(
    body.forceLogout === undefined
      ? ['code', 'data', 'message', 'success']
      : ['code', 'data', 'forceLogout', 'message', 'success'],
  );
  expect(typeof body.message).toBe('string');
  expect(body.message.trim().length).toBeGreaterThan(0);
  expect(result.status).toBe(HTTP_STATUS[code]);
  if (expected.field !== undefined) {
    expect(body.data, JSON.stringify(body)).toMatchObject({ field: expected.field });
  }
  if (expected.forceLogout !== undefined) {
    expect(body.forceLogout === true).toBe(expected.forceLogout);
  }
}

/** Asserts a success envelope and answers its data. */
export function expectSuccess<T>(result: ApiResult<T>): T {
  expect(result.body, JSON.stringify(result.body)).toMatchObject({ success: true, code: 'OK' });
  expect(result.status).toBe(200);
  expect(result.body.data).not.toBeUndefined();
  return result.body.data as T;
}

/**
 * Asserts that a message is the catalogue text of `key` in `locale`, and that this text is a real
 * translation: non-empty and different from the English one.
 */
export async function expectLocalized(
  message: string,
  locale: LocaleCode,
  key: MessageKey,
  params?: MessageParams,
): Promise<void> {
  const localized = await tr(locale, key, params);
  const english = await tr('en', key, params);
  expect(message).toBe(localized);
  expect(message.trim().length).toBeGreaterThan(0);
  if (locale !== 'en') expect(message).not.toBe(english);
}
