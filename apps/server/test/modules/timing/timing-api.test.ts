import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type TimingOrder } from '@vela/contract';
import { openingTick, parseDecimal, settlementTick, timingResult, type RecordedTick } from '@vela/domain';
import { checkBooks } from '../../../src/books.ts';
import { saveTimingPeriod, setTimingConfigEnabled } from '../../../src/modules/market/coin-repository.ts';
import { createMoney } from '../../../src/modules/ledger/money.ts';
import { TimingSettler } from '../../../src/modules/timing/timing-settler.ts';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { expectBooksBalanced, fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';

const { timing, wallet } = endpoints;

/**
 * Timed trades against a scripted feed: the tests write the ticks the orders open and settle at,
 * and open and settle them at the instants they choose through the settler the test app runs
 * without a timer. The API stamps orders with the test's clock, half a second into a second, so the
 * first tick after an order's acceptance is the next whole second.
 */
describe('timed trades', () => {
  let t: TestApp;
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  let clock = second(Date.now()) + 500;

  beforeAll(async () => {
    t = await createTestApp({ timingClock: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test trades ten minutes after the previous one, so no two tests share a second of a coin.
  beforeEach(() => {
    clock += 600_000;
  });

  /** The second the feed recorded last when the order was accepted, and the one it opens at. */
  const liveSecond = () => second(clock);
  const openSecond = () => second(clock) + 1000;

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

  /** Records the first tick after the acceptance and lets the settler open the orders waiting for it. */
  async function openAt(vcId: number, price: string): Promise<number> {
    const tickId = await recordTick(vcId, openSecond(), price);
    expect(await t.timing.settleDue(openSecond())).toBe(0);
    return tickId;
  }

  /** The expiry of an order of `periodSeconds` opened at `openSecond()`. */
  const expiryOf = (periodSeconds: number) => openSecond() + periodSeconds * 1000;

  /** Places orders, opens them at `openPrice`, then settles them at `settlePrice`. */
  async function placeAndSettle(symbol: string, openPrice: string, settlePrice: string) {
    const vc = await vcIdOf(t, symbol);
    const user = await trader();
    await recordTick(vc.id, liveSecond(), '1.00');
    const up = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '100' }),
    );
    const down = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'down', amount: '100' }),
    );
    expect(up).toMatchObject({
      state: 'opening',
      openPrice: null,
      expiresAt: null,
      amount: '100.000000',
      payoutRate: '0.80',
      expectedPayout: '180.000000',
    });
    expect(await usdt(user.token)).toMatchObject({ spot: '800.000000', frozen: '200.000000' });
    await openAt(vc.id, openPrice);
    await recordTick(vc.id, expiryOf(30), settlePrice);
    // Not yet expired: nothing settles.
    expect(await t.timing.settleDue(expiryOf(30) - 1)).toBe(0);
    expect(await t.timing.settleDue(expiryOf(30))).toBe(2);
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
      (await checkBooks(t.db, t.storage.dialect)).violations.map((v) =>
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
    // A result that says its order opened at an earlier tick, one recorded before its acceptance.
    const before = await t.db
      .selectFrom('timing_order_result')
      .selectAll()
      .where('order_id', '=', up.id)
      .executeTakeFirstOrThrow();
    await result(up.id)
      .set({ open_tick_time_ms: before.open_tick_time_ms - 1000, expires_at: before.expires_at - 1000 })
      .execute();
    expect(await details()).toEqual([
      `timing ${up.id}: order did not open at the first tick after acceptance, or settled early`,
    ]);
    // And one whose settlement tick came before its expiry.
    await result(up.id).set(before).execute();
    await result(up.id)
      .set({ settle_tick_time_ms: before.expires_at - 1 })
      .execute();
    expect(await details()).toEqual([
      `timing ${up.id}: order did not open at the first tick after acceptance, or settled early`,
    ]);
    await result(up.id).set(before).execute();
    await expectBooksBalanced(t);
  });

  it('places orders that arrive together in one commit, refusing each one that does not fit alone', async () => {
    const vc = await vcIdOf(t, 'LTC');
    await recordTick(vc.id, liveSecond(), '80.00');
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
    // They open and settle together too, leaving nothing open for the tests after this one.
    await openAt(vc.id, '80.50');
    await recordTick(vc.id, expiryOf(30), '81.00');
    expect(await t.timing.settleDue(expiryOf(30))).toBe(22);
    await expectBooksBalanced(t);
  });

  it('opens at the first tick recorded after acceptance, never at one the user could already see', async () => {
    const vc = await vcIdOf(t, 'EURUSD');
    const user = await trader();
    // The tick the user saw when ordering, and one in the same second as the acceptance, before it.
    await recordTick(vc.id, liveSecond(), '1.08000');
    const order = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '10' }),
    );
    expect(order).toMatchObject({ state: 'opening', openPrice: null, openTickId: null, openTickTime: null });
    // No later tick yet: the order keeps waiting, and nothing settles.
    expect(await t.timing.settleDue(clock + 5_000)).toBe(0);
    const detail = () => t.call(timing.timingOrderDetail, { id: order.id }, { token: user.token });
    expect(expectSuccess(await detail())).toMatchObject({ state: 'opening', expiresAt: null });
    // The answer reads the open tick from the recorded ticks, before any settler round has run,
    // and the opening round writes nothing: the settlement stores the open tick with the result.
    const openTick = await recordTick(vc.id, openSecond(), '1.08100');
    const opened = {
      state: 'open',
      openTickId: openTick,
      openTickTime: openSecond(),
      openPrice: '1.08100',
      expiresAt: expiryOf(30),
    };
    expect(expectSuccess(await detail())).toMatchObject(opened);
    expect(await t.timing.settleDue(openSecond())).toBe(0);
    const writes = await t.db
      .selectFrom('timing_order_opened')
      .select('order_id')
      .where('order_id', '=', order.id)
      .unionAll(t.db.selectFrom('timing_order_result').select('order_id').where('order_id', '=', order.id))
      .execute();
    expect(writes).toEqual([]);
    expect(expectSuccess(await detail())).toMatchObject(opened);
    await recordTick(vc.id, expiryOf(30), '1.08050');
    expect(await t.timing.settleDue(expiryOf(30))).toBe(1);
    expect(expectSuccess(await detail())).toMatchObject({ state: 'settled', outcome: 'loss' });
  });

  it('settles at the first tick at or after the expiry instant, and an order accepted before a restart opens and settles', async () => {
    const vc = await vcIdOf(t, 'BNB');
    const user = await trader();
    await recordTick(vc.id, liveSecond(), '599.50');
    const order = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'up', amount: '50' }),
    );
    const expiresAt = expiryOf(30);
    const openTick = await recordTick(vc.id, openSecond(), '600.00');
    await recordTick(vc.id, expiresAt - 1000, '601.00');
    const atExpiry = await recordTick(vc.id, expiresAt, '599.00');
    await recordTick(vc.id, expiresAt + 1000, '650.00');
    // A settler that starts after the expiry (as after a restart) loads the order that was still
    // opening from the database, opens it at its tick and settles it.
    const settler = new TimingSettler({
      db: t.db,
      money: t.money,
      timers: false,
      now: () => expiresAt + 5_000,
    });
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
      openTickId: openTick,
      openTickTime: openSecond(),
      openPrice: '600.00',
      expiresAt,
    });
    // The app's own settler still tracks the order: it opens and settles nothing a second time.
    expect(await t.timing.settleDue(expiresAt + 5_000)).toBe(0);
    await expectBooksBalanced(t);
  });

  it('waits "in settlement" until the expiry second is recorded', async () => {
    const vc = await vcIdOf(t, 'XRP');
    const user = await trader();
    await recordTick(vc.id, liveSecond(), '0.5000');
    const order = expectSuccess(
      await place(user.token, { vcId: vc.id, periodSeconds: 30, direction: 'down', amount: '20' }),
    );
    await openAt(vc.id, '0.5000');
    expect(await t.timing.settleDue(expiryOf(30) + 5_000)).toBe(0);
    const list = expectSuccess(
      await t.call(timing.timingOrderList, { scope: 'active' }, { token: user.token }),
    );
    // The answer's state comes from the server's clock, which is still before the expiry.
    expect(list.list.map((o) => o.id)).toEqual([order.id]);
    await recordTick(vc.id, expiryOf(30) + 2000, '0.4000');
    expect(await t.timing.settleDue(expiryOf(30) + 6_000)).toBe(1);
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
    await recordTick(vc.id, liveSecond(), '0.150000');
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
    await openAt(vc.id, '0.150000');
    const last = expiryOf(30);
    await recordTick(vc.id, last, '0.160000');
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

  it('an opening and an outcome are pure functions of the recorded ticks they cite', async () => {
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
      const open = openingTick(ticks, Number(row.created_at));
      expect(open).toMatchObject({ id: Number(row.open_tick_id), priceMinor: BigInt(row.open_price_minor) });
      expect(Number(row.expires_at)).toBe((open?.timeMs ?? 0) + row.period_seconds * 1000);
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
    await recordTick(vc.id, liveSecond(), '0.4500');
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

    // No tick in the last 2 seconds: the feed has stalled, nobody trades on it.
    await t.db.deleteFrom('price_tick').where('vc_id', '=', vc.id).execute();
    await recordTick(vc.id, liveSecond() - 60_000, '0.4500');
    expectFailure(await place(user.token, base), 'PRICE_UNAVAILABLE');
    await recordTick(vc.id, liveSecond() - 2_000, '0.4500');
    expectFailure(await place(user.token, base), 'PRICE_UNAVAILABLE');
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await countRows(t.db, 'timing_order')).toBe(orders);

    // The same key with another body is refused; the first answer is replayed for the same body.
    await recordTick(vc.id, liveSecond(), '0.4500');
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
