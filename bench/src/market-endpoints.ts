import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { endpoints, envelopeOf } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { LOCALE_CODES } from '@vela/i18n';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { DEMO_ACCOUNTS, seed } from '../../apps/server/src/seed.ts';
import { createMoney, type Money } from '../../apps/server/src/modules/ledger/money.ts';
import { postAdjustment } from '../../apps/server/src/modules/wallet/adjustments.ts';
import { FeedEngine, PUBLIC_HISTORY_SEED } from '../../apps/server/src/modules/feed/feed-engine.ts';
import { FeedSecrets } from '../../apps/server/src/modules/feed/feed-secrets.ts';
import { MarketRuntime } from '../../apps/server/src/modules/market/market-runtime.ts';
import { SimulatorSource } from '../../apps/server/src/modules/feed/simulator-source.ts';
import { load, type LoadResult } from './http-load.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * The two hot market reads under load: the ticker list and 500 one-minute candles of BTC, beside an
 * empty Fastify route measured in the same run. The server runs in its own process with a live
 * simulated feed (a day of one-minute history backfilled, then a tick every second), so the answers
 * change every second as in production and the load generator does not share the server's event
 * loop. Targets: each market read >= 5,000 answers/s with p99 <= 20 ms (decision 012), timed and
 * spot and contract orders >= 3,000/s with p99 <= 50 ms (decisions 023, 046 and 047), all at full
 * load (see `measure`).
 *
 * This file is also the entry point of the server process (VELA_MARKET_BENCH_ROLE=server).
 */

const ROLE = process.env.VELA_MARKET_BENCH_ROLE;
const SELF = fileURLToPath(import.meta.url);
const TARGET_RPS = 5_000;
const TARGET_P99_MS = 20;
/** Timed, spot and contract order placement (decisions 023, 046 and 047). */
const TARGET_ORDERS_PER_S = 3_000;
const TARGET_ORDER_P99_MS = 50;
const KLINE_LIMIT = 500;
const SECONDS = 8;
/** Unmeasured load before each measurement, so compilation and first-use costs are not counted. */
const WARMUP_SECONDS = 2;

interface Ready {
  type: 'ready';
  apiPort: number;
  emptyPort: number;
  btcId: number;
  /** A session of a user with a large USDT balance, for placing timed orders. */
  traderToken: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serve(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-bench-market-'));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    FEED_BACKFILL: 'short',
    // The per-address limit would answer most of the load with 429; here the endpoints are measured.
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    // The same prices on every run: the daily secrets are derived from this seed (decision 034).
    FEED_SEED: String(PUBLIC_HISTORY_SEED),
  });
  const storage = openStorage({ sqlitePath: config.sqlitePath });
  await migrateToLatest(storage);
  await seed(storage.db);
  const market = new MarketRuntime({ db: storage.db });
  const money = createMoney(storage);
  const app = await buildApp({ config, storage, logger: false, market, money });
  const draws = new FeedSecrets({ db: storage.db, overrideSeed: config.FEED_SEED });
  const engine = new FeedEngine({
    db: storage.db,
    market,
    source: new SimulatorSource({ draws }),
    draws,
    seed: PUBLIC_HISTORY_SEED,
    backfill: config.FEED_BACKFILL,
    tickRetentionDays: config.TICK_RETENTION_DAYS,
  });
  // Backfills a day of one-minute candles for every coin, then records a tick every second.
  await engine.start();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseline = Fastify();
  baseline.post('/empty', async () => ({ success: true }));
  await baseline.listen({ host: '127.0.0.1', port: 0 });
  const btc = market.coins.marketCoins().find((coin) => coin.coin.symbol === 'BTC');
  if (!btc) throw new Error('The seed has no BTC market coin');
  // A few live seconds, so the answers already move when the load starts.
  await sleep(2_000);
  const traderToken = await fundedTrader(app, money, storage.db);

  const stop = async () => {
    await engine.stop();
    await app.close();
    await baseline.close();
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'exit') void stop();
    // The server's own CPU time so far, so each measurement can tell how busy the server was.
    if (message.type === 'cpu') process.send?.({ type: 'cpu', micros: cpuMicros() });
  });
  const ready: Ready = {
    type: 'ready',
    apiPort: (app.server.address() as AddressInfo).port,
    emptyPort: (baseline.server.address() as AddressInfo).port,
    btcId: btc.id,
    traderToken,
  };
  process.send?.(ready);
}

/** Registers and signs in a user through the API, and credits them through the ledger. */
async function fundedTrader(app: FastifyInstance, money: Money, db: Storage['db']): Promise<string> {
  const password = preHashPassword('Bench#2024');
  const send = async (url: string, payload: unknown) =>
    (await app.inject({ method: 'POST', url: `/api${url}`, payload: payload as never })).json<{
      data: { token?: string; user?: { id: number } };
    }>();
  await send('/user/register', {
    username: 'bench01',
    loginPwd: password,
    preLoginPwd: password,
    fundPwd: password,
    inviteCode: DEMO_ACCOUNTS.agent.inviteCode,
  });
  const session = await send('/user/login', {
    username: 'bench01',
    password,
    deviceId: 'bench',
    deviceType: 'H5',
  });
  const usdt = await db.selectFrom('vc').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow();
  await money.committer.run((trx) =>
    postAdjustment(money, trx, {
      operatorId: 0,
      userId: session.data.user?.id ?? 0,
      vcId: usdt.id,
      deltaMinor: 10n ** 17n,
      reason: 'bench',
    }),
  );
  // Half of it into the contract account, for the contract orders.
  const token = session.data.token ?? '';
  const moved = await app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: token, 'idempotency-key': `bench-transfer-${process.pid}-contract` },
    payload: { vcId: usdt.id, from: 'spot', to: 'contract', amount: String(10n ** 10n) },
  });
  if (moved.statusCode !== 200) throw new Error(`the contract transfer failed: ${moved.body}`);
  return token;
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The size of an answer on the wire with the given `Accept-Encoding`, as sent (not decoded). */
function answerBytes(url: string, body: unknown, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

export async function benchMarketEndpoints(): Promise<void> {
  const child: ChildProcess = fork(SELF, [], {
    env: { ...process.env, VELA_MARKET_BENCH_ROLE: 'server' },
    // The server runs with the flags of production (scripts/start.sh).
    execArgv: ['--max-semi-space-size=64', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The market server did not start in 40 s')), 40_000);
      child.once('message', (message) => {
        clearTimeout(timer);
        resolve(message as Ready);
      });
      child.once('exit', (code) => reject(new Error(`The market server exited (${code})`)));
    });
    const api = `http://127.0.0.1:${ready.apiPort}/api`;
    const klineBody = { vcId: ready.btcId, interval: '1m', limit: KLINE_LIMIT };

    // The answers are checked against the contract before they are measured.
    const list = envelopeOf(endpoints.market.marketList.data).parse(await post(`${api}/vc/market/list`, {}));
    const kline = envelopeOf(endpoints.market.marketKline.data).parse(
      await post(`${api}/vc/market/kline`, klineBody),
    );
    const candles = kline.data?.candles.length ?? 0;
    if (candles < KLINE_LIMIT) throw new Error(`kline answered ${candles} candles, not ${KLINE_LIMIT}`);
    const [plainBytes, gzipBytes] = [
      await answerBytes(`${api}/vc/market/kline`, klineBody, 'identity'),
      await answerBytes(`${api}/vc/market/kline`, klineBody, 'gzip'),
    ];

    /**
     * Each route after a warm-up, with every connection sending its next request as soon as an
     * answer arrives: the throughput, and the latency a client sees at that full load (the queue of
     * 100 connections included). A run at a fixed offered rate would say more about the answer's own
     * time, but autocannon releases a rate-limited second's requests together, and its p99 then
     * measures that burst (an empty route showed 31 ms at 5,000/s against 8 ms flat out).
     */
    const measure = async (
      url: string,
      body: unknown,
      extra: Pick<
        Parameters<typeof load>[2] & object,
        'headers' | 'headersInTurn' | 'headersPerRequest'
      > = {},
    ): Promise<LoadResult> => {
      await load(url, body, { seconds: WARMUP_SECONDS, ...extra });
      const before = await serverCpu();
      const result = await load(url, body, { seconds: SECONDS, ...extra });
      serverBusy.set(result, (await serverCpu()) - before);
      return result;
    };
    /** The server's CPU time in microseconds (user and system), asked over the IPC channel. */
    const serverCpu = () =>
      new Promise<number>((resolve) => {
        const answer = (message: { type?: string; micros?: number }) => {
          if (message.type !== 'cpu') return;
          child.off('message', answer);
          resolve(message.micros ?? 0);
        };
        child.on('message', answer);
        child.send({ type: 'cpu' });
      });
    const serverBusy = new Map<LoadResult, number>();
    const empty = await measure(`http://127.0.0.1:${ready.emptyPort}/empty`, {});
    const rows: [string, LoadResult, 'read' | 'order' | null][] = [
      ['empty Fastify route (reference)', empty, null],
      [
        `/vc/market/list (${list.data?.length ?? 0} tickers)`,
        await measure(`${api}/vc/market/list`, {}),
        'read',
      ],
      [
        // Every request in the next of the eleven languages: each second's list is encoded once per
        // language (decision 025), the most encoding any mix of clients can cause.
        `/vc/market/list (11 languages)`,
        await measure(
          `${api}/vc/market/list`,
          {},
          {
            headersInTurn: LOCALE_CODES.map((lang) => ({ lang })),
          },
        ),
        'read',
      ],
      [
        `/vc/market/kline (${KLINE_LIMIT} x 1m, BTC)`,
        await measure(`${api}/vc/market/kline`, klineBody),
        'read',
      ],
    ];
    // Timed orders: every request a new order (its own idempotency key, 16 to 64 characters as the
    // route requires), durable when answered.
    let orders = 0;
    rows.push([
      '/user/vc-timing-trade/request (orders)',
      await measure(
        `${api}/user/vc-timing-trade/request`,
        { vcId: ready.btcId, periodSeconds: 300, direction: 'up', amount: '10' },
        {
          headers: { authorization: ready.traderToken },
          headersPerRequest: () => ({ 'idempotency-key': `bench-order-${process.pid}-${(orders += 1)}` }),
        },
      ),
      'order',
    ]);
    // Spot orders: limit buys far below the market, so each one rests in the trigger book and the
    // measurement is the placement alone (hold, order rows, key), as decision 046 describes it.
    let spotOrders = 0;
    rows.push([
      '/user/vc-spot-trade/request (orders)',
      await measure(
        `${api}/user/vc-spot-trade/request`,
        { vcId: ready.btcId, side: 'buy', kind: 'limit', amount: '10', limitPrice: '1' },
        {
          headers: { authorization: ready.traderToken },
          headersPerRequest: () => ({ 'idempotency-key': `bench-spot-${process.pid}-${(spotOrders += 1)}` }),
        },
      ),
      'order',
    ]);
    // Contract orders: limit longs far below the market, resting, so the measurement is the
    // placement alone (the account's risk check, the hold, the order row, the key; decision 047).
    let contractOrders = 0;
    rows.push([
      '/user/vc-contract-trade/request (orders)',
      await measure(
        `${api}/user/vc-contract-trade/request`,
        { vcId: ready.btcId, side: 'long', kind: 'limit', leverage: 10, quantity: '0.001', limitPrice: '1' },
        {
          headers: { authorization: ready.traderToken },
          headersPerRequest: () => ({
            'idempotency-key': `bench-contract-${process.pid}-${(contractOrders += 1)}`,
          }),
        },
      ),
      'order',
    ]);
    console.log(
      `\nMarket endpoints, 100 connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, server in its own process`,
    );
    // autocannon asks for no compression (it would read a gzipped body as text, which costs its
    // core more than the server's); browsers get the kline gzipped (decision 012).
    console.log(`  ${KLINE_LIMIT} candles: ${plainBytes} bytes, ${gzipBytes} bytes gzipped for browsers`);
    let allMet = true;
    for (const [name, result, kind] of rows) allMet = report(name, result, kind) && allMet;
    console.log(
      `  targets: reads >= ${TARGET_RPS}/s with p99 <= ${TARGET_P99_MS} ms; orders >= ${TARGET_ORDERS_PER_S}/s with p99 <= ${TARGET_ORDER_P99_MS} ms: ${allMet ? 'met' : 'MISSED'}`,
    );

    function report(name: string, result: LoadResult, kind: 'read' | 'order' | null): boolean {
      const ratio = (result.requestsPerSecond / empty.requestsPerSecond).toFixed(2);
      const [rate, p99] =
        kind === 'order' ? [TARGET_ORDERS_PER_S, TARGET_ORDER_P99_MS] : [TARGET_RPS, TARGET_P99_MS];
      const met = result.requestsPerSecond >= rate && result.p99Ms <= p99;
      // Server CPU below 100 % means the load generator, on the other core, was the limit.
      const busy = Math.round((serverBusy.get(result) ?? 0) / (SECONDS * 10_000));
      console.log(
        `  ${name.padEnd(40)} ${String(result.requestsPerSecond).padStart(7)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms` +
          `   ratio ${ratio}   server CPU ${String(busy).padStart(3)} %   errors ${result.errors + result.non2xx}` +
          `${kind ? `   target ${met ? 'met' : 'MISSED'}` : ''}`,
      );
      return kind === null || met;
    }
  } finally {
    if (child.connected) child.send({ type: 'exit' });
    const timer = setTimeout(() => child.kill(), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

if (ROLE === 'server') {
  await serve();
} else if (isEntryPoint(import.meta.url)) {
  await benchMarketEndpoints();
}
