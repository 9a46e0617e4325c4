import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transferEntry, type EntryDraft } from '@vela/domain';
import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { checkBooks } from '../../apps/server/src/books.ts';
import { createMoney } from '../../apps/server/src/modules/ledger/money.ts';
import { postAdjustment } from '../../apps/server/src/modules/wallet/adjustments.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * Durable ledger throughput (target in decision 018): journal postings per second with commits batched
 * (group commit: thousands of entries per transaction, one sync per commit), beside the
 * one-commit-per-entry rate as the reference, on SQLite (synchronous=FULL) and, when
 * BENCH_DATABASE_URL is set, on PostgreSQL. Target: >= 100,000 postings/s on SQLite.
 *
 * Each entry is a transfer between two accounts of one of USERS users (two postings), so the rows
 * and index work are those of real traffic; the invariant checker runs at the end.
 */
const USERS = 1_000;
const BATCH_ENTRIES = 5_000;
const BATCHES = 12;
const SINGLE_ENTRIES = 400;
const TARGET_POSTINGS_PER_S = 100_000;

async function prepare(storage: Storage) {
  await migrateToLatest(storage);
  await seed(storage.db);
  const money = createMoney(storage);
  const usdt = await storage.db
    .selectFrom('vc')
    .select('id')
    .where('symbol', '=', 'USDT')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const users: number[] = [];
  for (let i = 0; i < USERS; i += 500) {
    const rows = Array.from({ length: Math.min(500, USERS - i) }, (_, j) => ({
      username: `bench${i + j}`,
      username_key: `bench${i + j}`,
      login_pwd_hash: 'x',
      user_type: 1,
      register_way: 'bench',
      nickname: `bench${i + j}`,
      created_at: now,
    }));
    const inserted = await storage.db.insertInto('users').values(rows).returning('id').execute();
    users.push(...inserted.map((r) => r.id));
  }
  // Every user starts with a balance, so transfers never fail for lack of money.
  await storage.db.transaction().execute(async (trx) => {
    for (const userId of users) {
      await postAdjustment(money, trx, {
        operatorId: 0,
        userId,
        vcId: usdt.id,
        deltaMinor: 10n ** 15n,
        reason: 'bench',
      });
    }
  });
  return { money, usdtId: usdt.id, users };
}

function entries(users: readonly number[], vcId: number, count: number, offset: number): EntryDraft[] {
  return Array.from({ length: count }, (_, i) => {
    const userId = users[(offset + i) % users.length] ?? 0;
    // Each pass over the users moves one unit to contract, the next pass moves it back.
    const toContract = Math.floor((offset + i) / users.length) % 2 === 0;
    return transferEntry(
      { refType: 'bench', refId: offset + i },
      userId,
      vcId,
      toContract ? 'spot' : 'contract',
      toContract ? 'contract' : 'spot',
      1n,
    );
  });
}

async function run(label: string, storage: Storage): Promise<void> {
  const { money, usdtId, users } = await prepare(storage);
  // Warm-up batch, not measured.
  await storage.db.transaction().execute((trx) => money.ledger.post(trx, entries(users, usdtId, 1_000, 0)));

  let postings = 0;
  const started = performance.now();
  for (let b = 0; b < BATCHES; b += 1) {
    const batch = entries(users, usdtId, BATCH_ENTRIES, 1_000 + b * BATCH_ENTRIES);
    await storage.db.transaction().execute((trx) => money.ledger.post(trx, batch));
    postings += batch.length * 2;
  }
  const batchedSeconds = (performance.now() - started) / 1000;

  const singleStarted = performance.now();
  for (let i = 0; i < SINGLE_ENTRIES; i += 1) {
    const one = entries(users, usdtId, 1, 100_000 + i);
    await storage.db.transaction().execute((trx) => money.ledger.post(trx, one));
  }
  const singleSeconds = (performance.now() - singleStarted) / 1000;

  const batchedRate = postings / batchedSeconds;
  const singleRate = (SINGLE_ENTRIES * 2) / singleSeconds;
  const report = await checkBooks(storage.db, storage.dialect);
  // The bench's entries cite no business rows, so only the reference rule may object.
  const broken = report.violations.filter((v) => v.rule !== 'reference_gap');
  console.log(
    `ledger ${label}: batched ${Math.round(batchedRate).toLocaleString('en')} postings/s ` +
      `(${BATCH_ENTRIES.toLocaleString('en')} entries per commit), one commit per entry ` +
      `${Math.round(singleRate).toLocaleString('en')} postings/s, ratio ${(batchedRate / singleRate).toFixed(1)}x; ` +
      // The target is the embedded database's; PostgreSQL's figures are reported beside it.
      (label === 'SQLite'
        ? `target >= ${TARGET_POSTINGS_PER_S.toLocaleString('en')}: ${batchedRate >= TARGET_POSTINGS_PER_S ? 'met' : 'MISSED'}; `
        : '') +
      `invariants ${broken.length === 0 ? 'hold' : `BROKEN (${broken.length})`}`,
  );
}

export async function benchLedger(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-ledger-bench-'));
  const sqlite = openStorage({ sqlitePath: path.join(dir, 'bench.db') });
  try {
    await run('SQLite', sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('ledger PostgreSQL: skipped (set BENCH_DATABASE_URL to an empty database to measure it)');
    return;
  }
  const pg = openStorage({ sqlitePath: '', databaseUrl: url });
  try {
    await run('PostgreSQL', pg);
  } finally {
    await pg.close();
  }
}

if (isEntryPoint(import.meta.url)) {
  await benchLedger();
}
