import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { financeBuyEntry } from '@vela/domain';
import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { checkBooks } from '../../apps/server/src/books.ts';
import { FinanceSettler } from '../../apps/server/src/modules/finance/finance-settler.ts';
import { benchStage, type BenchStage } from './bench-users.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * Durable settlement of pledge finance orders (issue 23, decision 048) on SQLite (WAL,
 * synchronous=FULL): LARGE orders of USERS users end in the same second, half on a product whose
 * linked price is above the settlement price (paid back in the coin, an exchange with the house)
 * and half on one below it (paid in USDT), and a settler settles them from the index of end
 * instants, as after a restart: nothing of them is in memory. Beside it, one commit per order.
 *
 * Target: >= 50,000 settlements/s.
 */
const USERS = Number(process.env.BENCH_FINANCE_USERS ?? 10_000);
const LARGE = Number(process.env.BENCH_FINANCE_ORDERS ?? 100_000);
const SINGLE = 500;
const AMOUNT = 100_000_000n;
const SETTLE_PRICE = 6_000_000n;
const TERM_MS = 60_000;

/** Two USDT products on BTC, linked above and below the settlement price. */
async function products(stage: BenchStage, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (const linked of [6_500_000n, 5_500_000n]) {
    const row = await stage.storage.db
      .insertInto('finance_product')
      .values({
        vc_id: stage.btcId,
        settle_vc_id: stage.usdtId,
        name: `bench ${linked}`,
        remark: '',
        buy_type: 'usdt',
        rate: '0.1',
        service_rate: '0.01',
        cycle: 1,
        cycle_type: 'minute',
        linked_price_minor: linked,
        min_amount_minor: 1n,
        max_amount_minor: null,
        quota_minor: 10n ** 15n,
        sold_minor: 0n,
        order_count: 0,
        enabled: 1,
        sort: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

/** Buys `count` orders ending at `endAt` (principals booked), and records the settlement tick. */
async function buyOrders(stage: BenchStage, productIds: readonly number[], count: number, endAt: number) {
  const { storage, money, users, usdtId, btcId } = stage;
  for (let done = 0; done < count; done += 5_000) {
    const n = Math.min(5_000, count - done);
    await storage.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: n }, (_, i) => ({
        user_id: users[(done + i) % users.length] ?? 0,
        product_id: productIds[(done + i) % productIds.length] ?? 0,
        vc_id: btcId,
        settle_vc_id: usdtId,
        buy_type: 'usdt' as const,
        amount_minor: AMOUNT,
        coins_minor: 1_000n,
        rate: '0.1',
        service_rate: '0.01',
        cycle: 1,
        cycle_type: 'minute' as const,
        linked_price_minor: (done + i) % 2 === 0 ? 6_500_000n : 5_500_000n,
        start_at: endAt - TERM_MS,
        end_at: endAt,
      }));
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 1_000) {
        const inserted = await trx
          .insertInto('finance_order')
          .values(rows.slice(i, i + 1_000))
          .returning('id')
          .execute();
        await trx
          .insertInto('finance_order_open')
          .values(inserted.map((r) => ({ id: r.id, end_at: endAt })))
          .execute();
        ids.push(...inserted.map((r) => Number(r.id)));
      }
      await money.ledger.post(
        trx,
        ids.map((id, i) =>
          financeBuyEntry({ refType: 'finance_order', refId: id }, rows[i]?.user_id ?? 0, usdtId, AMOUNT),
        ),
      );
    });
  }
  await storage.db
    .insertInto('price_tick')
    .values({ vc_id: btcId, time_ms: endAt, price_minor: SETTLE_PRICE, volume_minor: 1n, turnover_minor: 1n })
    .onConflict((oc) => oc.columns(['vc_id', 'time_ms']).doNothing())
    .execute();
}

/** Wall and CPU seconds one settler takes for every order due at `at`. */
async function settle(stage: BenchStage, at: number, expected: number, batchLimit?: number) {
  const settler = new FinanceSettler({
    db: stage.storage.db,
    money: stage.money,
    timers: false,
    now: () => at,
    ...(batchLimit ? { batchLimit, maxBatchLimit: batchLimit } : {}),
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const settled = await settler.settleDue(at);
  if (settled !== expected) throw new Error(`settled ${settled} of ${expected}`);
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const rate = (n: number, seconds: number) => Math.round(n / seconds).toLocaleString('en');

async function run(label: string, storage: Storage): Promise<void> {
  const stage = await benchStage(storage, { count: USERS, prefix: 'fbench', amountMinor: 10n ** 14n });
  const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
  const ids = await products(stage, base);
  await buyOrders(stage, ids, LARGE, base);
  const large = await settle(stage, base + 1_000, LARGE);
  // The reference: the same work with one commit per order.
  await buyOrders(stage, ids, SINGLE, base + 2_000);
  const single = await settle(stage, base + 3_000, SINGLE, 1);
  const report = await checkBooks(storage.db, storage.dialect);
  const throughput = LARGE / large.seconds;
  const singleRate = SINGLE / single.seconds;
  console.log(
    `finance settlement ${label}, ${USERS.toLocaleString('en')} users: ${LARGE.toLocaleString('en')} orders ending ` +
      `in the same second settled in ${large.seconds.toFixed(2)} s, ${rate(LARGE, large.seconds)}/s ` +
      `(${((large.cpuSeconds / LARGE) * 1e6).toFixed(1)} us of CPU each; half paid in the coin, half in USDT); ` +
      `one commit per order ${rate(SINGLE, single.seconds)}/s, ratio ${(throughput / singleRate).toFixed(1)}x; ` +
      `target >= 50,000/s: ${throughput >= 50_000 ? 'met' : 'MISSED'}; ` +
      `invariants ${report.ok ? 'hold' : `BROKEN (${report.violations.length})`}`,
  );
}

export async function benchFinanceSettlement(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-finance-bench-'));
  const sqlite = openStorage({ sqlitePath: path.join(dir, 'bench.db') });
  try {
    await run('SQLite', sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) {
  await benchFinanceSettlement();
}
