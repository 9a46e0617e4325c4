import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type FinanceOrder } from '@vela/contract';
import { parseDecimal } from '@vela/domain';
import { FinanceSettler } from '../../../src/modules/finance/finance-settler.ts';
import {
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  pw,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { expectBooksBalanced, fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator } from '../operators/operator-helpers.ts';

const { finance, wallet } = endpoints;
const DAY = 86_400_000;

/**
 * Pledge finance against a scripted feed: the tests make the products in the console, buy them at
 * instants they choose, write the ticks the orders settle on and run the settler themselves
 * (docs/product.md, "Pledge finance"). The hand-worked figures use a 36.5 % yearly rate over
 * 10 days, a factor of exactly 1.01.
 */
describe('pledge finance', () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000) * 1000 + 30 * DAY;
  let operator: { token: string; id: number };
  let btc: number;

  beforeAll(async () => {
    t = await createTestApp({ financeClock: () => clock });
    operator = await signedInOperator(t, 'support');
    btc = (await vcIdOf(t, 'BTC')).id;
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts a year after the previous one, so no two tests share an end instant.
  beforeEach(() => {
    clock += 400 * DAY;
  });

  async function recordTick(timeMs: number, price: string): Promise<number> {
    const parsed = parseDecimal(price, 2);
    if (!parsed.ok) throw new Error(price);
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

  const productBody = (overrides: Record<string, unknown> = {}) => ({
    vcId: btc,
    names: { en: 'BTC Buy Low', 'zh-CN': 'BTC 低买' },
    remarks: { en: 'Not principal-guaranteed.' },
    rateStr: '0.365',
    buyType: 'usdt',
    cycle: 10,
    cycleType: 'day',
    exchangeRate: '50000',
    serviceRateStr: '0.02',
    minAmount: '10',
    maxAmount: '5000',
    quota: '100000',
    enabled: true,
    sort: 0,
    ...overrides,
  });

  async function product(overrides: Record<string, unknown> = {}) {
    return expectSuccess(
      await t.call(finance.adminFinanceProductSave, productBody(overrides) as never, {
        token: operator.token,
      }),
    );
  }

  async function investor(symbol = 'USDT', amount = '10000') {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const userId = (await userRow(t.db, member.username))?.id ?? 0;
    await fund(t, userId, symbol, amount);
    return { token, userId, fundPassword: member.fundPassword };
  }

  type Investor = Awaited<ReturnType<typeof investor>>;

  const buy = (
    who: Investor,
    productId: number,
    amount: string,
    key = idemKey(),
    fundPassword = who.fundPassword,
  ) =>
    t.post<FinanceOrder>(
      finance.financeBuy.path,
      { productId, amount, fundPwd: pw(fundPassword) },
      { token: who.token, headers: { 'idempotency-key': key } },
    );
  const redeem = (who: Investor, id: number, key = idemKey()) =>
    t.post<FinanceOrder>(
      finance.financeRedeem.path,
      { id },
      { token: who.token, headers: { 'idempotency-key': key } },
    );
  const detail = async (who: Investor, id: number) =>
    expectSuccess(await t.call(finance.financeOrderDetail, { id }, { token: who.token }));
  const balance = async (who: Investor, symbol: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token: who.token }));
    return overview.currencies.find((c) => c.symbol === symbol);
  };

  it('buys with USDT, settles below the linked price in the coin, with the receipt', async () => {
    const p = await product();
    const who = await investor();
    const order = expectSuccess(await buy(who, p.id, '1000'));
    expect(order).toMatchObject({
      state: 'holding',
      amount: '1000.000000',
      vcCount: '0.02000000',
      buySymbol: 'USDT',
      calcStartDate: clock,
      calcEndDate: clock + 10 * DAY,
      estimateCoin: '0.02020000',
      estimateUsdt: '1010.000000',
    });
    expect(order.orderNum).toMatch(/^F\d{8}\d{8}$/);
    expect(await balance(who, 'USDT')).toMatchObject({ spot: '9000.000000', frozen: '1000.000000' });
    const overview = expectSuccess(await t.call(finance.financeOverview, {}, { token: who.token }));
    expect(overview).toEqual([
      {
        vcId: expect.any(Number),
        symbol: 'USDT',
        scale: 6,
        held: '1000.000000',
        income: '0.000000',
        estimated: '10.000000',
        orders: 1,
      },
    ]);

    // Nothing is due before the end, and at the end nothing settles before its tick is recorded.
    expect(await t.finance.settleDue(clock + 10 * DAY - 1)).toBe(0);
    expect(await t.finance.settleDue(clock + 10 * DAY + 5_000)).toBe(0);
    await recordTick(clock + 10 * DAY - 1, '10.00');
    const tickId = await recordTick(clock + 10 * DAY + 700, '49999.99');
    await recordTick(clock + 10 * DAY + 1_700, '60000.00');
    expect(await t.finance.settleDue(clock + 10 * DAY + 5_000)).toBe(1);
    expect(await detail(who, order.id)).toMatchObject({
      state: 'settled',
      payoutSymbol: 'BTC',
      payoutAmount: '0.02020000',
      incomeAmount: '0.00020000',
      settleTickId: tickId,
      settleTickTime: clock + 10 * DAY + 700,
      settlePrice: '49999.99',
    });
    expect(await balance(who, 'USDT')).toMatchObject({ spot: '9000.000000', frozen: '0.000000' });
    expect(await balance(who, 'BTC')).toMatchObject({ spot: '0.02020000' });
    // Settled once: a second round finds nothing, and a settled order cannot be redeemed.
    expect(await t.finance.settleDue(clock + 20 * DAY)).toBe(0);
    expectFailure(await redeem(who, order.id), 'FINANCE_ORDER_NOT_HOLDING', { field: 'id' });
    await expectBooksBalanced(t);
  });

  it('settles exactly at the linked price, and above it, in USDT', async () => {
    const p = await product();
    const at = await investor();
    const above = await investor();
    const first = expectSuccess(await buy(at, p.id, '1000'));
    clock += 60_000;
    const second = expectSuccess(await buy(above, p.id, '1000'));
    await recordTick(first.calcEndDate, '50000.00');
    await recordTick(second.calcEndDate + 1, '70000.00');
    expect(await t.finance.settleDue(second.calcEndDate + 1_000)).toBe(2);
    for (const [who, id] of [
      [at, first.id],
      [above, second.id],
    ] as const) {
      expect(await detail(who, id)).toMatchObject({
        state: 'settled',
        payoutSymbol: 'USDT',
        payoutAmount: '1010.000000',
        incomeAmount: '10.000000',
      });
      expect(await balance(who, 'USDT')).toMatchObject({ spot: '10010.000000', frozen: '0.000000' });
    }
    await expectBooksBalanced(t);
  });

  it('pays a coin principal back in the coin below the price, in USDT at the price', async () => {
    const p = await product({ buyType: 'coin', minAmount: '0.01', maxAmount: '2', quota: '100' });
    const below = await investor('BTC', '1');
    const at = await investor('BTC', '1');
    const first = expectSuccess(await buy(below, p.id, '0.5'));
    expect(first).toMatchObject({
      vcCount: '0.50000000',
      estimateCoin: '0.50500000',
      estimateUsdt: '25250.000000',
    });
    clock += 60_000;
    const second = expectSuccess(await buy(at, p.id, '0.5'));
    await recordTick(first.calcEndDate, '100.00');
    await recordTick(second.calcEndDate, '50000.00');
    expect(await t.finance.settleDue(second.calcEndDate)).toBe(2);
    expect(await balance(below, 'BTC')).toMatchObject({ spot: '1.00500000', frozen: '0.00000000' });
    expect(await balance(at, 'BTC')).toMatchObject({ spot: '0.50000000', frozen: '0.00000000' });
    expect(await balance(at, 'USDT')).toMatchObject({ spot: '25250.000000' });
    await expectBooksBalanced(t);
  });

  it('redeems early with the service fee and no interest, once, and not after the end', async () => {
    const p = await product();
    const who = await investor();
    const other = await investor();
    const order = expectSuccess(await buy(who, p.id, '1000'));
    expectFailure(await redeem(other, order.id), 'ORDER_NOT_FOUND', { field: 'id' });
    clock += DAY;
    const key = idemKey();
    const redeemed = expectSuccess(await redeem(who, order.id, key));
    expect(redeemed).toMatchObject({
      state: 'redeemed',
      serviceAmount: '20.000000',
      refundAmount: '980.000000',
      endedAt: clock,
    });
    // The same key answers the same; a new one finds the order ended.
    expect(expectSuccess(await redeem(who, order.id, key))).toEqual(redeemed);
    expectFailure(await redeem(who, order.id), 'FINANCE_ORDER_NOT_HOLDING', { field: 'id' });
    expect(await balance(who, 'USDT')).toMatchObject({ spot: '9980.000000', frozen: '0.000000' });
    // The bills show the redemption and its fee, each on its own line.
    const bills = expectSuccess(
      await t.call(wallet.walletBills, { types: ['finance_redeem', 'finance_fee'] }, { token: who.token }),
    );
    expect(bills.list.map((b) => [b.type, b.account, b.amount])).toEqual([
      ['finance_fee', 'spot', '-20.000000'],
      ['finance_redeem', 'spot', '1000.000000'],
      ['finance_redeem', 'finance_hold', '-1000.000000'],
    ]);
    // A redeemed order never settles.
    await recordTick(order.calcEndDate, '1.00');
    expect(await t.finance.settleDue(order.calcEndDate)).toBe(0);

    // Once the end has passed the order is settling: its price may be known, so it cannot be redeemed.
    const late = expectSuccess(await buy(who, p.id, '100'));
    clock = late.calcEndDate;
    expectFailure(await redeem(who, late.id), 'FINANCE_ORDER_NOT_HOLDING', { field: 'id' });
    const list = expectSuccess(
      await t.call(finance.financeOrderList, { scope: 'history' }, { token: who.token }),
    );
    expect(list.list.map((o) => o.id)).toEqual([order.id]);
    await expectBooksBalanced(t);
  });

  it('refuses bad purchases with the rule they break and changes nothing', async () => {
    const p = await product();
    const closed = await product({ enabled: false });
    const who = await investor('USDT', '100');
    const cases: [Promise<Awaited<ReturnType<typeof buy>>>, string, string][] = [
      [buy(who, p.id, '9.99'), 'AMOUNT_INVALID', 'amount'],
      [buy(who, p.id, '5000.01'), 'AMOUNT_INVALID', 'amount'],
      [buy(who, p.id, '10.0000001'), 'AMOUNT_INVALID', 'amount'],
      [buy(who, p.id, '99999999999999999999999999'), 'AMOUNT_INVALID', 'amount'],
      [buy(who, p.id, '0'), 'AMOUNT_INVALID', 'amount'],
      [buy(who, p.id, '1e3'), 'VALIDATION_FAILED', 'amount'],
      [buy(who, p.id, '-10'), 'VALIDATION_FAILED', 'amount'],
      [buy(who, closed.id, '10'), 'FINANCE_PRODUCT_CLOSED', 'productId'],
      [buy(who, 999_999, '10'), 'FINANCE_PRODUCT_CLOSED', 'productId'],
      [buy(who, p.id, '10', idemKey(), 'Wrong#Pass1'), 'FUND_PASSWORD_WRONG', 'fundPwd'],
    ];
    for (const [result, code, field] of cases) expectFailure(await result, code as never, { field });
    expectFailure(await buy(who, p.id, '200'), 'INSUFFICIENT_BALANCE');
    const key = idemKey();
    expectSuccess(await buy(who, p.id, '10', key));
    expectFailure(await buy(who, p.id, '11', key), 'IDEMPOTENCY_KEY_REUSED');
    expect(await balance(who, 'USDT')).toMatchObject({ spot: '90.000000', frozen: '10.000000' });
    const [listed] = expectSuccess(await t.call(finance.financeProductList, { vcId: btc }, {})).filter(
      (x) => x.id === p.id,
    );
    expect(listed).toMatchObject({ remaining: '99990.000000', quota: '100000.000000' });
    await expectBooksBalanced(t);
  });

  it('buys once for thirty copies of one request, and redeems once for thirty different ones', async () => {
    const p = await product();
    const who = await investor();
    const key = idemKey();
    const copies = await Promise.all(Array.from({ length: 30 }, () => buy(who, p.id, '100', key)));
    const answers = copies.map((copy) => expectSuccess(copy));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await balance(who, 'USDT')).toMatchObject({ spot: '9900.000000', frozen: '100.000000' });
    const id = answers[0]!.id;
    const redemptions = await Promise.all(Array.from({ length: 30 }, () => redeem(who, id)));
    expect(redemptions.filter((r) => r.body.success)).toHaveLength(1);
    for (const refused of redemptions.filter((r) => !r.body.success))
      expectFailure(refused, 'FINANCE_ORDER_NOT_HOLDING', { field: 'id' });
    expect(await balance(who, 'USDT')).toMatchObject({ spot: '9998.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('decides the last of a quota once when thirty buy it at the same moment', async () => {
    const p = await product({ quota: '100', maxAmount: '100' });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => investor('USDT', '100')));
    const results = await Promise.all(buyers.map((who) => buy(who, p.id, '30')));
    const won = results.filter((r) => r.body.success);
    expect(won).toHaveLength(3);
    for (const result of results.filter((r) => !r.body.success))
      expectFailure(result, 'FINANCE_QUOTA_EXHAUSTED', { field: 'amount' });
    const row = await t.db
      .selectFrom('finance_product')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect({ sold: BigInt(row.sold_minor), orders: row.order_count }).toEqual({
      sold: 90_000_000n,
      orders: 3,
    });
    await expectBooksBalanced(t);
  });

  it('settles each order once when two settlers run at the same moment, and a later start finds nothing', async () => {
    const p = await product({ cycle: 1, cycleType: 'minute' });
    const who = await investor();
    const orders: FinanceOrder[] = [];
    for (let i = 0; i < 5; i += 1) {
      orders.push(expectSuccess(await buy(who, p.id, '100')));
      clock += 1_000;
    }
    const last = orders.at(-1)!;
    for (const order of orders) await recordTick(order.calcEndDate, '40000.00');
    const now = () => last.calcEndDate + 1_000;
    const endsNow = async () =>
      (await t.db.selectFrom('finance_order_end').select('order_id').execute()).length;
    const before = await endsNow();
    // Every order due then settles, earlier tests' held orders included: the two counts together
    // must equal the ends written, so no order was counted (or paid) by both.
    const settlers = [0, 1].map(() => new FinanceSettler({ db: t.db, money: t.money, timers: false, now }));
    const [a = 0, b = 0] = await Promise.all(settlers.map((settler) => settler.settleDue()));
    expect(a + b).toBe((await endsNow()) - before);
    const ours = await t.db
      .selectFrom('finance_order_end')
      .select('order_id')
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(ours).toHaveLength(5);
    const later = new FinanceSettler({ db: t.db, money: t.money, timers: false, now });
    await later.start();
    expect(await endsNow()).toBe(before + a + b);
    expect(await balance(who, 'BTC')).toMatchObject({ spot: expect.stringMatching(/^0\.0\d+$/) });
    await expectBooksBalanced(t);
  });

  it('waits for a due order’s tick without spinning, and settles it when the tick comes', async () => {
    const p = await product({ cycle: 1, cycleType: 'minute' });
    const who = await investor();
    clock = Date.now() - 60_000;
    const order = expectSuccess(await buy(who, p.id, '100'));
    // Every query the settler makes, counted: while the tick is missing it retries every 250 ms.
    let queries = 0;
    const db = new Proxy(t.db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === 'selectFrom') queries += 1;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const live = new FinanceSettler({ db, money: t.money });
    await live.start();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(queries).toBeLessThan(40);
    await recordTick(order.calcEndDate + 5, '1.00');
    await expect.poll(async () => (await detail(who, order.id)).state, { timeout: 3_000 }).toBe('settled');
    await live.stop();
  });

  it('keeps a sold product’s terms, closes it to new buyers, and audits each save', async () => {
    const p = await product();
    const who = await investor();
    expectSuccess(await buy(who, p.id, '100'));
    const before = (await auditRows(t)).length;
    const locked = await t.call(
      finance.adminFinanceProductSave,
      productBody({ id: p.id, rateStr: '0.5' }) as never,
      {
        token: operator.token,
      },
    );
    expectFailure(locked, 'FINANCE_TERMS_LOCKED', { field: 'rateStr' });
    const closed = expectSuccess(
      await t.call(
        finance.adminFinanceProductSave,
        productBody({ id: p.id, enabled: false, names: { en: 'BTC Buy Low (closed)' } }) as never,
        { token: operator.token },
      ),
    );
    expect(closed).toMatchObject({ enabled: false, name: 'BTC Buy Low (closed)', orderCount: 1 });
    const rows = await auditRows(t);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'finance_product.save', target_id: String(p.id) });
    expectFailure(await buy(who, p.id, '100'), 'FINANCE_PRODUCT_CLOSED', { field: 'productId' });
    expectFailure(
      await t.call(
        finance.adminFinanceProductSave,
        productBody({ maxAmount: '5', minAmount: '10' }) as never,
        {
          token: operator.token,
        },
      ),
      'FINANCE_PRODUCT_INVALID',
      { field: 'maxAmount' },
    );
  });

  it('names products in the request’s language and lists the bills', async () => {
    const p = await product();
    const who = await investor();
    const order = expectSuccess(await buy(who, p.id, '100'));
    const zh = expectSuccess(
      await t.call(finance.financeOrderDetail, { id: order.id }, { token: who.token, lang: 'zh-CN' }),
    );
    expect(zh.name).toBe('BTC 低买');
    const ja = expectSuccess(await t.call(finance.financeProductDetail, { id: p.id }, { lang: 'ja' }));
    expect(ja.name).toBe('BTC Buy Low');
    const bills = expectSuccess(
      await t.call(
        wallet.walletBills,
        { types: ['finance_buy', 'finance_redeem', 'finance_settlement'] },
        { token: who.token },
      ),
    );
    expect(bills.list.map((b) => [b.type, b.account, b.amount])).toEqual([
      ['finance_buy', 'finance_hold', '100.000000'],
      ['finance_buy', 'spot', '-100.000000'],
    ]);
  });
});
