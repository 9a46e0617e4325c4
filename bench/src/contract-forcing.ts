import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transferEntry } from '@vela/domain';

import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { checkBooks } from '../../apps/server/src/books.ts';
import { insertTransfer } from '../../apps/server/src/modules/wallet/wallet-repository.ts';
import { ContractEngine } from '../../apps/server/src/modules/contract/contract-engine.ts';
import {
  allocateContractOrderIds,
  contractBalances,
  insertContractOrders,
} from '../../apps/server/src/modules/contract/contract-repository.ts';
import {
  loadContractTerms,
  type ContractTermsSet,
} from '../../apps/server/src/modules/contract/contract-terms.ts';
import { benchStage, type BenchStage } from './bench-users.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * A tick that forces ACCOUNTS contract accounts closed, committed (decision 047), on SQLite (WAL,
 * synchronous=FULL). Each round every account tops its contract account up to 600 USDT and opens
 * a 10x long of 0.1 BTC at 50,000 (margin 500, fee 2.5); then one tick at 49,000 takes every
 * account to a risk degree above the forced-close level (90 %). The time is the engine's round
 * from its start to its commit: reading the tick, finding the accounts, computing their closes and
 * writing the forced closes, the closes, the positions and one journal entry per account.
 * Target: p99 <= 50 ms from the tick for 10,000 accounts. The book's own part at a million open
 * positions is in `contract-risk.ts`.
 */
const ACCOUNTS = Number(process.env.BENCH_CONTRACT_ACCOUNTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_CONTRACT_ROUNDS ?? 8);

interface Stage extends BenchStage {
  terms: ContractTermsSet;
}

async function prepare(storage: Storage): Promise<Stage> {
  const stage = await benchStage(storage, { count: ACCOUNTS, prefix: 'cbench', amountMinor: 10n ** 14n });
  return { ...stage, terms: await loadContractTerms(storage.db) };
}

/**
 * Tops every contract account up to 600 USDT, 2,000 entries per commit. Every account traded alike,
 * so one account's balance tells what each needs.
 */
async function fundContracts(stage: Stage, round: number): Promise<void> {
  const first = stage.users[0] as number;
  const balance = (await contractBalances(stage.storage.db, [first], stage.usdtId)).get(first) ?? 0n;
  const amount = 600_000_000n - balance;
  for (let i = 0; i < stage.users.length; i += 2_000) {
    const slice = stage.users.slice(i, i + 2_000);
    await stage.money.committer.run(async (trx) => {
      const entries = [];
      for (const userId of slice) {
        const row = { user_id: userId, vc_id: stage.usdtId, amount_minor: amount, created_at: round };
        const id = await insertTransfer(trx, { ...row, from_kind: 'spot', to_kind: 'contract' });
        entries.push(
          transferEntry({ refType: 'transfer', refId: id }, userId, stage.usdtId, 'spot', 'contract', amount),
        );
      }
      await stage.money.ledger.post(trx, entries);
    });
  }
}

/** Accepts a market long of 0.1 BTC at 10x for every account, at `at`. */
async function placeLongs(stage: Stage, at: number): Promise<void> {
  const pair = stage.terms.pairs.get(stage.btcId);
  if (!pair) throw new Error('BTC has no contract terms');
  await stage.money.committer.run(async (trx) => {
    const ids = await allocateContractOrderIds(trx, stage.storage.dialect, stage.users.length);
    const rows = stage.users.map((userId, i) => ({
      id: ids[i] as number,
      user_id: userId,
      vc_id: stage.btcId,
      settle_vc_id: stage.usdtId,
      action: 'open' as const,
      side: 'long' as const,
      kind: 'market' as const,
      quantity_minor: 10n ** BigInt(pair.scales.quantity - 1),
      leverage: 10,
      limit_price_minor: null,
      take_profit_minor: null,
      stop_loss_minor: null,
      position_id: null,
      held_minor: 0n,
      open_fee_rate: pair.openFeeRate,
      close_fee_rate: pair.closeFeeRate,
      price_scale: pair.scales.price,
      quantity_scale: pair.scales.quantity,
      settle_scale: pair.scales.quote,
      created_at: at,
    }));
    await insertContractOrders(trx, rows);
  });
}

async function recordTick(stage: Stage, timeMs: number, price: bigint): Promise<void> {
  await stage.storage.db
    .insertInto('price_tick')
    .values({ vc_id: stage.btcId, time_ms: timeMs, price_minor: price, volume_minor: 1n, turnover_minor: 1n })
    .execute();
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** One round: fund, open every account's long, then time the tick that forces them all closed. */
async function forcingRound(stage: Stage, engine: ContractEngine, clock: { at: number }, round: number) {
  await fundContracts(stage, round);
  clock.at += 10_000;
  await recordTick(stage, clock.at - 500, 5_000_000n);
  await placeLongs(stage, clock.at);
  await recordTick(stage, clock.at + 500, 5_000_000n);
  clock.at += 1_000;
  const opened = await engine.runRound();
  if (opened !== ACCOUNTS) throw new Error(`round ${round} opened ${opened} of ${ACCOUNTS}`);
  await recordTick(stage, clock.at + 500, 4_900_000n);
  clock.at += 1_000;
  const started = process.hrtime.bigint();
  const forced = await engine.runRound();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (forced !== ACCOUNTS) throw new Error(`round ${round} forced ${forced} of ${ACCOUNTS}`);
  return ms;
}

export async function benchContractForcing(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-bench-contract-'));
  const storage = openStorage({ sqlitePath: path.join(dir, 'vela.db') });
  try {
    const stage = await prepare(storage);
    // Orders are accepted half a second into a second; the engine runs a second once half a
    // second has passed after it, so the clock always sits half a second past the newest tick.
    const clock = { at: Math.floor(Date.now() / 1000) * 1000 + 500 };
    const engine = new ContractEngine({
      db: storage.db,
      money: stage.money,
      settleVcId: async () => stage.usdtId,
      level: async () => stage.terms.level,
      now: () => clock.at + 500,
      timers: false,
    });
    await engine.start();
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1)
      times.push(await forcingRound(stage, engine, clock, round));
    await engine.stop();
    const report = await checkBooks(storage.db, storage.dialect);
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    console.log(`\nContract forcing: one tick forcing ${ACCOUNTS} accounts closed, SQLite, ${ROUNDS} rounds`);
    console.log(
      `  found, closed and committed: p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   ` +
        `(${((p50 * 1000) / ACCOUNTS).toFixed(1)} µs per account at p50)`,
    );
    console.log(
      `  target: p99 <= 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}   books: ${report.violations.length === 0 ? 'balanced' : `${report.violations.length} violations`}`,
    );
  } finally {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await benchContractForcing();
