import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timingStakeEntry } from '@vela/domain';
import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/db/seed.ts';
import { checkLedger } from '../../apps/server/src/modules/ledger/invariant-checker.ts';
import { createMoney, type Money } from '../../apps/server/src/modules/ledger/money.ts';
import { TimingSettler } from '../../apps/server/src/modules/timing/timing-settler.ts';
import { postAdjustment } from '../../apps/server/src/modules/wallet/adjustments.ts';

/**
 * Durable settlement of timed orders (issue "Timed trading"): open orders expiring in the same
 * second are settled by the settler, in batches of one commit each, on SQLite (synchronous=FULL).
 * Printed: settlements per second for a large expiry, the expiry-to-commit delay of a burst of
 * 10,000 with the settler's own timer running, and the one-commit-per-order rate as the reference.
 * Targets: >= 100,000 settlements/s; 1,000,000 orders expiring together settled within 10 s
 * (BENCH_TIMING_MILLION=1, it takes a few minutes to set up); burst p99 <= 200 ms.
 */
const USERS = 1_000;
const LARGE = Number(process.env.BENCH_TIMING_ORDERS ?? 100_000);
const BURST = 10_000;
const SINGLE = 500;

interface Stage {
  storage: Storage;
  money: Money;
  users: number[];
  usdtId: number;
  btcId: number;
}

async function prepare(storage: Storage): Promise<Stage> {
  await migrateToLatest(storage);
  await seed(storage.db);
  const money = createMoney(storage);
  const coin = async (symbol: string) =>
    (await storage.db.selectFrom('vc').select('id').where('symbol', '=', symbol).executeTakeFirstOrThrow())
      .id;
  const usdtId = await coin('USDT');
  const btcId = await coin('BTC');
  const users: number[] = [];
  const now = Date.now();
  for (let i = 0; i < USERS; i += 500) {
    const rows = Array.from({ length: Math.min(500, USERS - i) }, (_, j) => ({
      username: `tbench${i + j}`,
      username_key: `tbench${i + j}`,
      login_pwd_hash: 'x',
      user_type: 1,
      register_way: 'bench',
      nickname: `tbench${i + j}`,
      created_at: now,
    }));
    users.push(
      ...(await storage.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id),
    );
  }
  await storage.db.transaction().execute(async (trx) => {
    for (const userId of users) {
      await postAdjustment(money, trx, {
        operatorId: 0,
        userId,
        vcId: usdtId,
        deltaMinor: 10n ** 15n,
        reason: 'bench',
      });
    }
  });
  return { storage, money, users, usdtId, btcId };
}

/** Opens `count` orders expiring at `expiresAt` (stakes booked), and records the settlement tick. */
async function openOrders(stage: Stage, count: number, expiresAt: number): Promise<void> {
  const { storage, money, users, usdtId, btcId } = stage;
  const openTick = await storage.db
    .insertInto('price_tick')
    .values({
      vc_id: btcId,
      time_ms: expiresAt - 30_000,
      price_minor: 6_000_000n,
      volume_minor: 1n,
      turnover_minor: 1n,
    })
    .onConflict((oc) => oc.columns(['vc_id', 'time_ms']).doNothing())
    .returning('id')
    .executeTakeFirst();
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
        stake_minor: 10_000_000n,
        payout_rate: '0.8',
        tie_rule: 'refund' as const,
        open_tick_id: openTick?.id ?? 0,
        open_tick_time_ms: expiresAt - 30_000,
        open_price_minor: 6_000_000n,
        created_at: expiresAt - 30_000,
        expires_at: expiresAt,
        status: 'open' as const,
        settle_tick_id: null,
        settle_tick_time_ms: null,
        settle_price_minor: null,
        outcome: null,
        payout_minor: null,
        settled_at: null,
      }));
      const ids: number[] = [];
      // SQLite allows at most 32,766 bound values per statement: 20 columns x 1,000 rows.
      for (let i = 0; i < rows.length; i += 1_000) {
        const inserted = await trx
          .insertInto('timing_order')
          .values(rows.slice(i, i + 1_000))
          .returning('id')
          .execute();
        ids.push(...inserted.map((r) => r.id));
      }
      await money.ledger.post(
        trx,
        ids.map((id, i) =>
          timingStakeEntry({ refType: 'timing', refId: id }, rows[i]?.user_id ?? 0, usdtId, 10_000_000n),
        ),
      );
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
}

async function run(label: string, storage: Storage): Promise<void> {
  const stage = await prepare(storage);
  const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;

  // Throughput: LARGE orders expiring in the same second, settled by a settler that starts then.
  await openOrders(stage, LARGE, base);
  const settler = new TimingSettler({
    db: storage.db,
    money: stage.money,
    timerMs: null,
    now: () => base + 1,
  });
  let started = performance.now();
  await settler.start();
  const largeSeconds = (performance.now() - started) / 1000;
  const rate = LARGE / largeSeconds;

  // Reference: the same work with one commit per order.
  await openOrders(stage, SINGLE, base + 1_000);
  const single = new TimingSettler({
    db: storage.db,
    money: stage.money,
    timerMs: null,
    batchLimit: 1,
    now: () => base + 1_001,
  });
  started = performance.now();
  await single.start();
  const singleRate = SINGLE / ((performance.now() - started) / 1000);

  // Burst: 10,000 orders expire together while a settler runs on its own 50 ms timer; the delay
  // of each is from its expiry instant to the commit of its settlement.
  const burstAt = Math.floor(Date.now() / 1000) * 1000 + 4_000;
  await openOrders(stage, BURST, burstAt);
  const commits: number[] = [];
  const live = new TimingSettler({
    db: storage.db,
    money: stage.money,
    timerMs: 50,
    onSettled: (settled) => {
      const at = Date.now();
      for (let i = 0; i < settled.length; i += 1) commits.push(at - burstAt);
    },
  });
  await live.start();
  while (commits.length < BURST) await new Promise((resolve) => setTimeout(resolve, 20));
  await live.stop();
  commits.sort((a, b) => a - b);
  const p99 = commits[Math.floor(commits.length * 0.99)] ?? Infinity;

  const report = await checkLedger(storage.db, storage.dialect);
  console.log(
    `timing settlement ${label}: ${Math.round(rate).toLocaleString('en')} settlements/s ` +
      `(${LARGE.toLocaleString('en')} expiring together, settled in ${largeSeconds.toFixed(2)} s), ` +
      `one commit per order ${Math.round(singleRate).toLocaleString('en')}/s, ratio ${(rate / singleRate).toFixed(1)}x; ` +
      `target >= 100,000/s: ${rate >= 100_000 ? 'met' : 'MISSED'}; ` +
      `burst of ${BURST.toLocaleString('en')}: p99 expiry-to-commit ${p99} ms (target <= 200: ${p99 <= 200 ? 'met' : 'MISSED'}); ` +
      `invariants ${report.ok ? 'hold' : `BROKEN (${report.violations.length})`}`,
  );
  if (process.env.BENCH_TIMING_MILLION === '1') {
    const at = base + 2_000;
    await openOrders(stage, 1_000_000, at);
    const million = new TimingSettler({
      db: storage.db,
      money: stage.money,
      timerMs: null,
      now: () => at + 1,
    });
    started = performance.now();
    await million.start();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `timing settlement ${label}: 1,000,000 orders expiring together settled in ${seconds.toFixed(1)} s (target <= 10 s: ${seconds <= 10 ? 'met' : 'MISSED'})`,
    );
  }
}

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

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await benchTimingSettlement();
}
