import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { checkBooks } from '../../apps/server/src/books.ts';
import { SpotEngine } from '../../apps/server/src/modules/spot/spot-engine.ts';
import {
  placeSpotOrders,
  type SpotPlacementRequest,
} from '../../apps/server/src/modules/spot/spot-placement.ts';
import { loadSpotTerms } from '../../apps/server/src/modules/spot/spot-terms.ts';
import { benchStage, type BenchStage } from './bench-users.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * A tick that crosses many resting spot limit orders, filled and committed (decision 046), on
 * SQLite (WAL, synchronous=FULL): RESTING limit buys rest far below the market across USERS users,
 * then each of ROUNDS rounds places CROSSING more at a higher limit and records one tick that
 * crosses exactly those; the time is from the engine's round starting to its commit (the matcher,
 * the figures, the entries, the rows, the holdings and the cursor). Target: p99 <= 50 ms for
 * 10,000 fills in one tick. The book's own cost at a million resting orders is in
 * `spot-trigger-book.ts`.
 */
const USERS = Number(process.env.BENCH_SPOT_USERS ?? 1_000);
const RESTING = Number(process.env.BENCH_SPOT_RESTING ?? 100_000);
const CROSSING = Number(process.env.BENCH_SPOT_CROSSING ?? 10_000);
const ROUNDS = Number(process.env.BENCH_SPOT_ROUNDS ?? 12);

type Stage = BenchStage;

const prepare = (storage: Storage) =>
  benchStage(storage, { count: USERS, prefix: 'sbench', amountMinor: 10n ** 14n });

/** Places `count` limit buys of 100 USDT at `limitPrice`, accepted at `at`, through the API's batches. */
async function placeLimits(stage: Stage, count: number, limitPrice: string, at: number, engine: SpotEngine) {
  const set = await loadSpotTerms(stage.storage.db);
  const pair = set.pairs.get(stage.btcId);
  if (!pair) throw new Error('BTC has no spot terms');
  const limitMinor = BigInt(Math.round(Number(limitPrice) * 100));
  for (let i = 0; i < count; i += 2_000) {
    const items: SpotPlacementRequest[] = Array.from({ length: Math.min(2_000, count - i) }, (_, j) => {
      const userId = stage.users[(i + j) % stage.users.length] as number;
      return {
        userId,
        checked: {
          pair,
          settle: set.settle,
          side: 'buy',
          kind: 'limit',
          heldMinor: 100_000_000n,
          heldVcId: set.settle.id,
          limitPriceMinor: limitMinor,
        },
        request: {
          owner: `u:${userId}`,
          key: `b${at}-${i + j}`,
          endpoint: '/user/vc-spot-trade/request',
          body: { i: i + j, at },
        },
      };
    });
    // The tick of the acceptance second is live, as the placement requires.
    await recordTick(stage, at - 500, '60000.00');
    const outcomes = await stage.money.committer.run((trx) => placeSpotOrders(trx, stage.money, at, items));
    for (const outcome of outcomes) {
      if (!outcome.ok) throw outcome.error;
      if (outcome.value.tracked) engine.track(outcome.value.tracked);
    }
  }
}

async function recordTick(stage: Stage, timeMs: number, price: string): Promise<void> {
  await stage.storage.db
    .insertInto('price_tick')
    .values({
      vc_id: stage.btcId,
      time_ms: timeMs,
      price_minor: BigInt(Math.round(Number(price) * 100)),
      volume_minor: 1n,
      turnover_minor: 1n,
    })
    .onConflict((oc) => oc.columns(['vc_id', 'time_ms']).doNothing())
    .execute();
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function benchSpotFills(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-bench-spot-'));
  const storage = openStorage({ sqlitePath: path.join(dir, 'vela.db') });
  try {
    const stage = await prepare(storage);
    const engine = new SpotEngine({ db: storage.db, money: stage.money, timers: false });
    await engine.start();
    let at = Math.floor(Date.now() / 1000) * 1000 + 500;
    await placeLimits(stage, RESTING, '1000.00', at, engine);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      at += 10_000;
      await placeLimits(stage, CROSSING, '50000.00', at, engine);
      await engine.runRound();
      // The tick crosses the new limits (at 50,000) and none of the resting ones (at 1,000).
      await recordTick(stage, at + 500, '49000.00');
      const started = process.hrtime.bigint();
      const filled = await engine.runRound();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (filled !== CROSSING) throw new Error(`round ${round} filled ${filled} of ${CROSSING}`);
    }
    await engine.stop();
    const report = await checkBooks(storage.db, storage.dialect);
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    console.log(
      `\nSpot fills: one tick crossing ${CROSSING} limit orders, ${RESTING} more resting, ${USERS} users, SQLite, ${ROUNDS} rounds`,
    );
    console.log(
      `  filled and committed: p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   (${Math.round(CROSSING / (p50 / 1000))} fills/s at p50)`,
    );
    console.log(
      `  target: p99 <= 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}   books: ${report.violations.length === 0 ? 'balanced' : `${report.violations.length} violations`}`,
    );
  } finally {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await benchSpotFills();
