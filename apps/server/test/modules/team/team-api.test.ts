import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ContractOrder, type TimingOrder } from '@vela/contract';
import {
  countRows,
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  type TestApp,
} from '../../helpers/test-app.ts';
import { checkBooks } from '../../../src/books.ts';
import { TimingSettler } from '../../../src/modules/timing/timing-settler.ts';
import { expectBooksBalanced, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import { addMember, signIn, TimedTrades, type TeamUser } from './team-helpers.ts';

const { contractTrade, team, timing, user, wallet } = endpoints;

/**
 * Agents and teams (docs/product.md, "Teams"): adding users, differential rebates paid through the
 * ledger by the timed settlement, the team list with online status, and the guard rails.
 */
describe('agents and teams', () => {
  let t: TestApp;
  const clock = { now: Math.floor(Date.now() / 1000) * 1000 + 500 };
  let teamClock = Date.now();
  let trades: TimedTrades;
  let top: TeamUser;

  beforeAll(async () => {
    t = await createTestApp({
      timingClock: () => clock.now,
      contractClock: () => clock.now,
      teamClock: () => teamClock,
    });
    trades = new TimedTrades(t, clock);
    top = await signIn(t, DEMO.agent.username, DEMO.agent.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const usdt = async (token: string) =>
    expectSuccess(await t.call(wallet.walletOverview, {}, { token })).currencies.find(
      (c) => c.symbol === 'USDT',
    )?.spot;

  describe('adding users', () => {
    it('offers the agent its own rates as caps, both types and the initial password', async () => {
      const options = expectSuccess(await t.call(team.addUserOptions, {}, { token: top.token }));
      expect(options).toEqual({
        userTypes: [1, 2],
        pointPercentTiming: '0.02',
        pointPercentContract: '0.015',
        initialPassword: t.config.DEFAULT_USER_PASSWORD,
      });
    });

    it('refuses a rate above the agent’s own, naming the cap in percent, and creates nothing', async () => {
      const before = await countRows(t.db, 'users');
      const result = await t.post(
        team.addUser.path,
        { userType: 1, username: 'Over01', pointPercentTiming: '0.021', pointPercentContract: '0.01' },
        { token: top.token, lang: 'en' },
      );
      expectFailure(result, 'REBATE_ABOVE_OWN', { field: 'pointPercentTiming' });
      expect(result.body.message).toBe('A rebate cannot exceed your own: at most 2 %');
      await expectLocalized(result.body.message, 'en', 'error.REBATE_ABOVE_OWN', { max: '2' });
      expect(await countRows(t.db, 'users')).toBe(before);
    });

    it('refuses malformed rates and types with the rule, and a taken username', async () => {
      const body = {
        userType: 1,
        username: 'Fine01',
        pointPercentTiming: '0.01',
        pointPercentContract: '0.01',
      };
      for (const bad of [
        { pointPercentTiming: '1.5%' },
        { pointPercentTiming: '-0.01' },
        { pointPercentContract: '0.123456789' },
        { userType: 3 },
        { username: '1abc' },
      ]) {
        expectFailure(
          await t.post(team.addUser.path, { ...body, ...bad }, { token: top.token }),
          'VALIDATION_FAILED',
        );
      }
      expectFailure(
        await t.post(team.addUser.path, { ...body, username: DEMO.user.username }, { token: top.token }),
        'USERNAME_TAKEN',
        { field: 'username' },
      );
    });

    it('refuses every agent call from a member', async () => {
      const member = await signIn(t, DEMO.user.username, DEMO.user.password);
      expectFailure(await t.call(team.addUserOptions, {}, { token: member.token }), 'NOT_AGENT');
      expectFailure(
        await t.call(
          team.addUser,
          { userType: 1, username: 'Sub01', pointPercentTiming: '0', pointPercentContract: '0' },
          { token: member.token },
        ),
        'NOT_AGENT',
      );
      expectFailure(
        await t.call(team.teamPage, { scope: 'all', limit: 20 }, { token: member.token }),
        'NOT_AGENT',
      );
    });

    it('makes the new user change the initial password before anything else', async () => {
      const created = expectSuccess(
        await t.call(
          team.addUser,
          { userType: 1, username: 'Fresh01', pointPercentTiming: '0.01', pointPercentContract: '0.005' },
          { token: top.token },
        ),
      );
      expect(created).toMatchObject({
        username: 'Fresh01',
        pointPercentTiming: '0.01',
        pointPercentContract: '0.005',
      });
      const token = await login(t, 'Fresh01', created.initialPassword);
      expect(expectSuccess(await t.call(user.getLoginInfo, {}, { token }))).toMatchObject({
        mustChangePassword: true,
        pointPercentTiming: '0.01',
      });
      expectFailure(await t.call(wallet.walletOverview, {}, { token }), 'PASSWORD_CHANGE_REQUIRED');
      const { pw } = await import('../../helpers/test-app.ts');
      expectSuccess(
        await t.call(
          user.editLoginPwd,
          { oldPwd: pw(created.initialPassword), newPwd: pw('Chosen#123'), prePwd: pw('Chosen#123') },
          { token },
        ),
      );
      expect(expectSuccess(await t.call(user.getLoginInfo, {}, { token })).mustChangePassword).toBe(false);
      expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    });

    it('creates one user when the same name is added 30 times at once', async () => {
      const body = {
        userType: 1,
        username: 'Race01',
        pointPercentTiming: '0.01',
        pointPercentContract: '0.01',
      };
      const results = await Promise.all(
        Array.from({ length: 30 }, () => t.post(team.addUser.path, body, { token: top.token })),
      );
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      for (const r of results.filter((r) => !r.body.success)) expect(r.body.code).toBe('USERNAME_TAKEN');
      const paths = await t.db
        .selectFrom('team_path')
        .selectAll()
        .where('depth', '=', 1)
        .where('ancestor_id', '=', top.id)
        .execute();
      expect(paths.length).toBeGreaterThan(0);
    });
  });

  describe('differential rebates down three levels', () => {
    let a: TeamUser;
    let b: TeamUser;
    let m: TeamUser;

    beforeAll(async () => {
      // agent01 (2 %) > A (1.5 %) > B (1 %) > M (0.4 %).
      a = await addMember(t, top, { timing: '0.015', contract: '0.01', type: 2 });
      b = await addMember(t, a, { timing: '0.01', contract: '0.008', type: 2 });
      m = await addMember(t, b, { timing: '0.004', contract: '0.004' }, '1000');
    });

    it('pays each ancestor its rate less the one below, on the stake, when the order settles', async () => {
      const [topBefore, aBefore, bBefore] = [await usdt(top.token), await usdt(a.token), await usdt(b.token)];
      const [order] = await trades.place([m.token], '100');
      // Planned at placement, paid by the settlement.
      const planned = await t.db
        .selectFrom('rebate')
        .selectAll()
        .where('ref_id', '=', order?.id ?? 0)
        .execute();
      expect(planned.map((r) => [r.user_id, r.amount_minor, r.entry_id])).toEqual(
        expect.arrayContaining([
          [b.id, 600_000n, null],
          [a.id, 500_000n, null],
          [top.id, 500_000n, null],
        ]),
      );
      expect(await usdt(b.token)).toBe(bBefore);
      await trades.settle(order ? [order] : [], false);
      // B: 100 × (1 % − 0.4 %) = 0.60; A: 100 × (1.5 % − 1 %) = 0.50; agent01: 100 × (2 % − 1.5 %) = 0.50.
      expect(await usdt(b.token)).toBe(plus(bBefore, '0.600000'));
      expect(await usdt(a.token)).toBe(plus(aBefore, '0.500000'));
      expect(await usdt(top.token)).toBe(plus(topBefore, '0.500000'));
      const list = expectSuccess(await t.call(team.rebateList, { limit: 20 }, { token: a.token })).list;
      expect(list[0]).toMatchObject({
        source: 'timing',
        refType: 'timing',
        refId: order?.id,
        memberId: m.id,
        memberUsername: m.username,
        symbol: 'USDT',
        base: '100.000000',
        rate: '0.015',
        belowRate: '0.01',
        amount: '0.500000',
        state: 'paid',
      });
      const bills = expectSuccess(await t.call(wallet.walletBills, {}, { token: a.token })).list;
      expect(bills[0]).toMatchObject({ type: 'rebate', amount: '0.500000' });
      await expectBooksBalanced(t);
      // A rebate changed behind the ledger's back is found.
      const tampered = planned.find((r) => r.user_id === a.id);
      await t.db
        .updateTable('rebate')
        .set({ amount_minor: 400_000n })
        .where('id', '=', tampered?.id ?? 0)
        .execute();
      const report = await checkBooks(t.db, t.storage.dialect);
      expect(report.violations.map((v) => JSON.stringify(v))).toEqual(
        expect.arrayContaining([
          expect.stringContaining('rebate entry does not pay the rebates it names'),
          expect.stringContaining("receiver's posting differs from their rebates in the entry"),
        ]),
      );
      await t.db
        .updateTable('rebate')
        .set({ amount_minor: 500_000n })
        .where('id', '=', tampered?.id ?? 0)
        .execute();
      await expectBooksBalanced(t);
    });

    it('applies a changed rate to later trades only, and pays each order once', async () => {
      const [first] = await trades.place([m.token], '100');
      // An operator lowers A's rate after the first order was placed.
      await t.db.updateTable('users').set({ point_percent_timing: '0.012' }).where('id', '=', a.id).execute();
      await trades.settle(first ? [first] : [], true);
      const [second] = await trades.place([m.token], '100');
      await trades.settle(second ? [second] : [], true);
      // Settling again settles and pays nothing more.
      expect(await t.timing.settleDue(clock.now + 3_600_000)).toBe(0);
      const paid = async (orderId: number | undefined) =>
        (
          await t.db
            .selectFrom('rebate')
            .select(['user_id', 'amount_minor'])
            .where('ref_id', '=', orderId ?? 0)
            .where('ref_type', '=', 'timing')
            .execute()
        )
          .map((r) => [r.user_id, r.amount_minor])
          .sort();
      expect(await paid(first?.id)).toEqual(
        [
          [b.id, 600_000n],
          [a.id, 500_000n],
          [top.id, 500_000n],
        ].sort(),
      );
      // A now keeps 1.2 % − 1 % = 0.20, agent01 2 % − 1.2 % = 0.80.
      expect(await paid(second?.id)).toEqual(
        [
          [b.id, 600_000n],
          [a.id, 200_000n],
          [top.id, 800_000n],
        ].sort(),
      );
      await expectBooksBalanced(t);
    });

    it('pays the rebates of orders a restarted settler finds open, once', async () => {
      const [order] = await trades.place([m.token], '50');
      // The process ends before the settlement; a new settler loads the open orders from the database.
      const restarted = new TimingSettler({ db: t.db, money: t.money, timers: false });
      await restarted.start();
      const btc = await vcIdOf(t, 'BTC');
      const open = Math.floor(clock.now / 1000) * 1000 + 1000;
      await trades.recordTick(btc.id, open, '60000.00');
      await restarted.settleDue(open);
      await trades.recordTick(btc.id, open + 30_000, '60001.00');
      expect(await restarted.settleDue(open + 30_000)).toBe(1);
      // The app's own settler, which tracked the order too, finds it settled and pays nothing more.
      expect(await t.timing.settleDue(open + 30_000)).toBe(0);
      await restarted.stop();
      const paid = await t.db
        .selectFrom('journal_posting as p')
        .innerJoin('journal_entry as e', 'e.id', 'p.entry_id')
        .innerJoin('timing_order_result as r', 'r.settle_batch_id', 'e.ref_id')
        .select(['p.user_id', 'p.amount_minor'])
        .where('e.type', '=', 'rebate')
        .where('r.order_id', '=', order?.id ?? 0)
        .where('p.user_id', 'is not', null)
        .execute();
      // 50 × 0.6 %, 50 × 0.5 %... with A's rate at 1.2 % since the last test: B 0.30, A 0.10, agent01 0.40.
      expect(paid.map((p) => [p.user_id, p.amount_minor]).sort()).toEqual(
        [
          [b.id, 300_000n],
          [a.id, 100_000n],
          [top.id, 400_000n],
        ].sort(),
      );
      await expectBooksBalanced(t);
    });

    it('pays a batch exactly its own orders’ rebates when other orders sit between its ids', async () => {
      // 30 s, 60 s and 30 s orders placed together: the 30 s batch's ids are not a whole range.
      clock.now += 600_000;
      const btc = await vcIdOf(t, 'BTC');
      const second = Math.floor(clock.now / 1000) * 1000;
      await trades.recordTick(btc.id, second, '60000.00');
      const place = async (periodSeconds: number) =>
        expectSuccess(
          await t.post<TimingOrder>(
            timing.timingOrderRequest.path,
            { vcId: btc.id, periodSeconds, direction: 'up', amount: '10' },
            { token: m.token, headers: { 'idempotency-key': idemKey() } },
          ),
        );
      const short1 = await place(30);
      const long = await place(60);
      const short2 = await place(30);
      await trades.recordTick(btc.id, second + 1000, '60000.00');
      await t.timing.settleDue(second + 1000);
      await trades.recordTick(btc.id, second + 31_000, '60001.00');
      expect(await t.timing.settleDue(second + 31_000)).toBe(2);
      const paidFor = async (orderId: number) =>
        (
          await t.db
            .selectFrom('rebate as r')
            .innerJoin('timing_order_result as s', 's.order_id', 'r.ref_id')
            .innerJoin('journal_entry as e', (join) =>
              join.onRef('e.ref_id', '=', 's.settle_batch_id').on('e.type', '=', 'rebate'),
            )
            .select('e.id')
            .where('r.ref_type', '=', 'timing')
            .where('r.ref_id', '=', orderId)
            .execute()
        ).length;
      expect(await paidFor(short1.id)).toBeGreaterThan(0);
      expect(await paidFor(short2.id)).toBeGreaterThan(0);
      expect(await paidFor(long.id)).toBe(0);
      // The entry of the 30 s batch pays its two orders' rebates and not the open one's.
      await expectBooksBalanced(t);
      await trades.recordTick(btc.id, second + 61_000, '60001.00');
      expect(await t.timing.settleDue(second + 61_000)).toBe(1);
      expect(await paidFor(long.id)).toBeGreaterThan(0);
      await expectBooksBalanced(t);
    });

    it('pays a contract fee’s rebates on the contract rates as the fee is charged', async () => {
      const btc = await vcIdOf(t, 'BTC');
      const usdtId = (await vcIdOf(t, 'USDT')).id;
      expectSuccess(
        await t.call(
          wallet.walletTransfer,
          { vcId: usdtId, from: 'spot', to: 'contract', amount: '600' },
          { token: m.token, headers: { 'idempotency-key': idemKey() } },
        ),
      );
      clock.now += 600_000;
      const second = Math.floor(clock.now / 1000) * 1000;
      await trades.recordTick(btc.id, second, '50000.00');
      const order = expectSuccess(
        await t.post<ContractOrder>(
          contractTrade.contractOrderRequest.path,
          { vcId: btc.id, side: 'long', kind: 'market', leverage: 10, quantity: '0.1' },
          { token: m.token, headers: { 'idempotency-key': idemKey() } },
        ),
      );
      await trades.recordTick(btc.id, second + 1000, '50000.00');
      clock.now += 1000;
      await t.contracts.runRound();
      // The opening fee is 2.5 USDT: B 2.5 × (0.8 % − 0.4 %), A 2.5 × (1 % − 0.8 %), agent01 2.5 × (1.5 % − 1 %).
      const rows = await t.db
        .selectFrom('rebate')
        .select(['user_id', 'amount_minor', 'source_type', 'base_minor'])
        .where('member_id', '=', m.id)
        .where('source_type', '=', 'contract_open')
        .execute();
      expect(rows.map((r) => [r.user_id, r.amount_minor, r.base_minor]).sort()).toEqual(
        [
          [b.id, 10_000n, 2_500_000n],
          [a.id, 5_000n, 2_500_000n],
          [top.id, 12_500n, 2_500_000n],
        ].sort(),
      );
      expect(order.id).toBeGreaterThan(0);
      await expectBooksBalanced(t);
    });

    it('lists the team with depth, search, online status and refuses another agent’s member', async () => {
      const all = expectSuccess(await t.call(team.teamPage, { scope: 'all', limit: 50 }, { token: a.token }));
      expect(all.list.map((x) => [x.username, x.depth])).toEqual([
        [m.username, 2],
        [b.username, 1],
      ]);
      expect(all).toMatchObject({ teamCount: 2, directCount: 1 });
      const direct = expectSuccess(
        await t.call(team.teamPage, { scope: 'direct', limit: 50 }, { token: a.token }),
      );
      expect(direct.list.map((x) => x.username)).toEqual([b.username]);
      const found = expectSuccess(
        await t.call(
          team.teamPage,
          { scope: 'all', keyword: m.username.slice(1, 5), limit: 50 },
          { token: top.token },
        ),
      );
      expect(found.list.map((x) => x.username)).toContain(m.username);
      const detail = expectSuccess(await t.call(team.teamMemberDetail, { id: m.id }, { token: a.token }));
      expect(detail).toMatchObject({
        username: m.username,
        online: true,
        parentUsername: b.username,
        pointPercentTiming: '0.004',
      });
      expect(
        expectSuccess(await t.call(team.teamMemberDetail, { id: b.id }, { token: a.token })),
      ).toMatchObject({
        teamCount: 1,
        teamOnline: 1,
      });
      // B cannot see A, who is above B.
      expectFailure(
        await t.call(team.teamMemberDetail, { id: a.id }, { token: b.token }),
        'MEMBER_NOT_FOUND',
      );
      // Six minutes without a request or a socket: offline.
      teamClock += 6 * 60_000;
      expect(
        expectSuccess(await t.call(team.teamMemberDetail, { id: m.id }, { token: a.token })).online,
      ).toBe(false);
      teamClock -= 6 * 60_000;
    });

    it('lists the team’s timed orders with their sums', async () => {
      const settled = expectSuccess(
        await t.call(team.teamTimingOrders, { scope: 'settled', limit: 50 }, { token: a.token }),
      );
      expect(settled.list.every((o) => o.username === m.username)).toBe(true);
      expect(settled.sums).toEqual([
        expect.objectContaining({ settleSymbol: 'USDT', count: 7, amount: '380.000000' }),
      ]);
      expectFailure(
        await t.call(team.teamTimingOrders, { scope: 'open', memberId: a.id, limit: 20 }, { token: b.token }),
        'MEMBER_NOT_FOUND',
      );
    });
  });
});

/** `a + b` of two 6-decimal amounts, as the wallet shows them. */
function plus(a: string | undefined, b: string): string {
  const units = (text: string) => BigInt(text.replace('.', ''));
  const sum = units(a ?? '0.000000') + units(b);
  const digits = sum.toString().padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}
