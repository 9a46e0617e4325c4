import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpoints, type Endpoint } from '@vela/contract';
import {
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  type TestApp,
} from '../../helpers/test-app.ts';
import { signedInOperator, type TestOperator } from './operator-helpers.ts';

const { admin, contractTrade, finance: pledges, funding, payment, spot, team, user } = endpoints;

/**
 * `auth: 'operator'` endpoints: an operator session of an allowed role, never a user's session; and
 * an operator's token is no user token either.
 */
describe('operator endpoints: sessions and roles', () => {
  let t: TestApp;
  let administrator: TestOperator & { token: string };
  let finance: TestOperator & { token: string };
  let support: TestOperator & { token: string };
  let userToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    [administrator, finance, support] = await Promise.all([
      signedInOperator(t, 'administrator'),
      signedInOperator(t, 'finance'),
      signedInOperator(t, 'support'),
    ]);
    userToken = await login(t, DEMO.user.username, DEMO.user.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const operatorEndpoints = () => allEndpoints().filter((e) => e.auth === 'operator');

  /** A body that passes validation, so that only the session decides the answer. */
  /** Valid bodies of the review queues' endpoints, so the refusal comes from the session check. */
  const FUNDING_SAMPLES = new Map<string, unknown>([
    [funding.adminRechargeList.path, {}],
    [funding.adminRechargeVoucher.path, { orderId: 999_999 }],
    [funding.adminRechargeApprove.path, { orderId: 999_999, creditedAmount: '1' }],
    [funding.adminRechargeReject.path, { orderId: 999_999, reason: 'test' }],
    [funding.adminWithdrawApprove.path, { orderId: 999_999, payoutReference: 'ref' }],
    [funding.adminWithdrawReject.path, { orderId: 999_999, reason: 'test' }],
    [funding.adminBalanceAdjust.path, { userId: 999_999, vcId: 1, amount: '0.01', reason: 'access test' }],
  ]);
  /** Valid bodies of the real-name reviews and payment-method support (some are no plain id + reason). */
  const PAYMENT_SAMPLES = new Map<string, unknown>([
    [payment.adminRealNameList.path, { status: 'PENDING' }],
    [payment.adminRealNameImage.path, { id: 999_999, side: 'front' }],
    [payment.adminRealNameApprove.path, { id: 999_999 }],
    [payment.adminRealNameReject.path, { id: 999_999, reason: 'test' }],
    [payment.adminMethodList.path, { userId: 999_999 }],
    [
      payment.adminMethodUpdate.path,
      { kind: 'ZSK_ACCOUNT', id: 999_999, changes: { name: 'Test' }, reason: 'test' },
    ],
    [payment.adminMethodRemove.path, { kind: 'BANK_CARD', id: 999_999, reason: 'test' }],
  ]);

  /** Valid bodies of the spot console's endpoints. */
  const SPOT_SAMPLES = new Map<string, unknown>([
    [
      spot.adminSpotTermsSave.path,
      {
        vcId: 2,
        enabled: true,
        feeRate: '0.001',
        minAmount: '10',
        maxAmount: null,
        minQuantity: '0.0001',
        maxQuantity: null,
        priceDecimals: 2,
        quantityDecimals: 4,
      },
    ],
    [spot.adminSpotOrders.path, { userId: 999_999, scope: 'open' }],
    [
      contractTrade.adminContractTermsSave.path,
      {
        vcId: 2,
        enabled: true,
        leverages: [5, 10],
        openFeeRate: '0.0005',
        closeFeeRate: '0.0005',
        minQuantity: '0.0001',
        maxQuantity: null,
        priceDecimals: 2,
        quantityDecimals: 4,
      },
    ],
    [contractTrade.adminContractLevelsSave.path, { adjustmentRatio: '0.1' }],
    [
      pledges.adminFinanceProductSave.path,
      {
        vcId: 2,
        names: { en: 'Test' },
        remarks: {},
        rateStr: '0.1',
        buyType: 'usdt',
        cycle: 7,
        cycleType: 'day',
        exchangeRate: '50000',
        serviceRateStr: '0.01',
        minAmount: '10',
        maxAmount: null,
        quota: '1000',
        enabled: true,
        sort: 0,
      },
    ],
    [pledges.adminFinanceOrders.path, { scope: 'holding' }],
  ]);

  /** Valid bodies of the agent tree's changes and the platform report. */
  const TEAM_SAMPLES = new Map<string, unknown>([
    [
      team.adminTeamMemberSave.path,
      { userId: 999_999, userType: 1, pointPercentTiming: '0', pointPercentContract: '0', reason: 'test' },
    ],
    [team.adminTeamMove.path, { userId: 999_999, agentId: 999_998, reason: 'test' }],
    [team.adminReportDays.path, { from: '2026-01-01', to: '2026-01-02' }],
  ]);

  function validBody(endpoint: Endpoint): unknown {
    const teamSample = TEAM_SAMPLES.get(endpoint.path);
    if (teamSample) return teamSample;
    const spotSample = SPOT_SAMPLES.get(endpoint.path);
    if (spotSample) return spotSample;
    const paymentSample = PAYMENT_SAMPLES.get(endpoint.path);
    if (paymentSample) return paymentSample;
    if (endpoint === admin.operatorCreate)
      return { username: 'nobody', password: 'a'.repeat(64), role: 'support' };
    if ('operatorId' in (endpoint.body as { shape?: object }).shape!)
      return { operatorId: 999_999, reason: 'test' };
    if (endpoint === admin.adminUserDetail) return { userId: 1 };
    const sample = FUNDING_SAMPLES.get(endpoint.path);
    if (sample) return sample;
    return {};
  }

  it('keeps operator endpoints under /admin/, and every /admin/ endpoint but login for operators', () => {
    for (const endpoint of allEndpoints()) {
      if (endpoint.auth === 'operator') expect(endpoint.path.startsWith('/admin/'), endpoint.path).toBe(true);
      if (endpoint.path.startsWith('/admin/')) {
        expect(endpoint.auth, endpoint.path).toBe(endpoint === admin.operatorLogin ? 'none' : 'operator');
      }
    }
  });

  it('answers UNAUTHORIZED with forceLogout to a user token, and to no token, on every operator endpoint', async () => {
    for (const endpoint of operatorEndpoints()) {
      const withUserToken = await t.post(endpoint.path, validBody(endpoint), {
        token: userToken,
        lang: 'tr',
      });
      expectFailure(withUserToken, 'UNAUTHORIZED', { forceLogout: true });
      await expectLocalized(withUserToken.body.message, 'tr', 'error.UNAUTHORIZED');
      expectFailure(await t.post(endpoint.path, validBody(endpoint)), 'UNAUTHORIZED', { forceLogout: true });
      expectFailure(
        await t.post(endpoint.path, validBody(endpoint), { token: 'op_forged' }),
        'SESSION_EXPIRED',
      );
    }
    // The user's session itself is untouched.
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: userToken }));
  });

  it('never accepts an operator token as a user session', async () => {
    const result = await t.call(user.getLoginInfo, {}, { token: administrator.token });
    expectFailure(result, 'SESSION_EXPIRED', { forceLogout: true });
    expectSuccess(await t.call(admin.operatorMe, {}, { token: administrator.token }));
  });

  it('answers FORBIDDEN to an operator of another role, and runs nothing', async () => {
    const administratorOnly = operatorEndpoints().filter(
      (e) => e.roles?.includes('administrator') && e.roles.length === 1,
    );
    expect(administratorOnly.map((e) => e.path).sort()).toEqual(
      [
        admin.operatorList.path,
        admin.operatorCreate.path,
        admin.operatorDisable.path,
        admin.operatorEnable.path,
        admin.operatorResetTotp.path,
        funding.adminBalanceAdjust.path,
        team.adminTeamMove.path,
      ].sort(),
    );
    for (const endpoint of administratorOnly) {
      for (const operator of [finance, support]) {
        const result = await t.post(endpoint.path, validBody(endpoint), {
          token: operator.token,
          lang: 'ar',
        });
        expectFailure(result, 'FORBIDDEN');
        await expectLocalized(result.body.message, 'ar', 'error.FORBIDDEN');
        expect(result.body.forceLogout).toBeUndefined();
      }
    }
    expect(
      await t.db.selectFrom('operators').select('id').where('username_key', '=', 'nobody').execute(),
    ).toEqual([]);
    // The administrator passes the same gate.
    expect(
      expectSuccess(await t.call(admin.operatorList, {}, { token: administrator.token })).length,
    ).toBeGreaterThan(3);
  });

  it('lets every role read the audit log and the users', async () => {
    for (const operator of [administrator, finance, support]) {
      expectSuccess(await t.call(admin.auditPage, {}, { token: operator.token }));
      expectSuccess(await t.call(admin.adminUserSearch, {}, { token: operator.token }));
      expect(expectSuccess(await t.call(admin.operatorMe, {}, { token: operator.token })).role).toBe(
        operator.role,
      );
    }
  });

  it('shuts out a disabled operator at the next request', async () => {
    const operator = await signedInOperator(t, 'support');
    await t.db.updateTable('operators').set({ status: 0 }).where('id', '=', operator.id).execute();
    expectFailure(await t.call(admin.operatorMe, {}, { token: operator.token }), 'SESSION_EXPIRED', {
      forceLogout: true,
    });
  });

  it('publishes operator endpoints in OpenAPI with the operator session scheme and their roles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = JSON.parse(response.body) as {
      paths: Record<string, { post?: { security?: unknown; description?: string } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.operatorSession).toMatchObject({
      in: 'header',
      name: 'Authorization',
    });
    for (const endpoint of operatorEndpoints()) {
      const operation = doc.paths[`/api${endpoint.path}`]?.post;
      expect(operation?.security, endpoint.path).toEqual([{ operatorSession: [] }]);
      expect(operation?.description, endpoint.path).toBe(
        `Operator roles: ${endpoint.roles?.join(', ') ?? 'any'}.`,
      );
    }
    expect(doc.paths[`/api${admin.operatorLogin.path}`]?.post?.security).toBeUndefined();
  });
});
