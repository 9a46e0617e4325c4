import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type SpotOrder, type SpotTerms } from '@vela/contract';
import {
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator } from '../operators/operator-helpers.ts';

const { spot } = endpoints;

/** The console's spot terms: saved with an audit row, checked, and reaching new orders at once. */
describe('spot terms in the console', () => {
  let t: TestApp;
  let operator: { token: string; id: number };
  let btc: number;
  let clock = Math.floor(Date.now() / 1000) * 1000 + 500;

  beforeAll(async () => {
    t = await createTestApp({ spotClock: () => clock });
    operator = await signedInOperator(t, 'support');
    btc = (await vcIdOf(t, 'BTC')).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const terms = (overrides: Record<string, unknown> = {}) => ({
    vcId: btc,
    enabled: true,
    feeRate: '0.002',
    minAmount: '20',
    maxAmount: '5000',
    minQuantity: '0.001',
    maxQuantity: null,
    priceDecimals: 2,
    quantityDecimals: 3,
    ...overrides,
  });

  it('saves a coin’s terms, records the change, and new orders obey them', async () => {
    const before = (await auditRows(t)).length;
    const saved = expectSuccess(await t.call(spot.adminSpotTermsSave, terms(), { token: operator.token }));
    expect(saved).toMatchObject({ vcId: btc, feeRate: '0.002', minAmount: '20', quantityDecimals: 3 });
    const rows = await auditRows(t);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'spot_terms.save',
      operator_id: operator.id,
      target_id: String(btc),
    });
    expect(JSON.parse(rows.at(-1)?.detail ?? '{}')).toMatchObject({
      fee_rate: '0.001 -> 0.002',
      min_amount: '10 -> 20',
    });
    const listed = expectSuccess(await t.call(spot.spotTermsList, {}));
    expect(listed.find((entry: SpotTerms) => entry.vcId === btc)).toMatchObject({
      feeRate: '0.002',
      minAmount: '20',
    });

    // A buy of 15 USDT is now below the minimum; a sell of 4 decimals beyond the quantity decimals.
    // (At 5,000.00 a step of 0.001 BTC costs 5 USDT: 20 USDT buys 0.003 BTC and leaves the rest.)
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    await fund(t, (await userRow(t.db, member.username))?.id ?? 0, 'USDT', '100');
    await t.db
      .insertInto('price_tick')
      .values({
        vc_id: btc,
        time_ms: clock - 500,
        price_minor: 500_000n,
        volume_minor: 1n,
        turnover_minor: 1n,
      })
      .execute();
    const place = (body: Record<string, unknown>) =>
      t.post<SpotOrder>(
        spot.spotOrderRequest.path,
        { vcId: btc, ...body },
        { token, headers: { 'idempotency-key': idemKey() } },
      );
    expectFailure(await place({ side: 'buy', kind: 'market', amount: '15' }), 'AMOUNT_INVALID', {
      field: 'amount',
    });
    expectFailure(await place({ side: 'sell', kind: 'market', quantity: '0.0015' }), 'AMOUNT_INVALID', {
      field: 'quantity',
    });
    const order = expectSuccess(await place({ side: 'buy', kind: 'market', amount: '20' }));
    expect(order).toMatchObject({ feeRate: '0.002' });

    // Disabled: the coin leaves the public list and refuses orders; its accepted order keeps its fee.
    expectSuccess(
      await t.call(spot.adminSpotTermsSave, terms({ enabled: false }), { token: operator.token }),
    );
    expect(expectSuccess(await t.call(spot.spotTermsList, {})).some((entry) => entry.vcId === btc)).toBe(
      false,
    );
    expectFailure(await place({ side: 'buy', kind: 'market', amount: '20' }), 'SPOT_PAIR_CLOSED', {
      field: 'vcId',
    });
    const all = expectSuccess(await t.call(spot.adminSpotTermsList, {}, { token: operator.token }));
    expect(all.find((entry) => entry.vcId === btc)).toMatchObject({ enabled: false });
    clock += 1_000;
    await t.db
      .insertInto('price_tick')
      .values({ vc_id: btc, time_ms: clock, price_minor: 500_000n, volume_minor: 1n, turnover_minor: 1n })
      .execute();
    expect(await t.spot.runRound()).toBe(1);
    const page = expectSuccess(
      await t.call(
        spot.adminSpotOrders,
        { userId: (await userRow(t.db, member.username))?.id ?? 0, scope: 'history', limit: 50 },
        { token: operator.token },
      ),
    );
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      id: order.id,
      state: 'filled',
      feeRate: '0.002',
      fee: '0.030000',
      quantity: '0.00300000',
    });
    expectSuccess(
      await t.call(
        spot.adminSpotTermsSave,
        terms({
          feeRate: '0.001',
          minAmount: '10',
          maxAmount: '100000',
          minQuantity: '0.0001',
          quantityDecimals: 4,
        }),
        { token: operator.token },
      ),
    );
  });

  it('refuses terms that break a rule, naming the field, and records nothing', async () => {
    const before = (await auditRows(t)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ feeRate: '1' }, 'feeRate'],
      [{ feeRate: '0.000000001' }, 'feeRate'],
      [{ maxAmount: '10' }, 'maxAmount'],
      [{ minAmount: '0' }, 'minAmount'],
      [{ minQuantity: '0.0001' }, 'minQuantity'],
      [{ priceDecimals: 3 }, 'priceDecimals'],
      [{ quantityDecimals: 9 }, 'quantityDecimals'],
    ];
    for (const [change, field] of cases)
      expectFailure(
        await t.call(spot.adminSpotTermsSave, terms(change), { token: operator.token }),
        'SPOT_TERMS_INVALID',
        {
          field,
        },
      );
    const usdt = (await vcIdOf(t, 'USDT')).id;
    expectFailure(
      await t.call(spot.adminSpotTermsSave, terms({ vcId: usdt }), { token: operator.token }),
      'VC_NOT_FOUND',
      {
        field: 'vcId',
      },
    );
    expect(await auditRows(t)).toHaveLength(before);
  });
});
