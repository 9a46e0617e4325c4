import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TimingOrder } from '@vela/contract';
import { parseDecimal, settlementTick, timingResult, type RecordedTick } from '@vela/domain';
import { checkLedger } from '../../src/modules/ledger/invariant-checker.ts';
import { saveTimingPeriod, setTimingConfigEnabled } from '../../src/modules/market/coin-repository.ts';
import { createMoney } from '../../src/modules/ledger/money.ts';
import { TimingSettler } from '../../src/modules/timing/timing-settler.ts';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../helpers/test-app.ts';
import { expectBooksBalanced, fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';

const { timing, wallet } = endpoints;

/**
 * Timed trades against a scripted feed: the tests write the ticks the orders open and settle at,
 * and settle at the instants they choose through the settler the test app runs without a timer.
 */
describe('timed trades', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const second = (ms: number) => Math.floor(ms / 1000) * 1000;

  async function priceScale(vcId: number): Promise<number> {
    const row = await t.db
      .selectFrom('vc')
      .select('price_scale')
      .where('id', '=', vcId)
      .executeTakeFirstOrThrow();
    return row.price_scale;
  }

  /** Records a tick (replacing one of the same second), as the feed would. */
  async function recordTick(vcId: number, timeMs: number, price: string): Promise<number> {
    const parsed = parseDecimal(price, await priceScale(vcId));
    if (!parsed.ok) throw new Error(price);
    await t.db.deleteFrom('price_tick').where('vc_id', '=', vcId).where('time_ms', '=', timeMs).execute();
    const row = await t.db
      .insertInto('price_tick')
      .values({
        vc_id: vcId,
        time_ms: timeMs,
        price_minor: parsed.minor,
        volume_minor: 1n,
        turnover_minor: 1n,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function trader(balance = '1000') {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const userId = (await userRow(t.db, member.username))?.id ?? 0;
    if (balance !== '0') await fund(t, userId, 'USDT', balance);
    return { token, userId };
  }

  const place = (token: string, body: Record<string, unknown>, key: string | null = idemKey()) =>
    t.post<TimingOrder>(timing.timingOrderRequest.path, body, {
      token,
      headers: key ? { 'idempotency-key': key } : {},
    });

  const usdt = async (token: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    return overview.currencies.find((c) => c.symbol === 'USDT');
  };

  /** Opens orders at `openPrice` now, then records `settlePrice` for each one's settlement second. */
  async function placeAndSettle(symbol: string, openPrice: string, settlePrice: string) {
    const vc = await vcIdOf(t, symbol);
    const user = await trader();
    await recordTick(vc.id, second(Date.now()), openPrice);
    const up = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '100' }),
    );
    const down = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'down', amount: '100' }),
    );
    expect(up).toMatchObject({
      state: 'open',
      amount: '100.000000',
      payoutRate: '0.80',
      expectedPayout: '180.000000',
    });
    expect(await usdt(user.token)).toMatchObject({ spot: '800.000000', frozen: '200.000000' });
    const settleSeconds = new Set([up, down].map((o) => Math.ceil(o.expiresAt / 1000) * 1000));
    for (const s of settleSeconds) await recordTick(vc.id, s, settlePrice);
    // Not yet expired: nothing settles.
    expect(await t.timing.settleDue(up.createdAt + 1000)).toBe(0);
    expect(await t.timing.settleDue(Math.max(up.expiresAt, down.expiresAt) + 1)).toBe(2);
    const detail = async (id: number) =>
      expectSuccess(await t.call(timing.timingOrderDetail, { id }, { token: user.token }));
    return { user, up: await detail(up.id), down: await detail(down.id) };
  }

  it('a rise: up wins stake and profit, down loses the stake', async () => {
    const { user, up, down } = await placeAndSettle('BTC', '60000.00', '60000.01');
    expect(up).toMatchObject({ state: 'settled', outcome: 'win', payout: '180.000000', profit: '80.000000' });
    expect(down).toMatchObject({
      state: 'settled',
      outcome: 'loss',
      payout: '0.000000',
      profit: '-100.000000',
    });
    expect(up.settlePrice).toBe('60000.01');
    expect(await usdt(user.token)).toMatchObject({ spot: '980.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('a fall: down wins, up loses', async () => {
    const { user, up, down } = await placeAndSettle('ETH', '3000.00', '2999.99');
    expect(up).toMatchObject({ outcome: 'loss', payout: '0.000000' });
    expect(down).toMatchObject({ outcome: 'win', payout: '180.000000' });
    expect(await usdt(user.token)).toMatchObject({ spot: '980.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('an unchanged price refunds both stakes (the seeded tie rule)', async () => {
    const { user, up, down } = await placeAndSettle('SOL', '150.00', '150.00');
    expect(up).toMatchObject({ outcome: 'tie', tieRule: 'refund', payout: '100.000000', profit: '0.000000' });
    expect(down).toMatchObject({ outcome: 'tie', payout: '100.000000' });
    expect(await usdt(user.token)).toMatchObject({ spot: '1000.000000', frozen: '0.000000' });
    const bills = expectSuccess(await t.call(wallet.walletBills, {}, { token: user.token }));
    expect(bills.list.filter((b) => b.account === 'spot').map((b) => [b.type, b.amount])).toEqual([
      ['timing_settlement', '100.000000'],
      ['timing_settlement', '100.000000'],
      ['timing_stake', '-100.000000'],
      ['timing_stake', '-100.000000'],
      ['adjustment', '1000.000000'],
    ]);
    await expectBooksBalanced(t);
  });

  it('books a round in one entry naming its batch, and the checker notices a tampered settlement', async () => {
    const { up, down } = await placeAndSettle('ADA', '0.5000', '0.5001');
    const rows = await t.db
      .selectFrom('timing_order_result')
      .select(['order_id', 'settle_batch_id', 'payout_minor'])
      .where('order_id', 'in', [up.id, down.id])
      .execute();
    const batchId = rows[0]?.settle_batch_id ?? 0;
    expect(rows.map((r) => r.settle_batch_id)).toEqual([batchId, batchId]);
    const batch = await t.db
      .selectFrom('timing_settlement')
      .selectAll()
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ order_count: 2, stake_minor: 200_000_000n, payout_minor: 180_000_000n });
    await expectBooksBalanced(t);

    const details = async () =>
      (await checkLedger(t.db, t.storage.dialect)).violations.map((v) =>
        v.rule === 'reference_gap' ? `${v.gap.refType} ${v.gap.refId}: ${v.gap.detail}` : v.rule,
      );
    // An order's result changed after the fact: its batch and its payout no longer agree with it.
    const result = (id: number) => t.db.updateTable('timing_order_result').where('order_id', '=', id);
    await result(up.id).set({ payout_minor: 0n }).execute();
    expect(await details()).toEqual([
      `timing_settlement ${batchId}: batch figures differ from its orders`,
      `timing ${up.id}: payout not booked once to its owner in its batch`,
    ]);
    await result(up.id).set({ payout_minor: 180_000_000n }).execute();
    // An order put back among the open ones keeps its result: it is both, and the escrow lacks its
    // stake.
    await t.db.insertInto('timing_order_open').values({ id: down.id }).execute();
    expect(await details()).toEqual(
      expect.arrayContaining([
        `timing ${down.id}: order is open and settled at once, or neither`,
        expect.stringMatching(/^timing_escrow \d+: escrow differs from the stakes of the open orders$/),
      ]),
    );
    await t.db.deleteFrom('timing_order_open').where('id', '=', down.id).execute();
    await expectBooksBalanced(t);
  });

  it('places orders that arrive together in one commit, refusing each one that does not fit alone', async () => {
    const vc = await vcIdOf(t, 'LTC');
    await recordTick(vc.id, second(Date.now()), '80.00');
    const short = await trader('100');
    const rich = await trader('1000');
    const body = { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '10' };
    const twice = idemKey();
    const reused = idemKey();
    const results = await Promise.all([
      ...Array.from({ length: 15 }, () => place(short.token, body)),
      ...Array.from({ length: 10 }, () => place(rich.token, body)),
      place(rich.token, body, twice),
      place(rich.token, body, twice),
      place(rich.token, body, reused),
      place(rich.token, { ...body, amount: '11' }, reused),
    ]);
    const codes = results.map((r) => r.body.code);
    // The short user's balance covers ten orders; the other five are refused and change nothing.
    expect(codes.slice(0, 15).filter((c) => c === 'OK')).toHaveLength(10);
    expect(codes.slice(0, 15).filter((c) => c === 'INSUFFICIENT_BALANCE')).toHaveLength(5);
    expect(codes.slice(15, 27)).toEqual(Array.from({ length: 12 }, () => 'OK'));
    // One key, one order: the second copy answers the first's order.
    expect(results[25]?.body.data).toEqual(results[26]?.body.data);
    expect([codes[27], codes[28]].sort()).toEqual(['IDEMPOTENCY_KEY_REUSED', 'OK']);
    expect(await usdt(short.token)).toMatchObject({ spot: '0.000000', frozen: '100.000000' });
    // Eleven orders of 10 (the twice-sent one counted once), and the one of the two bodies under the
    // reused key that arrived first: they race, so it is the 10 or the 11.
    const reusedStake = codes[27] === 'OK' ? 10 : 11;
    expect(await usdt(rich.token)).toMatchObject({
      spot: `${1000 - 110 - reusedStake}.000000`,
      frozen: `${110 + reusedStake}.000000`,
    });
    const placed = await t.db
      .selectFrom('timing_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'in', [short.userId, rich.userId])
      .executeTakeFirstOrThrow();
    expect(Number(placed.n)).toBe(22);
    await expectBooksBalanced(t);
    // They settle together too, leaving nothing open for the tests after this one.
    const orders = results.flatMap((r) => (r.body.success && r.body.data ? [r.body.data] : []));
    const expiries = orders.map((o) => o.expiresAt);
    for (const s of new Set(expiries.map((e) => Math.ceil(e / 1000) * 1000)))
      await recordTick(vc.id, s, '81.00');
    expect(await t.timing.settleDue(Math.max(...expiries) + 1)).toBe(22);
    await expectBooksBalanced(t);
  });

  it('settles at the first tick at or after the expiry instant, and cites it', async () => {
    const vc = await vcIdOf(t, 'BNB');
    const user = await trader();
    const openAt = second(Date.now());
    await recordTick(vc.id, openAt, '600.00');
    const order = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '50' }),
    );
    // Move the order onto whole seconds, so that the boundary is exact: expiry at openAt + 30 s.
    const expiresAt = openAt + 30_000;
    await t.db
      .updateTable('timing_order')
      .set({ created_at: openAt, expires_at: expiresAt })
      .where('id', '=', order.id)
      .execute();
    await recordTick(vc.id, expiresAt - 1000, '601.00');
    const atExpiry = await recordTick(vc.id, expiresAt, '599.00');
    await recordTick(vc.id, expiresAt + 1000, '650.00');
    // A settler that starts now (as after a restart) loads the order from the database.
    const settler = new TimingSettler({ db: t.db, money: t.money, timers: false, now: () => expiresAt });
    await settler.start();
    const settled = expectSuccess(
      await t.call(timing.timingOrderDetail, { id: order.id }, { token: user.token }),
    );
    expect(settled).toMatchObject({
      state: 'settled',
      settleTickId: atExpiry,
      settleTickTime: expiresAt,
      settlePrice: '599.00',
      outcome: 'loss',
      openTickTime: openAt,
      openPrice: '600.00',
    });
    await expectBooksBalanced(t);
  });

  it('waits "in settlement" until the expiry second is recorded', async () => {
    const vc = await vcIdOf(t, 'XRP');
    const user = await trader();
    await recordTick(vc.id, second(Date.now()), '0.5000');
    const order = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'down', amount: '20' }),
    );
    expect(await t.timing.settleDue(order.expiresAt + 5_000)).toBe(0);
    const list = expectSuccess(
      await t.call(timing.timingOrderList, { scope: 'active' }, { token: user.token }),
    );
    // The answer's state comes from the server's clock, which is still before the expiry.
    expect(list.list.map((o) => o.id)).toEqual([order.id]);
    await recordTick(vc.id, Math.ceil(order.expiresAt / 1000) * 1000 + 2000, '0.4000');
    expect(await t.timing.settleDue(order.expiresAt + 6_000)).toBe(1);
    const history = expectSuccess(
      await t.call(timing.timingOrderList, { scope: 'history' }, { token: user.token }),
    );
    expect(history.list[0]).toMatchObject({ id: order.id, outcome: 'win' });
    expect(
      expectSuccess(await t.call(timing.timingOrderList, { scope: 'active' }, { token: user.token })).list,
    ).toEqual([]);
  });

  it('settles each order exactly once when two settlers race, and after a restart settles nothing twice', async () => {
    const vc = await vcIdOf(t, 'DOGE');
    const user = await trader();
    await recordTick(vc.id, second(Date.now()), '0.150000');
    const orders: TimingOrder[] = [];
    for (let i = 0; i < 6; i += 1) {
      orders.push(
        expectSuccess(
          await place(user.token, {
            vcId: vc.id,
            periodSeconds: 30,
            direction: i % 2 ? 'up' : 'down',
            amount: '10',
          }),
        ),
      );
    }
    const last = Math.max(...orders.map((o) => o.expiresAt));
    for (const s of new Set(orders.map((o) => Math.ceil(o.expiresAt / 1000) * 1000))) {
      await recordTick(vc.id, s, '0.160000');
    }
    // A second settler with its own committer, as a second process would have.
    const other = new TimingSettler({
      db: t.db,
      money: createMoney(t.storage),
      timers: false,
      now: () => last,
    });
    const [a] = await Promise.all([t.timing.settleDue(last + 1), other.start()]);
    const ids = orders.map((o) => o.id);
    const settled = await t.db
      .selectFrom('timing_order as o')
      .leftJoin('timing_order_result as r', 'r.order_id', 'o.id')
      .select(['o.id', 'r.settle_batch_id', 'r.outcome'])
      .where('o.id', 'in', ids)
      .execute();
    expect(settled.every((row) => row.settle_batch_id !== null)).toBe(true);
    // Each winning order is paid by exactly one posting naming it; the three lost ones by none.
    const payouts = await t.db
      .selectFrom('journal_posting')
      .select(['ref_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('ref_type', '=', 'timing')
      .where('ref_id', 'in', ids)
      .groupBy('ref_id')
      .execute();
    expect(payouts.map((p) => Number(p.n))).toEqual([1, 1, 1]);
    expect(new Set(payouts.map((p) => Number(p.ref_id)))).toEqual(
      new Set(settled.filter((row) => row.outcome === 'win').map((row) => row.id)),
    );
    expect(a).toBeLessThanOrEqual(6);
    // A restart: nothing is open, nothing settles again.
    const restarted = new TimingSettler({
      db: t.db,
      money: t.money,
      timers: false,
      now: () => last + 60_000,
    });
    await restarted.start();
    expect(restarted.openCount).toBe(0);
    expect(await usdt(user.token)).toMatchObject({ spot: '994.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('an outcome is a pure function of the recorded ticks it cites', async () => {
    const settled = await t.db
      .selectFrom('timing_order')
      .innerJoin('timing_order_result', 'timing_order_result.order_id', 'timing_order.id')
      .selectAll()
      .execute();
    expect(settled.length).toBeGreaterThan(5);
    for (const row of settled) {
      const history = await t.db
        .selectFrom('price_tick')
        .select(['id', 'time_ms', 'price_minor'])
        .where('vc_id', '=', row.vc_id)
        .orderBy('time_ms')
        .execute();
      const ticks: RecordedTick[] = history.map((h) => ({
        id: Number(h.id),
        timeMs: Number(h.time_ms),
        priceMinor: BigInt(h.price_minor),
      }));
      const tick = settlementTick(ticks, Number(row.expires_at));
      expect(tick?.id).toBe(Number(row.settle_tick_id));
      const result = timingResult(
        {
          direction: row.direction,
          openPriceMinor: BigInt(row.open_price_minor),
          stakeMinor: BigInt(row.stake_minor),
          payoutRate: row.payout_rate,
          tieRule: row.tie_rule,
        },
        tick?.priceMinor ?? -1n,
      );
      expect({ outcome: row.outcome, payout: BigInt(row.payout_minor ?? -1n) }).toEqual({
        outcome: result.outcome,
        payout: result.payoutMinor,
      });
    }
  });

  it('refuses bad orders with a clear error and changes nothing', async () => {
    const vc = await vcIdOf(t, 'ADA');
    const user = await trader('50');
    const other = await trader();
    await recordTick(vc.id, second(Date.now()), '0.4500');
    const base = { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '20' };
    const entries = await countRows(t.db, 'journal_entry');
    const orders = await countRows(t.db, 'timing_order');

    expectFailure(await place(user.token, { ...base, vcId: 999_999 }), 'VC_NOT_FOUND', { field: 'vcId' });
    expectFailure(await place(user.token, { ...base, periodSeconds: 45 }), 'TIMING_PERIOD_UNAVAILABLE', {
      field: 'periodSeconds',
    });
    expectFailure(await place(user.token, { ...base, periodSeconds: 0 }), 'VALIDATION_FAILED', {
      field: 'periodSeconds',
    });
    expectFailure(await place(user.token, { ...base, direction: 'sideways' }), 'VALIDATION_FAILED', {
      field: 'direction',
    });
    for (const amount of [
      '5',
      '50001',
      '10.1234567',
      '-10',
      '0',
      '1e3',
      'NaN',
      'Infinity',
      '9007199254740993',
    ]) {
      const result = await place(user.token, { ...base, amount });
      expect(result.body.success, amount).toBe(false);
      expect(['AMOUNT_INVALID', 'VALIDATION_FAILED']).toContain(result.body.code);
      expect(result.body.data).toMatchObject({ field: 'amount' });
    }
    expectFailure(await place(user.token, { ...base, amount: '60' }), 'INSUFFICIENT_BALANCE');
    expectFailure(await place(user.token, base, null), 'IDEMPOTENCY_KEY_REQUIRED');

    // Operators' changes take effect at once (they move the configuration's cache version).
    const sixty = await t.db
      .selectFrom('vc_timing_period')
      .selectAll()
      .where('vc_id', '=', vc.id)
      .where('seconds', '=', 60)
      .executeTakeFirstOrThrow();
    await saveTimingPeriod(t.db, vc.id, {
      seconds: 60,
      payoutRate: sixty.payout_rate,
      minAmount: sixty.min_amount,
      maxAmount: sixty.max_amount,
      enabled: false,
      sort: sixty.sort,
    });
    expectFailure(await place(user.token, { ...base, periodSeconds: 60 }), 'TIMING_PERIOD_UNAVAILABLE');
    await setTimingConfigEnabled(t.db, vc.id, false);
    expectFailure(await place(user.token, base), 'TIMING_PAIR_CLOSED', { field: 'vcId' });
    await setTimingConfigEnabled(t.db, vc.id, true);

    // A price older than the freshness limit: the feed has stopped, nobody trades on it.
    await t.db.deleteFrom('price_tick').where('vc_id', '=', vc.id).execute();
    await recordTick(vc.id, second(Date.now()) - 60_000, '0.4500');
    expectFailure(await place(user.token, base), 'PRICE_UNAVAILABLE');
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await countRows(t.db, 'timing_order')).toBe(orders);

    // The same key with another body is refused; the first answer is replayed for the same body.
    await recordTick(vc.id, second(Date.now()), '0.4500');
    const key = idemKey();
    const first = expectSuccess(await place(user.token, base, key));
    expect(expectSuccess(await place(user.token, base, key)).id).toBe(first.id);
    expectFailure(await place(user.token, { ...base, amount: '21' }, key), 'IDEMPOTENCY_KEY_REUSED');
    expectFailure(
      await t.call(timing.timingOrderDetail, { id: first.id }, { token: other.token }),
      'ORDER_NOT_FOUND',
      {
        field: 'id',
      },
    );
    expect(await usdt(user.token)).toMatchObject({ spot: '30.000000', frozen: '20.000000' });
    await expectBooksBalanced(t);
  });
});
