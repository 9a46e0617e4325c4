import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { adjustmentEntry, timingStakeEntry } from '@vela/domain';
import { openStorage, type Storage } from '../../apps/server/src/db/database.ts';
import { createMoney } from '../../apps/server/src/modules/ledger/money.ts';
import { planTimingRebates } from '../../apps/server/src/modules/team/rebate-payments.ts';
import { ReportService } from '../../apps/server/src/modules/team/report-service.ts';
import { TeamService } from '../../apps/server/src/modules/team/team-service.ts';
import type { OpenOrder } from '../../apps/server/src/modules/timing/timing-opening.ts';
import { isEntryPoint } from './entry-point.ts';
import { openOrders, prepareSettlementStage, settleTracked } from './timing-settlement.ts';

/**
 * Teams (issue 24, decision 049), on SQLite (WAL, synchronous=FULL):
 *
 * - rebate posting: timed orders of traders three levels below agents settle with their planned
 *   rebates (three per order, one rebate entry per batch) and without, in alternating rounds of
 *   ORDERS orders expiring together; target: rebates add <= 20 % to the settlement's time;
 * - team reads: a team of MEMBERS members five levels deep (1, 10, 100, 1,000 and 10,000 agents,
 *   the rest members on the fifth level) with a year of daily roll-ups for every agent: the top
 *   agent's team report over the year and the first page of its /my-team, p50 and p99 of RUNS
 *   calls each; target p99 <= 50 ms. Beside them, the same year's order amount computed from the
 *   raw rows (two timed stakes per member), which is one figure of the report's eighteen.
 */
const ORDERS = Number(process.env.BENCH_TEAM_ORDERS ?? 50_000);
const ROUNDS = 3;
const MEMBERS = Number(process.env.BENCH_TEAM_MEMBERS ?? 100_000);
const RUNS = 200;
const DAY_MS = 86_400_000;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Infinity;

/** Gives every trader a path up three agents (30 chains), with the rates narrowing down the path. */
async function placeTradersUnderAgents(storage: Storage, users: readonly number[]): Promise<void> {
  const db = storage.db;
  const chains: number[][] = [];
  for (let c = 0; c < 30; c += 1) {
    const chain: number[] = [];
    for (const [level, rate] of ['0.03', '0.02', '0.01'].entries()) {
      const row = await db
        .insertInto('users')
        .values({
          username: `rb${c}x${level}`,
          username_key: `rb${c}x${level}`,
          login_pwd_hash: 'x',
          user_type: 2,
          register_way: 'bench',
          nickname: `rb${c}x${level}`,
          point_percent_timing: rate,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      chain.push(row.id);
    }
    chains.push(chain);
  }
  await db
    .updateTable('users')
    .set({ point_percent_timing: '0.005' })
    .where('id', 'in', [...users])
    .execute();
  const rows = users.flatMap((member, i) => {
    const [top, middle, agent] = chains[i % chains.length] ?? [];
    return [
      { ancestor_id: agent ?? 0, member_id: member, depth: 1 },
      { ancestor_id: middle ?? 0, member_id: member, depth: 2 },
      { ancestor_id: top ?? 0, member_id: member, depth: 3 },
    ];
  });
  for (let i = 0; i < rows.length; i += 5_000)
    await db
      .insertInto('team_path')
      .values(rows.slice(i, i + 5_000))
      .execute();
}

async function rebateOverhead(storage: Storage): Promise<string> {
  const stage = await prepareSettlementStage(storage);
  await placeTradersUnderAgents(storage, stage.users);
  const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
  const times = { plain: 0, rebated: 0 };
  for (let round = 0; round < ROUNDS * 2; round += 1) {
    const at = base + round * 1_000;
    const orders = await openOrders(stage, ORDERS, at);
    const rebated = round % 2 === 1;
    if (rebated) await planRebates(storage, orders);
    const { seconds } = await settleTracked(stage, orders, at);
    times[rebated ? 'rebated' : 'plain'] += seconds;
  }
  // Paid: the rebates of settled orders, which their batches' rebate entries pay.
  const paid = await storage.db
    .selectFrom('rebate')
    .innerJoin('timing_order_result as r', 'r.order_id', 'rebate.ref_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const added = times.rebated / times.plain - 1;
  return (
    `rebate posting: ${ORDERS.toLocaleString('en')} orders expiring together, three levels below agents: ` +
    `settled in ${(times.plain / ROUNDS).toFixed(2)} s without rebates, ${(times.rebated / ROUNDS).toFixed(2)} s with ` +
    `(${Number(paid.n).toLocaleString('en')} rebates paid), ${(added * 100).toFixed(1)} % more ` +
    `(target <= 20 %: ${added <= 0.2 ? 'met' : 'MISSED'})`
  );
}

async function planRebates(storage: Storage, orders: readonly OpenOrder[]): Promise<void> {
  for (let i = 0; i < orders.length; i += 10_000)
    await storage.db.transaction().execute((trx) =>
      planTimingRebates(
        trx,
        orders.slice(i, i + 10_000).map((o) => ({
          id: o.id,
          userId: o.userId,
          settleVcId: o.settleVcId,
          stakeMinor: o.stakeMinor,
          createdAt: o.acceptedAt,
        })),
      ),
    );
}

/** Five levels of agents and members, their paths, team sizes and a year of daily team roll-ups. */
async function buildTeam(storage: Storage): Promise<{ top: number; year: { from: string; to: string } }> {
  const db = storage.db;
  const levels = [1, 10, 100, 1_000, 10_000];
  const agents = levels.reduce((a, b) => a + b, 0);
  const sizes = [...levels, Math.max(0, MEMBERS - agents)];
  let parents: number[] = [];
  let top = 0;
  const now = Date.now();
  for (const [level, count] of sizes.entries()) {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, count - i) }, (_, j) => {
        const name = `tm${level}x${i + j}`;
        return {
          username: name,
          username_key: name,
          login_pwd_hash: 'x',
          user_type: level < levels.length ? 2 : 1,
          parent_id: parents.length ? (parents[(i + j) % parents.length] ?? null) : null,
          register_way: 'bench',
          nickname: name,
          created_at: now - (i + j),
        };
      });
      ids.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
    }
    if (level === 0) top = ids[0] ?? 0;
    parents = ids;
  }
  const tm = sql`(SELECT id FROM users WHERE username_key LIKE 'tm%')`;
  await sql`INSERT INTO team_path (ancestor_id, member_id, depth)
    SELECT parent_id, id, 1 FROM users WHERE parent_id IS NOT NULL AND id IN ${tm}`.execute(db);
  for (let depth = 2; depth <= levels.length; depth += 1)
    await sql`INSERT INTO team_path (ancestor_id, member_id, depth)
      SELECT p.ancestor_id, u.id, ${depth} FROM users u JOIN team_path p ON p.member_id = u.parent_id AND p.depth = ${depth - 1}
      WHERE u.id IN ${tm}`.execute(db);
  await sql`UPDATE users SET team_size = (SELECT COUNT(*) FROM team_path p WHERE p.ancestor_id = users.id)
    WHERE user_type = 2 AND id IN ${tm}`.execute(db);
  const end = Math.floor(now / DAY_MS) * DAY_MS;
  const first = end - 364 * DAY_MS;
  await dailyRollups(storage, first, end);
  await rawStakes(storage, first);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { top, year: { from: day(first), to: day(end) } };
}

/** One team roll-up row per agent and day of the year, at noon UTC. */
async function dailyRollups(storage: Storage, first: number, end: number): Promise<void> {
  const usdt = await storage.db
    .selectFrom('vc')
    .select('id')
    .where('symbol', '=', 'USDT')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO report_hour (owner_id, scope, hour, vc_id, profit_minor, order_minor, order_count, fee_minor,
      bonus_minor, rebate_minor, recharge_minor, recharge_fee_minor, recharge_count, withdraw_minor, withdraw_fee_minor,
      withdraw_count, exchange_minor, exchange_fee_minor, first_recharge_minor, first_recharge_count, member_count)
    WITH RECURSIVE days(d) AS (SELECT ${first} UNION ALL SELECT d + ${DAY_MS} FROM days WHERE d < ${end})
    SELECT u.id, 'team', d / 3600000 + 12, ${usdt.id}, u.id % 1000 - 500, 1000000 + u.id, 3, 1000, 0, 500, 2000000, 0, 1,
      1000000, 1000, 1, 0, 0, 0, 0, 1
    FROM users u CROSS JOIN days WHERE u.user_type = 2 AND u.username_key LIKE 'tm%'`.execute(storage.db);
}

/** Two timed stakes per member, spread over the year: the raw rows the order amount comes from. */
async function rawStakes(storage: Storage, first: number): Promise<void> {
  const usdt = await storage.db
    .selectFrom('vc')
    .select('id')
    .where('symbol', '=', 'USDT')
    .executeTakeFirstOrThrow();
  const members = await storage.db
    .selectFrom('users')
    .select('id')
    .where('username_key', 'like', 'tm5%')
    .execute();
  let at = first;
  const money = createMoney(storage, () => (at += 157_000));
  for (let i = 0; i < members.length; i += 5_000) {
    const entries = members
      .slice(i, i + 5_000)
      .flatMap((m, j) =>
        [0, 1].map((k) =>
          timingStakeEntry({ refType: 'timing', refId: (i + j) * 2 + k + 1 }, m.id, usdt.id, 1_000_000n),
        ),
      );
    // The stakes need money to take: each member is given it first, by the house.
    const funding = members
      .slice(i, i + 5_000)
      .map((m, j) => adjustmentEntry({ refType: 'adjustment', refId: i + j + 1 }, m.id, usdt.id, 2_000_000n));
    await storage.db.transaction().execute((trx) => money.ledger.post(trx, [...funding, ...entries]));
  }
}

async function teamReads(storage: Storage): Promise<string> {
  const { top, year } = await buildTeam(storage);
  const teams = new TeamService({ db: storage.db, initialPassword: 'x' });
  const reports = new ReportService(storage.db, teams);
  const session = { sessionId: 0, userId: top, mustChangePassword: false };
  const timed = async (call: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const report = await timed(() =>
    reports.totals(session, { scope: 'team', from: year.from, to: year.to, utcOffsetMinutes: 480 }),
  );
  const page = await timed(() => teams.teamPage(session, { scope: 'all', limit: 20 }));
  const raw: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await sql`SELECT SUM(-p.amount_minor) AS amount, COUNT(*) AS n FROM journal_posting p
      JOIN team_path t ON t.member_id = p.user_id AND t.ancestor_id = ${top}
      WHERE p.entry_type = 'timing_stake' AND p.created_at >= ${Date.parse(year.from)}`.execute(storage.db);
    raw.push(performance.now() - started);
  }
  raw.sort((a, b) => a - b);
  const p99 = Math.max(percentile(report, 0.99), percentile(page, 0.99));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `team reads, ${MEMBERS.toLocaleString('en')} members five levels deep, a year of daily roll-ups: ` +
    `team report over 365 days p50 ${ms(percentile(report, 0.5))} p99 ${ms(percentile(report, 0.99))}; ` +
    `first page of the team p50 ${ms(percentile(page, 0.5))} p99 ${ms(percentile(page, 0.99))} ` +
    `(target p99 <= 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}); the year's order amount alone from the raw rows ` +
    `${ms(percentile(raw, 0.5))} (${(percentile(raw, 0.5) / percentile(report, 0.5)).toFixed(0)}x the roll-up report)`
  );
}

async function withDatabase<T>(run: (storage: Storage) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-team-bench-'));
  const storage = openStorage({ sqlitePath: path.join(dir, 'bench.db') });
  try {
    return await run(storage);
  } finally {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchTeams(): Promise<void> {
  console.log(`teams SQLite: ${await withDatabase(rebateOverhead)}`);
  console.log(
    `teams SQLite: ${await withDatabase(async (storage) => {
      await prepareSettlementStage(storage);
      return teamReads(storage);
    })}`,
  );
}

if (isEntryPoint(import.meta.url)) {
  await benchTeams();
}
