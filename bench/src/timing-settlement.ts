import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timingStakeEntry } from '@vela/domain';
import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { checkBooks } from '../../apps/server/src/books.ts';
import type { OpenOrder } from '../../apps/server/src/modules/timing/timing-opening.ts';
import { TimingSettler } from '../../apps/server/src/modules/timing/timing-settler.ts';
import { benchStage, type BenchStage } from './bench-users.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * Durable settlement of timed orders (targets in decision 026) on SQLite (WAL, synchronous=FULL):
 *
 * - throughput: LARGE orders of USERS users expire in the same second and the settler, which
 *   tracks them as it tracks every order placed through the API, settles them in batches of one
 *   commit each (half win, half lose). This happens ROUNDS times (default 3), for expiries a
 *   second apart, as on a server that settles every second, and the rate is all the orders over
 *   all the settling time (each round's orders are placed before it is timed): one round lasts
 *   about a second, and on a shared machine the figure of a single second moves by a fifth either
 *   way. The first round's own rate is printed beside it;
 * - recovery: the same after a restart, with the open orders loaded from the database first;
 * - burst: BURST orders expire together while a settler runs on its own timers; the delay of each
 *   is from its expiry instant to the commit of its settlement (the settlement tick is already
 *   recorded, as it is once the feed has caught up);
 * - reference: one commit per order.
 *
 * Targets: >= 100,000 settlements/s; 1,000,000 orders expiring together settled within 10 s
 * (BENCH_TIMING_MILLION=1, a few minutes to set up); burst p99 <= 200 ms.
 */
const USERS = Number(process.env.BENCH_TIMING_USERS ?? 10_000);
const LARGE = Number(process.env.BENCH_TIMING_ORDERS ?? 100_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_TIMING_ROUNDS ?? 3) || 3);
const BURST = 10_000;
const SINGLE = 500;
const STAKE = 10_000_000n;

type Stage = BenchStage;

// Every user is funded by an audited adjustment, written in bulk; the sum stays far inside the
// 64-bit balance of the external account.
const prepare = (storage: Storage) =>
  benchStage(storage, { count: USERS, prefix: 'tbench', amountMinor: 10n ** 13n });

/**
 * Opens `count` orders expiring at `expiresAt` (stakes booked, half up and half down), records the
 * settlement tick (a rise: up wins), and answers the orders as the settler tracks them.
 */
const OPEN_PRICE = 6_000_000n;

async function openOrders(stage: Stage, count: number, expiresAt: number): Promise<OpenOrder[]> {
  const { storage, money, users, usdtId, btcId } = stage;
  await storage.db
    .insertInto('price_tick')
    .values({
      vc_id: btcId,
      time_ms: expiresAt - 30_000,
      price_minor: OPEN_PRICE,
      volume_minor: 1n,
      turnover_minor: 1n,
    })
    .onConflict((oc) => oc.columns(['vc_id', 'time_ms']).doNothing())
    .execute();
  const openTick = await storage.db
    .selectFrom('price_tick')
    .select('id')
    .where('vc_id', '=', btcId)
    .where('time_ms', '=', expiresAt - 30_000)
    .executeTakeFirstOrThrow();
  const opened: OpenOrder[] = [];
  const CHUNK = 5_000;
  for (let done = 0; done < count; done += CHUNK) {
    const n = Math.min(CHUNK, count - done);
    await storage.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: n }, (_, i) => ({
        user_id: users[(done + i) % users.length] ?? 0,
        vc_id: btcId,
        settle_vc_id: usdtId,
        direction: (done + i) % 2 === 0 ? ('up' as const) : ('down' as const),
        period_seconds: 30,
        stake_minor: STAKE,
        payout_rate: '0.8',
        tie_rule: 'refund' as const,
        // Accepted half a second before the tick it opened at (decision 035).
        created_at: expiresAt - 30_500,
      }));
      const ids: number[] = [];
      // SQLite allows at most 32,766 bound values per statement: 10 columns x 1,000 rows.
      for (let i = 0; i < rows.length; i += 1_000) {
        const inserted = await trx
          .insertInto('timing_order')
          .values(rows.slice(i, i + 1_000))
          .returning('id')
          .execute();
        await trx
          .insertInto('timing_order_open')
          .values(inserted.map((r) => ({ id: r.id })))
          .execute();
        ids.push(...inserted.map((r) => r.id));
      }
      await money.ledger.post(
        trx,
        ids.map((id, i) =>
          timingStakeEntry({ refType: 'timing', refId: id }, rows[i]?.user_id ?? 0, usdtId, STAKE),
        ),
      );
      ids.forEach((id, i) => {
        const row = rows[i];
        if (!row) return;
        opened.push({
          id,
          userId: row.user_id,
          vcId: btcId,
          settleVcId: usdtId,
          direction: row.direction,
          periodSeconds: row.period_seconds,
          stakeMinor: STAKE,
          openTickId: Number(openTick.id),
          openTickTimeMs: expiresAt - 30_000,
          openPriceMinor: OPEN_PRICE,
          payoutRate: row.payout_rate,
          tieRule: row.tie_rule,
          acceptedAt: row.created_at,
          expiresAt,
        });
      });
    });
  }
  await storage.db
    .insertInto('price_tick')
    .values({
      vc_id: btcId,
      time_ms: expiresAt,
      price_minor: 6_000_100n,
      volume_minor: 1n,
      turnover_minor: 1n,
    })
    .onConflict((oc) => oc.columns(['vc_id', 'time_ms']).doNothing())
    .execute();
  return opened;
}

/**
 * Wall and CPU seconds a live settler (tracking the orders, as after their placement) takes to settle
 * them; the CPU time tells what the settlement costs when other work shares the cores.
 */
async function settleTracked(stage: Stage, orders: readonly OpenOrder[], at: number, batchLimit?: number) {
  const settler = new TimingSettler({
    db: stage.storage.db,
    money: stage.money,
    timers: false,
    now: () => at + 1,
    ...(batchLimit ? { batchLimit, maxBatchLimit: batchLimit } : {}),
  });
  for (const order of orders) settler.track(order);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const settled = await settler.settleDue(at + 1);
  if (settled !== orders.length) throw new Error(`settled ${settled} of ${orders.length}`);
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const rate = (n: number, seconds: number) => Math.round(n / seconds).toLocaleString('en');

async function run(label: string, storage: Storage): Promise<void> {
  const stage = await prepare(storage);
  const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;

  const rounds: { seconds: number; cpuSeconds: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const at = base + round * 1_000;
    rounds.push(await settleTracked(stage, await openOrders(stage, LARGE, at), at));
  }
  const largeSeconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const largeCpu = rounds.reduce((sum, r) => sum + r.cpuSeconds, 0);
  const first = rounds[0] ?? { seconds: Infinity, cpuSeconds: 0 };

  // Recovery: orders that expired while the server was down, loaded from the database first.
  const recoveryAt = base + ROUNDS * 1_000;
  await openOrders(stage, LARGE, recoveryAt);
  const recovering = new TimingSettler({
    db: storage.db,
    money: stage.money,
    timers: false,
    now: () => recoveryAt + 1,
  });
  const started = performance.now();
  await recovering.start();
  const recoverySeconds = (performance.now() - started) / 1000;

  const singleAt = recoveryAt + 1_000;
  const single = await openOrders(stage, SINGLE, singleAt);
  const { seconds: singleSeconds } = await settleTracked(stage, single, singleAt, 1);

  // Burst: orders expire together while a settler runs on its own timers.
  const burstAt = Math.floor(Date.now() / 1000) * 1000 + 4_000;
  const burst = await openOrders(stage, BURST, burstAt);
  const commits: number[] = [];
  const live = new TimingSettler({
    db: storage.db,
    money: stage.money,
    watcher: {
      ordersOpened: () => undefined,
      ordersSettled: (settled) => {
        const at = Date.now();
        for (let i = 0; i < settled.length; i += 1) commits.push(at - burstAt);
      },
    },
  });
  await live.start();
  for (const order of burst) live.track(order);
  while (commits.length < BURST) await new Promise((resolve) => setTimeout(resolve, 20));
  await live.stop();
  commits.sort((a, b) => a - b);
  const p99 = commits[Math.floor(commits.length * 0.99)] ?? Infinity;

  const report = await checkBooks(storage.db, storage.dialect);
  const settledInRounds = LARGE * ROUNDS;
  const throughput = settledInRounds / largeSeconds;
  const singleRate = SINGLE / singleSeconds;
  console.log(
    `timing settlement ${label}, ${USERS.toLocaleString('en')} users: ` +
      `${rate(settledInRounds, largeSeconds)} settlements/s (${LARGE.toLocaleString('en')} expiring together, ${ROUNDS} times a second apart: ` +
      `settled in ${rounds.map((r) => r.seconds.toFixed(2)).join(', ')} s, ` +
      `${((largeCpu / settledInRounds) * 1e6).toFixed(1)} us of CPU each; the first alone ${rate(LARGE, first.seconds)}/s); ` +
      `after a restart ${rate(LARGE, recoverySeconds)}/s with loading (${recoverySeconds.toFixed(2)} s); ` +
      `one commit per order ${rate(SINGLE, singleSeconds)}/s, ratio ${(throughput / singleRate).toFixed(1)}x; ` +
      `target >= 100,000/s: ${throughput >= 100_000 ? 'met' : 'MISSED'}; ` +
      `burst of ${BURST.toLocaleString('en')}: p99 expiry-to-commit ${p99} ms (target <= 200: ${p99 <= 200 ? 'met' : 'MISSED'}); ` +
      `invariants ${report.ok ? 'hold' : `BROKEN (${report.violations.length})`}`,
  );
  if (process.env.BENCH_TIMING_MILLION === '1') {
    const at = singleAt + 1_000;
    const million = await openOrders(stage, 1_000_000, at);
    const { seconds } = await settleTracked(stage, million, at);
    console.log(
      `timing settlement ${label}: 1,000,000 orders expiring together settled in ${seconds.toFixed(1)} s ` +
        `(${rate(1_000_000, seconds)}/s; target <= 10 s: ${seconds <= 10 ? 'met' : 'MISSED'})`,
    );
  }
}

export { prepare as prepareSettlementStage, openOrders, settleTracked };

export async function benchTimingSettlement(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-timing-bench-'));
  const sqlite = openStorage({ sqlitePath: path.join(dir, 'bench.db') });
  try {
    await run('SQLite', sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) {
  await benchTimingSettlement();
}
