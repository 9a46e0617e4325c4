import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type SpotOrder } from '@vela/contract';
import { parseDecimal } from '@vela/domain';
import { SpotEngine } from '../../../src/modules/spot/spot-engine.ts';
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

const { spot, wallet } = endpoints;

/**
 * Spot trading against a scripted feed: the tests write the ticks orders fill on and run the
 * engine's rounds themselves. Orders are stamped half a second into a second, so the first tick
 * after an acceptance is the next whole second (docs/product.md, "Spot").
 */
describe('spot trading', () => {
  let t: TestApp;
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  let clock = second(Date.now()) + 500;
  let btc: number;

  beforeAll(async () => {
    t = await createTestApp({ spotClock: () => clock });
    btc = (await vcIdOf(t, 'BTC')).id;
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test trades ten minutes after the previous one, so no two tests share a second.
  beforeEach(() => {
    clock += 600_000;
  });

  const nextSecond = (n = 1) => second(clock) + n * 1000;

  async function recordTick(vcId: number, timeMs: number, price: string): Promise<number> {
    const parsed = parseDecimal(price, 2);
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

  /** A live feed: the coin's tick of the second the order arrives in. */
  const liveFeed = (price = '50000.00') => recordTick(btc, second(clock), price);

  async function trader(usdt = '1000') {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const userId = (await userRow(t.db, member.username))?.id ?? 0;
    if (usdt !== '0') await fund(t, userId, 'USDT', usdt);
    return { token, userId };
  }

  const place = (token: string, body: Record<string, unknown>, key: string = idemKey()) =>
    t.post<SpotOrder>(
      spot.spotOrderRequest.path,
      { vcId: btc, ...body },
      { token, headers: { 'idempotency-key': key } },
    );
  const cancel = (token: string, id: number, key: string = idemKey()) =>
    t.post<SpotOrder>(spot.spotOrderCancel.path, { id }, { token, headers: { 'idempotency-key': key } });
  const detail = async (token: string, id: number) =>
    expectSuccess(await t.call(spot.spotOrderDetail, { id }, { token }));
  const balance = async (token: string, symbol: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    return overview.currencies.find((c) => c.symbol === symbol);
  };

  it('buys at market on the first tick after the acceptance, and sells the holding back', async () => {
    const user = await trader();
    await liveFeed('49000.00');
    const buy = expectSuccess(await place(user.token, { side: 'buy', kind: 'market', amount: '100' }));
    expect(buy).toMatchObject({ state: 'open', amount: '100.000000', quantity: null, fillPrice: null });
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '900.000000', frozen: '100.000000' });
    // The tick of the second the order arrived in is older than the order: it fills nothing.
    expect(await t.spot.runRound()).toBe(0);
    const tickId = await recordTick(btc, nextSecond(), '50000.00');
    expect(await t.spot.runRound()).toBe(1);
    // 100 USDT at 50,000 with a 0.1 % fee: 0.001998 BTC (6 decimals) for 99.9 USDT and a 0.0999 fee.
    expect(await detail(user.token, buy.id)).toMatchObject({
      state: 'filled',
      fillPrice: '50000.00',
      fillTickId: tickId,
      fillTickTime: nextSecond(),
      quantity: '0.00199800',
      quote: '99.900000',
      fee: '0.099900',
      credit: '0.000100',
    });
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '900.000100', frozen: '0.000000' });
    expect(await balance(user.token, 'BTC')).toMatchObject({ spot: '0.00199800' });
    const [holding] = expectSuccess(await t.call(spot.spotHoldingList, {}, { token: user.token }));
    expect(holding).toMatchObject({
      symbol: 'BTC',
      quantity: '0.00199800',
      averageCost: '50000.00',
      cost: '99.900000',
    });

    clock += 10_000;
    await liveFeed('51000.00');
    const sell = expectSuccess(
      await place(user.token, { side: 'sell', kind: 'market', quantity: '0.001998' }),
    );
    expect(await balance(user.token, 'BTC')).toMatchObject({ spot: '0.00000000', frozen: '0.00199800' });
    await recordTick(btc, nextSecond(), '52000.00');
    expect(await t.spot.runRound()).toBe(1);
    expect(await detail(user.token, sell.id)).toMatchObject({
      state: 'filled',
      fillPrice: '52000.00',
      quote: '103.896000',
      fee: '0.103896',
      credit: '103.792104',
    });
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '1003.792204' });
    expect(expectSuccess(await t.call(spot.spotHoldingList, {}, { token: user.token }))).toEqual([]);
    await expectBooksBalanced(t);
  });

  it('fills limit orders at their limit on the boundary tick, and not on the tick before', async () => {
    const user = await trader();
    await fund(t, user.userId, 'BTC', '1');
    await liveFeed();
    const buy = expectSuccess(
      await place(user.token, { side: 'buy', kind: 'limit', amount: '100', limitPrice: '40000' }),
    );
    const sell = expectSuccess(
      await place(user.token, { side: 'sell', kind: 'limit', quantity: '0.5', limitPrice: '60000.00' }),
    );
    await recordTick(btc, nextSecond(1), '40000.01');
    await recordTick(btc, nextSecond(2), '59999.99');
    expect(await t.spot.runRound()).toBe(0);
    const low = await recordTick(btc, nextSecond(3), '40000.00');
    const high = await recordTick(btc, nextSecond(4), '65000.00');
    expect(await t.spot.runRound()).toBe(2);
    expect(await detail(user.token, buy.id)).toMatchObject({
      fillTickId: low,
      fillPrice: '40000.00',
      quantity: '0.00249700',
    });
    // A sell limit fills at its limit even when the tick goes through it.
    expect(await detail(user.token, sell.id)).toMatchObject({
      fillTickId: high,
      fillPrice: '60000.00',
      quote: '30000.000000',
    });
    await expectBooksBalanced(t);
  });

  it('fills market orders before limit orders on the same tick', async () => {
    const user = await trader();
    await liveFeed();
    const limit = expectSuccess(
      await place(user.token, { side: 'buy', kind: 'limit', amount: '50', limitPrice: '50000' }),
    );
    const market = expectSuccess(await place(user.token, { side: 'buy', kind: 'market', amount: '50' }));
    const tickId = await recordTick(btc, nextSecond(), '45000.00');
    expect(await t.spot.runRound()).toBe(2);
    const fills = await t.db
      .selectFrom('spot_fill')
      .select(['order_id', 'tick_id'])
      .where('order_id', 'in', [limit.id, market.id])
      .execute();
    expect(fills.map((f) => f.tick_id)).toEqual([tickId, tickId]);
    expect((await detail(user.token, market.id)).fillPrice).toBe('45000.00');
    expect((await detail(user.token, limit.id)).fillPrice).toBe('50000.00');
  });

  it('cancels an open order and gives its hold back, once, and only its owner', async () => {
    const user = await trader();
    const other = await trader('0');
    await liveFeed();
    const order = expectSuccess(
      await place(user.token, { side: 'buy', kind: 'limit', amount: '200', limitPrice: '1000' }),
    );
    expectFailure(await cancel(other.token, order.id), 'ORDER_NOT_FOUND', { field: 'id' });
    const key = idemKey();
    const cancelled = expectSuccess(await cancel(user.token, order.id, key));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: 'user' });
    // A retry answers the same; a new cancellation is refused.
    expect(expectSuccess(await cancel(user.token, order.id, key))).toEqual(cancelled);
    expectFailure(await cancel(user.token, order.id), 'ORDER_NOT_OPEN', { field: 'id' });
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '1000.000000', frozen: '0.000000' });
    await recordTick(btc, nextSecond(), '900.00');
    expect(await t.spot.runRound()).toBe(0);
    await expectBooksBalanced(t);
  });

  it('refuses what the balance or the holding does not cover, and changes nothing', async () => {
    const user = await trader('50');
    await liveFeed();
    expectFailure(
      await place(user.token, { side: 'buy', kind: 'market', amount: '60' }),
      'INSUFFICIENT_BALANCE',
    );
    expectFailure(
      await place(user.token, { side: 'sell', kind: 'market', quantity: '0.01' }),
      'INSUFFICIENT_HOLDING',
    );
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '50.000000', frozen: '0.000000' });
    const orders = expectSuccess(
      await t.call(spot.spotOrderList, { scope: 'open', limit: 20 }, { token: user.token }),
    );
    expect(orders.list).toEqual([]);
  });

  it('refuses bad input with the rule it broke', async () => {
    const user = await trader();
    await liveFeed();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vcId: 999_999, side: 'buy', kind: 'market', amount: '10' }, 'VC_NOT_FOUND', 'vcId'],
      [{ side: 'buy', kind: 'market', quantity: '1' }, 'VALIDATION_FAILED', 'quantity'],
      [{ side: 'sell', kind: 'market', amount: '1' }, 'VALIDATION_FAILED', 'amount'],
      [{ side: 'buy', kind: 'market', amount: '10', limitPrice: '1' }, 'VALIDATION_FAILED', 'limitPrice'],
      [{ side: 'buy', kind: 'market', amount: '5' }, 'AMOUNT_INVALID', 'amount'],
      [{ side: 'buy', kind: 'market', amount: '100001' }, 'AMOUNT_INVALID', 'amount'],
      [{ side: 'buy', kind: 'market', amount: '10.1234567' }, 'AMOUNT_INVALID', 'amount'],
      [{ side: 'sell', kind: 'market', quantity: '0.0000001' }, 'AMOUNT_INVALID', 'quantity'],
      [{ side: 'buy', kind: 'limit', amount: '10' }, 'AMOUNT_INVALID', 'limitPrice'],
      [{ side: 'buy', kind: 'limit', amount: '10', limitPrice: '0' }, 'AMOUNT_INVALID', 'limitPrice'],
      [{ side: 'buy', kind: 'limit', amount: '10', limitPrice: '1.001' }, 'AMOUNT_INVALID', 'limitPrice'],
      // Beyond what the trigger book can hold: refused rather than left to stop the engine.
      [
        { side: 'buy', kind: 'limit', amount: '10', limitPrice: '900719925474099.92' },
        'AMOUNT_INVALID',
        'limitPrice',
      ],
    ];
    for (const [body, code, field] of cases)
      expectFailure(await place(user.token, body), code as never, { field });
    const key = idemKey();
    expectSuccess(
      await place(user.token, { side: 'buy', kind: 'limit', amount: '10', limitPrice: '1' }, key),
    );
    expectFailure(
      await place(user.token, { side: 'buy', kind: 'limit', amount: '11', limitPrice: '1' }, key),
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '990.000000', frozen: '10.000000' });
  });

  it('gives the whole amount back when it buys not even one step at the fill price', async () => {
    // SOL trades in steps of 0.001: at 20,000.00 one step costs 20 USDT, and 10 USDT buys nothing.
    const sol = (await vcIdOf(t, 'SOL')).id;
    const user = await trader();
    await recordTick(sol, second(clock), '20000.00');
    const order = expectSuccess(
      await place(user.token, { vcId: sol, side: 'buy', kind: 'market', amount: '10' }),
    );
    await recordTick(sol, nextSecond(), '20000.00');
    expect(await t.spot.runRound()).toBe(1);
    expect(await detail(user.token, order.id)).toMatchObject({
      state: 'cancelled',
      cancelReason: 'too_small',
      quantity: null,
    });
    expect(await balance(user.token, 'USDT')).toMatchObject({ spot: '1000.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('lets a cancellation and a fill racing for one order end it once', async () => {
    for (let round = 0; round < 5; round += 1) {
      clock += 10_000;
      const user = await trader();
      await liveFeed();
      const order = expectSuccess(
        await place(user.token, { side: 'buy', kind: 'limit', amount: '100', limitPrice: '50000' }),
      );
      await recordTick(btc, nextSecond(), '49000.00');
      const [cancelled, filled] = await Promise.all([cancel(user.token, order.id), t.spot.runRound()]);
      const state = (await detail(user.token, order.id)).state;
      if (cancelled.body.success) expect([state, filled]).toEqual(['cancelled', 0]);
      else {
        expectFailure(cancelled, 'ORDER_NOT_OPEN', { field: 'id' });
        expect([state, filled]).toEqual(['filled', 1]);
      }
    }
    await expectBooksBalanced(t);
  });

  it('refuses orders while the feed is stale', async () => {
    const user = await trader();
    await recordTick(btc, second(clock) - 5_000, '50000.00');
    expectFailure(
      await place(user.token, { side: 'buy', kind: 'market', amount: '10' }),
      'PRICE_UNAVAILABLE',
    );
  });

  it('places one order for thirty copies of one request', async () => {
    const user = await trader();
    await liveFeed();
    const key = idemKey();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        place(user.token, { side: 'buy', kind: 'limit', amount: '10', limitPrice: '1' }, key),
      ),
    );
    const ids = new Set(answers.map((answer) => expectSuccess(answer).id));
    expect(ids.size).toBe(1);
    expect(await balance(user.token, 'USDT')).toMatchObject({ frozen: '10.000000' });
  });

  it('keeps resting orders over a restart, replays the ticks missed, and fills each once', async () => {
    const user = await trader();
    await liveFeed();
    const order = expectSuccess(
      await place(user.token, { side: 'buy', kind: 'limit', amount: '100', limitPrice: '30000' }),
    );
    await recordTick(btc, nextSecond(1), '35000.00');
    expect(await t.spot.runRound()).toBe(0);
    // The server goes down; the feed records a crossing tick meanwhile; a new engine starts.
    const crossing = await recordTick(btc, nextSecond(2), '29000.00');
    await recordTick(btc, nextSecond(3), '28000.00');
    const restarted = new SpotEngine({ db: t.db, money: t.money, timers: false });
    await restarted.start();
    expect(await detail(user.token, order.id)).toMatchObject({
      state: 'filled',
      fillTickId: crossing,
      fillPrice: '30000.00',
    });
    // The engine that was running before finds the order taken and writes nothing.
    expect(await t.spot.runRound()).toBe(0);
    expect(
      await t.db.selectFrom('spot_fill').select('order_id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(1);
    await restarted.stop();
    await expectBooksBalanced(t);
  });
});
