import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { createTestApp, DEMO, expectFailure, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { expectBooksBalanced } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator } from '../operators/operator-helpers.ts';
import { addMember, signIn, TimedTrades, type TeamUser } from './team-helpers.ts';

const { team } = endpoints;

/**
 * The console's agent tree (docs/product.md, "Teams"): browsing, changing a user's type and rates
 * within their agent's, moving a user with their team (audited, rebates from then on), and the
 * platform's daily report.
 */
describe('agent tree in the console', () => {
  let t: TestApp;
  const clock = { now: Math.floor(Date.now() / 1000) * 1000 + 500 };
  let trades: TimedTrades;
  let top: TeamUser;
  let admin: string;
  let a: TeamUser;
  let b: TeamUser;
  let m: TeamUser;

  beforeAll(async () => {
    t = await createTestApp({ timingClock: () => clock.now });
    trades = new TimedTrades(t, clock);
    top = await signIn(t, DEMO.agent.username, DEMO.agent.password);
    admin = (await signedInOperator(t, 'administrator')).token;
    // agent01 > A (agent) > M; agent01 > B (agent).
    a = await addMember(t, top, { timing: '0.015', type: 2 });
    b = await addMember(t, top, { timing: '0.01', type: 2 });
    m = await addMember(t, a, { timing: '0.005' }, '500');
  });
  afterAll(async () => {
    await t.close();
  });

  it('browses the tree from the top and finds a user by name with their path', async () => {
    const roots = expectSuccess(await t.call(team.adminTeamTree, { query: '', limit: 50 }, { token: admin }));
    expect(roots.list.map((n) => n.username)).toContain(DEMO.agent.username);
    const children = expectSuccess(
      await t.call(team.adminTeamTree, { parentId: top.id, query: '', limit: 50 }, { token: admin }),
    );
    expect(children.list.map((n) => n.username)).toEqual(expect.arrayContaining([a.username, b.username]));
    const found = expectSuccess(
      await t.call(team.adminTeamTree, { query: m.username.slice(0, 4), limit: 50 }, { token: admin }),
    );
    expect(found.list.find((n) => n.id === m.id)).toMatchObject({
      path: [DEMO.agent.username, a.username],
      parentUsername: a.username,
      teamSize: 0,
    });
  });

  it('changes rates within the agent’s, keeps an agent with a team an agent, and audits', async () => {
    const save = (body: Record<string, unknown>) =>
      t.post(
        team.adminTeamMemberSave.path,
        {
          userId: m.id,
          userType: 1,
          pointPercentTiming: '0.01',
          pointPercentContract: '0.01',
          reason: 'promotion',
          ...body,
        },
        { token: admin },
      );
    expectFailure(await save({ pointPercentTiming: '0.016' }), 'REBATE_ABOVE_OWN', {
      field: 'pointPercentTiming',
    });
    expectFailure(await save({ userId: a.id, pointPercentTiming: '0.01' }), 'TEAM_NOT_EMPTY', {
      field: 'userType',
    });
    expectFailure(await save({ reason: '' }), 'VALIDATION_FAILED');
    const saved = expectSuccess(await save({}));
    expect(saved).toMatchObject({ pointPercentTiming: '0.01', pointPercentContract: '0.01' });
    const audit = (await auditRows(t)).at(-1);
    expect(audit).toMatchObject({ action: 'team_member.save', target_id: String(m.id) });
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({
      point_percent_timing: '0.005 -> 0.01',
      reason: 'promotion',
    });
  });

  it('moves a user with their team; trades placed before pay the old path, later ones the new', async () => {
    const [before] = await trades.place([m.token], '100');
    const move = (body: Record<string, unknown>) =>
      t.post(
        team.adminTeamMove.path,
        { userId: m.id, agentId: b.id, reason: 'requested', ...body },
        { token: admin },
      );
    // Into their own team, under a member, under themselves, or above the new agent's rates: refused.
    expectFailure(await move({ userId: a.id, agentId: m.id }), 'MOVE_INVALID', { field: 'agentId' });
    expectFailure(await move({ agentId: m.id }), 'MOVE_INVALID');
    const support = (await signedInOperator(t, 'support')).token;
    expectFailure(
      await t.post(team.adminTeamMove.path, { userId: m.id, agentId: b.id, reason: 'x' }, { token: support }),
      'FORBIDDEN',
    );
    expect(expectSuccess(await move({}))).toMatchObject({
      parentUsername: b.username,
      path: [DEMO.agent.username, b.username],
    });
    const sizes = await t.db
      .selectFrom('users')
      .select(['id', 'team_size'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(Object.fromEntries(sizes.map((s) => [s.id, s.team_size]))).toEqual({ [a.id]: 0, [b.id]: 1 });
    await trades.settle(before ? [before] : [], true);
    const [after] = await trades.place([m.token], '100');
    await trades.settle(after ? [after] : [], true);
    const receivers = async (orderId: number | undefined) =>
      (
        await t.db
          .selectFrom('rebate')
          .select('user_id')
          .where('ref_type', '=', 'timing')
          .where('ref_id', '=', orderId ?? 0)
          .execute()
      )
        .map((r) => r.user_id)
        .sort();
    expect(await receivers(before?.id)).toEqual([a.id, top.id].sort());
    expect(await receivers(after?.id)).toEqual([top.id].sort());
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'team_member.move',
      target_id: String(m.id),
    });
    await expectBooksBalanced(t);
  });

  it('lets one of two racing moves through when together they would make a loop', async () => {
    const x = await addMember(t, top, { timing: '0.015', type: 2 });
    const y = await addMember(t, top, { timing: '0.015', type: 2 });
    const xChild = await addMember(t, x, { timing: '0.01', type: 2 });
    const yChild = await addMember(t, y, { timing: '0.015', type: 2 });
    const [first, second] = await Promise.all([
      t.post(team.adminTeamMove.path, { userId: x.id, agentId: yChild.id, reason: 'race' }, { token: admin }),
      t.post(team.adminTeamMove.path, { userId: y.id, agentId: xChild.id, reason: 'race' }, { token: admin }),
    ]);
    expect([first.body.success, second.body.success].sort()).toEqual([false, true]);
    expect([first.body.code, second.body.code]).toContain('MOVE_INVALID');
    // The tree stayed a tree: nobody is their own ancestor, and every team size is its paths' count.
    const loops = await t.db
      .selectFrom('team_path')
      .select('member_id')
      .whereRef('ancestor_id', '=', 'member_id')
      .execute();
    expect(loops).toEqual([]);
    const sizes = await t.db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.team_size',
        (eb) =>
          eb
            .selectFrom('team_path as p')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('p.ancestor_id', '=', 'u.id')
            .as('paths'),
      ])
      .execute();
    for (const row of sizes) expect(row.team_size, `team size of ${row.id}`).toBe(Number(row.paths));
  });

  it('answers the platform’s figures per day', async () => {
    await t.reports.drain();
    const today = new Date().toISOString().slice(0, 10);
    const days = expectSuccess(
      await t.call(team.adminReportDays, { from: today, to: today, utcOffsetMinutes: 0 }, { token: admin }),
    );
    expect(days.days[0]).toMatchObject({ day: today });
    expect(days.days[0]?.members).toBeGreaterThanOrEqual(3);
    expect(days.days[0]?.figures.find((f) => f.symbol === 'USDT')).toMatchObject({
      orderCount: 2,
      orderAmount: '200.000000',
    });
  });
});
