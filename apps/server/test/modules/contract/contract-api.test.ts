import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type ContractOrder } from '@vela/contract';
import { parseDecimal } from '@vela/domain';
import {
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { expectBooksBalanced, fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';

const { contractTrade: api, wallet } = endpoints;

/**
 * Contracts against a scripted feed: the tests write the ticks and run the engine's rounds
 * themselves. Orders are stamped half a second into a second, so the first tick after an
 * acceptance is the next whole second; the engine runs a second once half a second has passed
 * after it, so the tests move the clock past it first (docs/product.md, "Contracts").
 */
describe('contract trading', () => {
  let t: TestApp;
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  let clock = second(Date.now()) + 500;
  let btc: number;

  beforeAll(async () => {
    t = await createTestApp({ contractClock: () => clock });
    btc = (await vcIdOf(t, 'BTC')).id;
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test trades ten minutes after the previous one, so no two tests share a second.
  beforeEach(() => {
    clock += 600_000;
  });

  async function recordTick(timeMs: number, price: string): Promise<number> {
    const parsed = parseDecimal(price, 2);
    if (!parsed.ok) throw new Error(price);
    await t.db.deleteFrom('price_tick').where('vc_id', '=', btc).where('time_ms', '=', timeMs).execute();
    const row = await t.db
      .insertInto('price_tick')
      .values({
        vc_id: btc,
        time_ms: timeMs,
        price_minor: parsed.minor,
        volume_minor: 1n,
        turnover_minor: 1n,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The tick of the second the clock is in: the feed is live. */
  const liveFeed = (price = '50000.00') => recordTick(second(clock), price);

  /** Records the next second's tick, moves the clock past it, and runs a round. */
  async function tick(price: string): Promise<number> {
    const id = await recordTick(second(clock) + 1000, price);
    clock += 1000;
    await t.contracts.runRound();
    return id;
  }

  async function trader(contract = '1000', funds = '2000') {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const userId = (await userRow(t.db, member.username))?.id ?? 0;
    await fund(t, userId, 'USDT', funds);
    const usdt = (await vcIdOf(t, 'USDT')).id;
    expectSuccess(
      await t.call(
        wallet.walletTransfer,
        { vcId: usdt, from: 'spot', to: 'contract', amount: contract },
        { token, headers: { 'idempotency-key': idemKey() } },
      ),
    );
    return { token, userId };
  }

  const open = (token: string, body: Record<string, unknown>, key: string = idemKey()) =>
    t.post<ContractOrder>(
      api.contractOrderRequest.path,
      { vcId: btc, side: 'long', kind: 'market', leverage: 10, quantity: '0.1', ...body },
      { token, headers: { 'idempotency-key': key } },
    );
  const closePart = (token: string, positionId: number, quantity: string) =>
    t.post<ContractOrder>(
      api.contractClose.path,
      { positionId, quantity },
      { token, headers: { 'idempotency-key': idemKey() } },
    );
  const account = async (token: string) => expectSuccess(await t.call(api.contractAccount, {}, { token }));
  const detail = async (token: string, id: number) =>
    expectSuccess(await t.call(api.contractOrderDetail, { id }, { token }));

  it('lists the terms of each coin and the levels the adjustment ratio gives', async () => {
    const terms = expectSuccess(await t.call(api.contractTermsList, {}));
    expect(terms.levels).toEqual({
      adjustmentRatio: '0.1000',
      forcedCloseLevel: '0.9000',
      cautionLevel: '0.5000',
    });
    expect(terms.list.find((x) => x.symbol === 'BTC')).toMatchObject({
      leverages: [5, 10, 20, 50, 100],
      enabled: true,
    });
  });

  it('opens a 10x long at the first tick after the acceptance, with its margin, fee and risk degree', async () => {
    const user = await trader();
    await liveFeed('49000.00');
    const order = expectSuccess(await open(user.token, { takeProfit: '60000', stopLoss: '40000' }));
    expect(order).toMatchObject({ state: 'open', action: 'open', quantity: '0.10000000', held: '0.000000' });
    const tickId = await tick('50000.00');
    expect(await detail(user.token, order.id)).toMatchObject({
      state: 'filled',
      fillPrice: '50000.00',
      fillTickId: tickId,
      margin: '500.000000',
      fee: '2.500000',
      positionId: order.id,
    });
    await tick('49000.00');
    // Available 1000 - 500 - 2.5; at 49,000 the loss is 100: equity 897.5, risk 500 / 897.5.
    expect(await account(user.token)).toMatchObject({
      available: '497.500000',
      margin: '500.000000',
      profit: '-100.000000',
      equity: '897.500000',
      riskDegree: '0.5571',
      positions: [
        {
          id: order.id,
          entryPrice: '50000.00',
          markPrice: '49000.00',
          profit: '-100.000000',
          forcedClosePrice: '45580.55',
          takeProfit: '60000.00',
          stopLoss: '40000.00',
        },
      ],
    });
    await expectBooksBalanced(t);
  });

  it('closes part at market with a receipt, and the take-profit closes the rest at its boundary tick', async () => {
    const user = await trader();
    await liveFeed();
    const order = expectSuccess(await open(user.token, { takeProfit: '52000' }));
    await tick('50000.00');
    await liveFeed('51000.00');
    const close = expectSuccess(await closePart(user.token, order.id, '0.04'));
    const closeTick = await tick('51000.00');
    expect(await detail(user.token, close.id)).toMatchObject({
      state: 'filled',
      action: 'close',
      fillTickId: closeTick,
      profit: '40.000000',
      fee: '1.020000',
      margin: '200.000000',
    });
    expect(await t.contracts.runRound()).toBe(0);
    await tick('51999.99');
    expect((await account(user.token)).positions).toHaveLength(1);
    const tpTick = await tick('52000.00');
    const closes = expectSuccess(await t.call(api.contractCloseList, { limit: 20 }, { token: user.token }));
    expect(closes.list[0]).toMatchObject({
      reason: 'take_profit',
      tickId: tpTick,
      price: '52000.00',
      quantity: '0.06000000',
    });
    expect((await account(user.token)).positions).toHaveLength(0);
    await expectBooksBalanced(t);
  });

  it('force-closes the account at the level, and a gap past its equity is paid by the insurance account', async () => {
    const user = await trader('600');
    await liveFeed();
    expectSuccess(await open(user.token, {}));
    await tick('50000.00');
    const before = await insurance();
    await tick('40000.00');
    const closes = expectSuccess(await t.call(api.contractCloseList, { limit: 20 }, { token: user.token }));
    expect(closes.list[0]).toMatchObject({ reason: 'forced', price: '40000.00', profit: '-1000.000000' });
    expect(await account(user.token)).toMatchObject({ available: '0.000000', positions: [] });
    // 597.5 in the account against a loss of 1,000: the insurance account paid 402.5. (Other tests'
    // positions on the coin were closed at the same second: the account paid all their shortfalls.)
    const forced = await t.db
      .selectFrom('contract_forced')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(forced.map((f) => [BigInt(f.shortfall_minor), BigInt(f.fee_minor)])).toEqual([[402_500_000n, 0n]]);
    const all = await t.db.selectFrom('contract_forced').select('shortfall_minor').execute();
    const paidBefore = all.reduce((sum, f) => sum + BigInt(f.shortfall_minor), 0n);
    expect(await insurance()).toBe(-paidBefore);
    expect(before - (await insurance())).toBeGreaterThanOrEqual(402_500_000n);
    await expectBooksBalanced(t);
  });

  it('refuses bad orders with the rule, and changes nothing', async () => {
    const user = await trader('600');
    const other = await trader();
    await liveFeed();
    expectFailure(await open(user.token, { leverage: 7 }), 'LEVERAGE_NOT_OFFERED');
    const risky = await open(user.token, { leverage: 100, quantity: '1.1' });
    expectFailure(risky, 'CONTRACT_RISK_TOO_HIGH');
    expect(risky.body.message).toContain('90 %');
    expectFailure(await open(user.token, { takeProfit: '49000' }), 'TARGET_WRONG_SIDE');
    expectFailure(await open(user.token, { quantity: '0.0000001' }), 'AMOUNT_INVALID');
    expectFailure(await open(user.token, { quantity: '1', leverage: 5 }), 'INSUFFICIENT_BALANCE');
    const key = idemKey();
    const first = expectSuccess(await open(user.token, {}, key));
    expectFailure(await open(user.token, { quantity: '0.2' }, key), 'IDEMPOTENCY_KEY_REUSED');
    expect(expectSuccess(await open(user.token, {}, key)).id).toBe(first.id);
    await tick('50000.00');
    expectFailure(await closePart(other.token, first.id, '0.01'), 'POSITION_NOT_FOUND');
    expectFailure(await closePart(user.token, first.id, '0.2'), 'CLOSE_MORE_THAN_HELD');
    const targets = await t.post(
      api.contractTargets.path,
      { positionId: first.id, takeProfit: null, stopLoss: '51000' },
      { token: user.token },
    );
    expectFailure(targets, 'TARGET_WRONG_SIDE');
    expect((await account(user.token)).positions).toHaveLength(1);
    // Equity 597.5 on a margin of 500 is 83.7 %: 50 out would make it 91.3 %, 10 out 85.1 %.
    const usdt = (await vcIdOf(t, 'USDT')).id;
    const out = (amount: string) =>
      t.call(
        wallet.walletTransfer,
        { vcId: usdt, from: 'contract', to: 'spot', amount },
        { token: user.token, headers: { 'idempotency-key': idemKey() } },
      );
    const refused = await out('50');
    expectFailure(refused, 'TRANSFER_RISK_TOO_HIGH', { field: 'amount' });
    expect(refused.body.message).toContain('90 %');
    expect(expectSuccess(await out('10')).contract).toBe('87.500000');
    await expectBooksBalanced(t);
  });

  it('holds a limit order, opens it at its limit on the first tick through it, and cancels another', async () => {
    const user = await trader('2000');
    await liveFeed();
    const limit = expectSuccess(await open(user.token, { kind: 'limit', limitPrice: '49000' }));
    const other = expectSuccess(await open(user.token, { kind: 'limit', limitPrice: '45000', side: 'long' }));
    expect(limit.held).toBe('492.450000');
    await tick('49500.00');
    expect((await detail(user.token, limit.id)).state).toBe('open');
    await tick('48000.00');
    expect(await detail(user.token, limit.id)).toMatchObject({ state: 'filled', fillPrice: '49000.00' });
    const cancelled = expectSuccess(
      await t.post<ContractOrder>(
        api.contractOrderCancel.path,
        { id: other.id },
        { token: user.token, headers: { 'idempotency-key': idemKey() } },
      ),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', endReason: 'user' });
    expect(await account(user.token)).toMatchObject({ available: '1507.550000', held: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('commits a round of several seconds as the engine ran them: two part closes of a position, then its stop', async () => {
    const user = await trader();
    await liveFeed();
    const order = expectSuccess(await open(user.token, { stopLoss: '49000' }));
    await tick('50000.00');
    await liveFeed();
    const first = expectSuccess(await closePart(user.token, order.id, '0.02'));
    const next = expectSuccess(await closePart(user.token, order.id, '0.03'));
    // One round runs both seconds: the closes fill at the first, the stop takes the rest at the second.
    const closeTick = await recordTick(second(clock) + 1000, '50000.00');
    const stopTick = await recordTick(second(clock) + 2000, '48900.00');
    clock += 2000;
    expect(await t.contracts.runRound()).toBe(3);
    const closes = expectSuccess(await t.call(api.contractCloseList, { limit: 20 }, { token: user.token }));
    expect(
      closes.list
        .filter((c) => c.positionId === order.id)
        .sort((a, b) => a.id - b.id)
        .map((c) => [c.reason, c.orderId, c.tickId, c.quantity]),
    ).toEqual([
      ['market', first.id, closeTick, '0.02000000'],
      ['market', next.id, closeTick, '0.03000000'],
      ['stop_loss', null, stopTick, '0.05000000'],
    ]);
    const position = await t.db
      .selectFrom('contract_position')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect([BigInt(position.quantity_minor), BigInt(position.margin_minor), position.closed_at]).toEqual([
      0n,
      0n,
      clock,
    ]);
    expect((await account(user.token)).positions).toHaveLength(0);
    await expectBooksBalanced(t);
  });

  it('keeps a contract account beyond 2^53 minor units exact when placing and reading', async () => {
    const user = await trader('10000000000', '10000000000');
    await liveFeed();
    const order = expectSuccess(
      await open(user.token, { kind: 'limit', limitPrice: '1', quantity: '0.001' }),
    );
    expect(order.held).toBe('0.000101');
    expect(await account(user.token)).toMatchObject({ available: '9999999999.999899', held: '0.000101' });
  });

  it('replays the seconds recorded while it was down: a stop-loss closes at the tick it should have, once', async () => {
    const user = await trader();
    await liveFeed();
    const order = expectSuccess(await open(user.token, { stopLoss: '49000' }));
    await tick('50000.00');
    // The engine is down for three seconds; the second of them crosses the stop.
    await recordTick(second(clock) + 1000, '49500.00');
    const stopTick = await recordTick(second(clock) + 2000, '48900.00');
    await recordTick(second(clock) + 3000, '48000.00');
    clock += 3000;
    const restarted = await newEngine();
    await restarted.start();
    await t.contracts.runRound();
    const closes = expectSuccess(await t.call(api.contractCloseList, { limit: 20 }, { token: user.token }));
    expect(closes.list.map((c) => [c.positionId, c.reason, c.tickId, c.price])).toEqual([
      [order.id, 'stop_loss', stopTick, '48900.00'],
    ]);
    await expectBooksBalanced(t);
  });

  it('answers 30 copies of one request with one order, and 30 limit orders at once with only what the account can hold', async () => {
    const user = await trader('1000');
    await liveFeed();
    const key = idemKey();
    const copies = await Promise.all(Array.from({ length: 30 }, () => open(user.token, {}, key)));
    const ids = new Set(copies.map((answer) => expectSuccess(answer).id));
    expect(ids.size).toBe(1);
    // Each limit order holds 98.49 (0.02 BTC at 49,000 with 10x: 98 margin and 0.49 fee): ten fit in
    // 1,000 less the market order's nothing; the rest are refused, and no hold is made twice.
    const limits = await Promise.all(
      Array.from({ length: 30 }, () =>
        open(user.token, { kind: 'limit', limitPrice: '49000', quantity: '0.02' }),
      ),
    );
    const placed = limits.filter((answer) => answer.body.success);
    expect(placed).toHaveLength(10);
    for (const refused of limits.filter((answer) => !answer.body.success))
      expectFailure(refused, 'INSUFFICIENT_BALANCE');
    expect((await account(user.token)).held).toBe('984.900000');
    await expectBooksBalanced(t);
  });

  it('decides a cancellation racing the fill once: the order either opens or gives its hold back', async () => {
    const user = await trader('1000');
    await liveFeed();
    const order = expectSuccess(await open(user.token, { kind: 'limit', limitPrice: '49000' }));
    await recordTick(second(clock) + 1000, '48000.00');
    clock += 1000;
    const [cancelled] = await Promise.all([
      t.post<ContractOrder>(
        api.contractOrderCancel.path,
        { id: order.id },
        { token: user.token, headers: { 'idempotency-key': idemKey() } },
      ),
      t.contracts.runRound(),
    ]);
    await t.contracts.runRound();
    const state = (await detail(user.token, order.id)).state;
    if (cancelled.body.success) expect(state).toBe('cancelled');
    else {
      expectFailure(cancelled, 'ORDER_NOT_OPEN');
      expect(state).toBe('filled');
    }
    const positions = (await account(user.token)).positions.length;
    expect(positions).toBe(state === 'filled' ? 1 : 0);
    await expectBooksBalanced(t);
  });

  it('applies each second once when two engines run the same seconds at once, as two nodes would', async () => {
    const user = await trader();
    await liveFeed();
    const order = expectSuccess(await open(user.token, { takeProfit: '51000' }));
    await tick('50000.00');
    const other = await newEngine();
    await other.start();
    await recordTick(second(clock) + 1000, '51500.00');
    clock += 1000;
    const effects = await Promise.all([t.contracts.runRound(), other.runRound()]);
    await Promise.all([t.contracts.runRound(), other.runRound()]);
    const closes = expectSuccess(await t.call(api.contractCloseList, { limit: 20 }, { token: user.token }));
    expect(closes.list.filter((c) => c.positionId === order.id).map((c) => c.reason)).toEqual([
      'take_profit',
    ]);
    expect(effects.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    await other.stop();
    await expectBooksBalanced(t);
  });

  /** Another engine on the same database, as another node runs one. */
  it('fills an order on a database with no stored cursor, placed in the second its engine started on', async () => {
    await t.db.deleteFrom('contract_cursor').execute();
    const user = await trader();
    await liveFeed();
    const engine = await newEngine();
    await engine.start();
    const order = expectSuccess(await open(user.token, {}));
    const fillTick = await recordTick(second(clock) + 1000, '50000.00');
    clock += 1000;
    expect(await engine.runRound()).toBe(1);
    expect(await detail(user.token, order.id)).toMatchObject({ state: 'filled', fillTickId: fillTick });
    await engine.stop();
    // The app's own engine finds the cursor moved under it, reloads, and has nothing left to do.
    await t.contracts.runRound();
    expect(await t.contracts.runRound()).toBe(0);
    await expectBooksBalanced(t);
  });

  async function newEngine() {
    const { ContractEngine } = await import('../../../src/modules/contract/contract-engine.ts');
    const { ContractTermsCache } = await import('../../../src/modules/contract/contract-terms.ts');
    const terms = new ContractTermsCache(t.db, 0);
    return new ContractEngine({
      db: t.db,
      money: t.money,
      timers: false,
      now: () => clock,
      settleVcId: async () => (await terms.get()).settle.id,
      level: async () => (await terms.get()).level,
    });
  }

  async function insurance(): Promise<bigint> {
    const usdt = (await vcIdOf(t, 'USDT')).id;
    const row = await t.db
      .selectFrom('ledger_account')
      .select('balance_minor')
      .where('user_id', 'is', null)
      .where('kind', '=', 'insurance')
      .where('vc_id', '=', usdt)
      .executeTakeFirst();
    return row ? BigInt(row.balance_minor) : 0n;
  }
});
