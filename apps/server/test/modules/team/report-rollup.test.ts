import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints } from '@vela/contract';
import { createTestApp, DEMO, expectFailure, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { ReportRoller } from '../../../src/modules/team/report-roller.ts';
import { fund } from '../ledger/ledger-helpers.ts';
import { addMember, signIn, TimedTrades, type TeamUser } from './team-helpers.ts';

const { team } = endpoints;
const HOUR_MS = 3_600_000;

/** The figures this test's events move, per owner, scope, hour and currency. */
type Sums = Map<string, Record<string, bigint>>;

/**
 * Report roll-ups (docs/product.md, "Reports"): after a random sequence of registrations, bonuses
 * and timed trades paying rebates, with the roll-up drained at random moments, every rolled-up
 * figure equals a recomputation from the raw rows, and the report calls answer the same sums.
 */
describe('report roll-ups', () => {
  let t: TestApp;
  const clock = { now: Math.floor(Date.now() / 1000) * 1000 + 500 };
  let trades: TimedTrades;
  let top: TeamUser;

  beforeAll(async () => {
    t = await createTestApp({ timingClock: () => clock.now });
    trades = new TimedTrades(t, clock);
    top = await signIn(t, DEMO.agent.username, DEMO.agent.password);
  });
  afterAll(async () => {
    await t.close();
  });

  it('equal a recomputation from the raw rows after random event sequences', async () => {
    let seed = 20261128;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const second = new ReportRoller({ db: t.db, money: t.money, intervalMs: 0, batchSize: 3 });
    const agents: TeamUser[] = [top];
    const rates = new Map<number, number>([[top.id, 0.02]]);
    const traders: TeamUser[] = [];
    for (let step = 0; step < 24; step += 1) {
      const roll = random();
      if (roll < 0.3 || traders.length < 2) {
        const agent = pick(agents);
        const type = random() < 0.4 ? 2 : 1;
        const rate = rateBelow(rates.get(agent.id) ?? 0, random);
        const added = await addMember(t, agent, { timing: rate, type }, '500');
        rates.set(added.id, Number(rate));
        traders.push(added);
        if (type === 2) agents.push(added);
      } else if (roll < 0.45) {
        await fund(t, pick(traders).id, 'USDT', String(1 + Math.floor(random() * 50)));
      } else if (roll < 0.85) {
        const who = [...new Set([pick(traders), pick(traders)])];
        await trades.placeAndSettle(
          who.map((u) => u.token),
          String(10 + Math.floor(random() * 20)),
          random() < 0.5,
        );
      } else {
        // Two roll-ups at once, as two nodes would run them: each item is rolled up once.
        await Promise.all([t.reports.drain(), second.drain()]);
      }
    }
    await t.reports.drain();
    expect(await countQueued(t)).toBe(0);
    const expected = await recomputed(t);
    // The sequence moved figures of users and of teams at several levels.
    expect(expected.size).toBeGreaterThan(10);
    expect([...expected.keys()].some((key) => key.includes('|team|'))).toBe(true);
    expect(await rolledUp(t)).toEqual(expected);
    // Draining again adds nothing.
    await t.reports.drain();
    expect(await rolledUp(t)).toEqual(await recomputed(t));
  });

  it('answers the sums of whole days in the stated offset, for the user and the team', async () => {
    const member = await addMember(t, top, { timing: '0.01' }, '1000');
    await trades.placeAndSettle([member.token, member.token], '10', true);
    await t.reports.drain();
    const today = new Date(Date.now() + 8 * HOUR_MS).toISOString().slice(0, 10);
    const body = { scope: 'user' as const, from: today, to: today, utcOffsetMinutes: 8 * 60 + 30 };
    const own = expectSuccess(await t.call(team.report, body, { token: member.token }));
    expect(own.utcOffsetMinutes).toBe(480);
    expect(own.totals).toEqual([
      expect.objectContaining({
        symbol: 'USDT',
        orderAmount: '20.000000',
        orderCount: 2,
        profit: '16.000000',
        bonus: '1000.000000',
      }),
    ]);
    const teamTotals = expectSuccess(
      await t.call(team.report, { ...body, scope: 'team' }, { token: top.token }),
    );
    expect(teamTotals.members).toBeGreaterThan(0);
    const days = expectSuccess(
      await t.call(team.reportDays, { ...body, scope: 'team' }, { token: top.token }),
    );
    expect(days.days.map((d) => d.day)).toEqual([today]);
    expect(days.days[0]?.figures).toEqual(teamTotals.totals);
    expectFailure(
      await t.call(team.report, { ...body, scope: 'team' }, { token: member.token }),
      'NOT_AGENT',
    );
    expectFailure(
      await t.call(team.report, { ...body, from: '2026-01-02', to: '2026-01-01' }, { token: member.token }),
      'REPORT_RANGE_INVALID',
    );
    expectFailure(
      await t.call(team.report, { ...body, from: '2024-01-01', to: '2026-01-01' }, { token: member.token }),
      'REPORT_RANGE_INVALID',
    );
  });
});

/** A rate from 0 to `cap`, in thousandths. */
function rateBelow(cap: number, random: () => number): string {
  return (Math.floor(random() * (Math.round(cap * 1000) + 1)) / 1000).toFixed(3);
}

async function countQueued(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('report_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const FIGURES = [
  'order_minor',
  'order_count',
  'profit_minor',
  'bonus_minor',
  'rebate_minor',
  'member_count',
] as const;

async function rolledUp(t: TestApp): Promise<Sums> {
  const rows = await t.db.selectFrom('report_hour').selectAll().execute();
  const sums: Sums = new Map();
  for (const row of rows) {
    const figures: Record<string, bigint> = {};
    for (const name of FIGURES) if (BigInt(row[name]) !== 0n) figures[name] = BigInt(row[name]);
    if (Object.keys(figures).length > 0)
      sums.set(`${row.owner_id}|${row.scope}|${row.hour}|${row.vc_id}`, figures);
  }
  return sums;
}

/**
 * The same figures straight from the journal, the orders and the users, each added to its user and
 * to every ancestor's team: what the roll-up must hold, computed without it.
 */
async function recomputed(t: TestApp): Promise<Sums> {
  const facts: {
    userId: number;
    at: number;
    vcId: number;
    name: string;
    value: bigint;
    teamOnly?: boolean;
  }[] = [];
  const { rows: stakes } = await sql<{ user_id: number; vc_id: number; created_at: number; amount: bigint }>`
    SELECT p.user_id, e.vc_id, e.created_at, -p.amount_minor AS amount FROM journal_entry e
    JOIN journal_posting p ON p.entry_id = e.id WHERE e.type = 'timing_stake' AND p.user_id IS NOT NULL`.execute(
    t.db,
  );
  for (const s of stakes) {
    facts.push({
      userId: s.user_id,
      at: s.created_at,
      vcId: s.vc_id,
      name: 'order_minor',
      value: BigInt(s.amount),
    });
    facts.push({ userId: s.user_id, at: s.created_at, vcId: s.vc_id, name: 'order_count', value: 1n });
  }
  const { rows: results } = await sql<{ user_id: number; vc_id: number; created_at: number; profit: bigint }>`
    SELECT o.user_id, e.vc_id, e.created_at, r.payout_minor - o.stake_minor AS profit FROM journal_entry e
    JOIN timing_order_result r ON r.settle_batch_id = e.ref_id JOIN timing_order o ON o.id = r.order_id
    WHERE e.type = 'timing_settlement'`.execute(t.db);
  for (const r of results)
    facts.push({
      userId: r.user_id,
      at: r.created_at,
      vcId: r.vc_id,
      name: 'profit_minor',
      value: BigInt(r.profit),
    });
  const { rows: credits } = await sql<{
    type: string;
    user_id: number;
    vc_id: number;
    created_at: number;
    amount: bigint;
  }>`
    SELECT e.type, p.user_id, p.vc_id, e.created_at, p.amount_minor AS amount FROM journal_entry e
    JOIN journal_posting p ON p.entry_id = e.id
    WHERE e.type IN ('adjustment', 'rebate') AND p.user_id IS NOT NULL`.execute(t.db);
  for (const c of credits)
    facts.push({
      userId: c.user_id,
      at: c.created_at,
      vcId: c.vc_id,
      name: c.type === 'rebate' ? 'rebate_minor' : 'bonus_minor',
      value: BigInt(c.amount),
    });
  const users = await t.db.selectFrom('users').select(['id', 'created_at']).execute();
  for (const u of users)
    facts.push({ userId: u.id, at: u.created_at, vcId: 0, name: 'member_count', value: 1n, teamOnly: true });
  const paths = await t.db.selectFrom('team_path').select(['ancestor_id', 'member_id']).execute();
  const sums: Sums = new Map();
  const add = (owner: number, scope: string, at: number, vcId: number, name: string, value: bigint) => {
    const key = `${owner}|${scope}|${Math.floor(at / HOUR_MS)}|${vcId}`;
    const figures = sums.get(key) ?? {};
    figures[name] = (figures[name] ?? 0n) + value;
    if (figures[name] === 0n) delete figures[name];
    if (Object.keys(figures).length === 0) sums.delete(key);
    else sums.set(key, figures);
  };
  for (const fact of facts) {
    if (!fact.teamOnly) add(fact.userId, 'user', fact.at, fact.vcId, fact.name, fact.value);
    add(0, 'platform', fact.at, fact.vcId, fact.name, fact.value);
    for (const path of paths)
      if (path.member_id === fact.userId)
        add(path.ancestor_id, 'team', fact.at, fact.vcId, fact.name, fact.value);
  }
  return sums;
}
