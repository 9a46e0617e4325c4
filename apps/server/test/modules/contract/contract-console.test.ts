import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { vcIdOf } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator } from '../operators/operator-helpers.ts';

const { contractTrade: api } = endpoints;

/** The console's contract terms and risk levels: checked, saved with an audit row, seen by users at once. */
describe('contracts in the console', () => {
  let t: TestApp;
  let operator: { token: string; id: number };
  let btc: number;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInOperator(t, 'support');
    btc = (await vcIdOf(t, 'BTC')).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const terms = (overrides: Record<string, unknown> = {}) => ({
    vcId: btc,
    enabled: true,
    leverages: [20, 5, 5, 10],
    openFeeRate: '0.0004',
    closeFeeRate: '0.0006',
    minQuantity: '0.001',
    maxQuantity: '10',
    priceDecimals: 2,
    quantityDecimals: 3,
    ...overrides,
  });

  it("saves a coin's terms with the leverages ascending and once each, audited with what changed", async () => {
    const before = (await auditRows(t)).length;
    const saved = expectSuccess(await t.call(api.adminContractTermsSave, terms(), { token: operator.token }));
    expect(saved).toMatchObject({ leverages: [5, 10, 20], openFeeRate: '0.0004', maxQuantity: '10' });
    const rows = await auditRows(t);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'contract_terms.save',
      target_type: 'vc',
      target_id: String(btc),
    });
    expect(JSON.parse(String(rows.at(-1)?.detail))).toMatchObject({ leverages: '5,10,20,50,100 -> 5,10,20' });
    const listed = expectSuccess(await t.call(api.contractTermsList, {}));
    expect(listed.list.find((x) => x.vcId === btc)?.leverages).toEqual([5, 10, 20]);
  });

  it('refuses a zero minimum, a maximum below it and a fee rate of one, and changes nothing', async () => {
    const before = (await auditRows(t)).length;
    for (const [overrides, field] of [
      [{ minQuantity: '0' }, 'minQuantity'],
      [{ maxQuantity: '0.0001' }, 'maxQuantity'],
      [{ maxQuantity: '0.0005' }, 'maxQuantity'],
      [{ closeFeeRate: '1' }, 'closeFeeRate'],
    ] as const) {
      const answer = await t.call(api.adminContractTermsSave, terms(overrides), { token: operator.token });
      expectFailure(answer, 'CONTRACT_TERMS_INVALID', { field });
    }
    expect(await auditRows(t)).toHaveLength(before);
  });

  it('moves the forced-close level with the adjustment ratio, and refuses a ratio of one', async () => {
    const levels = expectSuccess(
      await t.call(api.adminContractLevelsSave, { adjustmentRatio: '0.15' }, { token: operator.token }),
    );
    expect(levels).toEqual({ adjustmentRatio: '0.1500', forcedCloseLevel: '0.8500', cautionLevel: '0.5000' });
    expect(expectSuccess(await t.call(api.contractTermsList, {})).levels.forcedCloseLevel).toBe('0.8500');
    expectFailure(
      await t.call(api.adminContractLevelsSave, { adjustmentRatio: '1' }, { token: operator.token }),
      'CONTRACT_TERMS_INVALID',
      { field: 'adjustmentRatio' },
    );
    expect((await auditRows(t)).at(-1)).toMatchObject({ action: 'contract_levels.save' });
  });
});
