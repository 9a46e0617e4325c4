import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type RechargeOrder } from '@vela/contract';
import { getConfigValue, setConfigValue } from '../../../src/modules/system/system-repository.ts';
import { currentTotp } from '../../../src/modules/users/totp.ts';
import {
  bindGoogleWithCode,
  countRows,
  createTestApp,
  DEFAULT_FUND_PASSWORD,
  DEFAULT_PASSWORD,
  expectFailure,
  expectLocalized,
  expectSuccess,
  pw,
  wrongTotp,
  type TestApp,
} from '../../helpers/test-app.ts';
import { newMember, newTxHash, verifiedMemberWithAddress } from './funding-helpers.ts';
import { expectBooksBalanced, fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator } from '../operators/operator-helpers.ts';

const { funding, payment, wallet } = endpoints;

/**
 * What an operator may credit for a deposit, and the published settings that bind requests:
 * WITHDRAW `requireGoogleCode` and GLOBAL `amountMaxPrecision` (decision 037).
 */
describe('operator credits and enforced settings', () => {
  let t: TestApp;
  let finance: { token: string; id: number };
  let admin: { token: string; id: number };
  let png: string;

  beforeAll(async () => {
    t = await createTestApp();
    finance = await signedInOperator(t, 'finance');
    admin = await signedInOperator(t, 'administrator');
    png = (
      await sharp({ create: { width: 120, height: 90, channels: 3, background: '#37a' } })
        .png()
        .toBuffer()
    ).toString('base64');
  });
  afterAll(async () => {
    await t.close();
  });

  const newUser = () => newMember(t);

  const post = <T>(token: string, path: string, body: unknown) =>
    t.post<T>(path, body, { token, headers: { 'idempotency-key': idemKey() } });

  async function channelId(kind: 'recharge' | 'withdraw', token: string, name: string): Promise<number> {
    const list = expectSuccess(
      await t.call(kind === 'recharge' ? funding.rechargeChannels : funding.withdrawChannels, {}, { token }),
    );
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no ${kind} channel ${name}`);
    return found.id;
  }

  async function deposit(
    token: string,
    amount: string,
    channelName = 'USDT · TRC20',
  ): Promise<RechargeOrder> {
    const upload = expectSuccess(
      await t.call(payment.uploadImage, { purpose: 'voucher', data: png }, { token }),
    );
    return expectSuccess(
      await post<RechargeOrder>(token, funding.rechargeRequest.path, {
        channelId: await channelId('recharge', token, channelName),
        amount,
        // The hash for a crypto channel, the payer for a bank one: each channel keeps its own.
        txHash: newTxHash(),
        payerName: 'Ana Lima',
        payerMobile: '+5511912345678',
        voucherUploadId: (upload as { id: number }).id,
      }),
    );
  }

  const approve = (token: string, body: Record<string, unknown>) =>
    t.post<RechargeOrder>(funding.adminRechargeApprove.path, body, { token });

  const usdtSpot = async (token: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    return overview.currencies.find((c) => c.symbol === 'USDT')?.spot;
  };

  const orderStatus = async (id: number) =>
    (await t.db.selectFrom('recharge_order').select('status').where('id', '=', id).executeTakeFirst())
      ?.status;

  // ---- deposit credits ------------------------------------------------------------------------

  it('refuses a finance operator crediting 1,000,000 for a 10 USDT deposit, and nothing changes', async () => {
    expect(await getConfigValue(t.db, 'RECHARGE', 'creditTolerancePercent')).toBe('1');
    const member = await newUser();
    const order = await deposit(member.token, '10');
    const entries = await countRows(t.db, 'journal_entry');
    const audits = await countRows(t.db, 'audit_log');

    // Without a reason, then with one: a finance operator may not go that far from the quote.
    expectFailure(
      await approve(finance.token, { orderId: order.id, creditedAmount: '1000000' }),
      'VALIDATION_FAILED',
      {
        field: 'reason',
      },
    );
    const refused = await approve(finance.token, {
      orderId: order.id,
      creditedAmount: '1000000',
      reason: 'The payer sent more than quoted',
    });
    expectFailure(refused, 'CREDIT_NEEDS_ADMINISTRATOR', { field: 'creditedAmount' });
    expect(refused.body.data).toMatchObject({ maxDifference: '0.100000' });
    await expectLocalized(refused.body.message, 'en', 'error.CREDIT_NEEDS_ADMINISTRATOR', { percent: '1' });

    expect(await orderStatus(order.id)).toBe('pending');
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await countRows(t.db, 'audit_log')).toBe(audits);
    expect(await usdtSpot(member.token)).toBe('0.000000');
  });

  it('asks for a reason of at least 5 characters when the amount differs from the quote', async () => {
    const member = await newUser();
    const order = await deposit(member.token, '10');
    for (const reason of [undefined, 'x', '    ']) {
      const result = await approve(finance.token, {
        orderId: order.id,
        creditedAmount: '9.95',
        ...(reason === undefined ? {} : { reason }),
      });
      expectFailure(result, 'VALIDATION_FAILED', { field: 'reason' });
      // Left out, the server refuses it with its own rule; too short, the request's schema does,
      // naming the minimum.
      if (reason === undefined) await expectLocalized(result.body.message, 'en', 'validation.creditReason');
      else expect(result.body.message).toMatch(/\b5\b/);
    }
    expect(await orderStatus(order.id)).toBe('pending');
  });

  it('credits within the tolerance with a reason, and the audit log shows the quote beside it', async () => {
    const member = await newUser();
    const order = await deposit(member.token, '10');
    const approved = expectSuccess(
      await approve(finance.token, {
        orderId: order.id,
        creditedAmount: '9.9',
        reason: 'Arrived 0.1 short',
      }),
    );
    expect(approved).toMatchObject({ status: 'approved', creditedAmount: '9.900000' });
    expect(await usdtSpot(member.token)).toBe('9.900000');
    const row = (await auditRows(t)).filter((r) => r.action === 'deposit.approve').at(-1);
    expect(row).toMatchObject({
      operator_id: finance.id,
      target_id: String(order.id),
      reason: 'Arrived 0.1 short',
    });
    expect(JSON.parse(row?.detail ?? '{}')).toMatchObject({
      quoted: '10.000000',
      credited: '9.900000',
      tolerancePercent: '1',
    });
    await expectBooksBalanced(t);
  });

  it('lets an administrator credit beyond the tolerance, with a reason', async () => {
    const member = await newUser();
    const order = await deposit(member.token, '10');
    expectFailure(
      await approve(admin.token, { orderId: order.id, creditedAmount: '12' }),
      'VALIDATION_FAILED',
      {
        field: 'reason',
      },
    );
    expectSuccess(
      await approve(admin.token, {
        orderId: order.id,
        creditedAmount: '12',
        reason: 'Second transfer of 2 USDT for the same order',
      }),
    );
    expect(await usdtSpot(member.token)).toBe('12.000000');
    const row = (await auditRows(t)).filter((r) => r.action === 'deposit.approve').at(-1);
    expect(row).toMatchObject({
      operator_id: admin.id,
      reason: 'Second transfer of 2 USDT for the same order',
    });
    expect(JSON.parse(row?.detail ?? '{}')).toMatchObject({ quoted: '10.000000', credited: '12.000000' });
    await expectBooksBalanced(t);
  });

  it('credits the quote without a reason, named or left out, even when it has more decimals than typed amounts may', async () => {
    const member = await newUser();
    const omitted = await deposit(member.token, '10');
    expectSuccess(await approve(finance.token, { orderId: omitted.id }));
    // 51.23 USD less 0.5 % is quoted 50.97385 USDT: five decimals, more than the platform's four.
    const bank = await deposit(member.token, '51.23', 'Bank transfer (USD)');
    expect(bank.receiveAmount).toBe('50.973850');
    expectSuccess(await approve(finance.token, { orderId: bank.id, creditedAmount: '50.97385' }));
    expect(await usdtSpot(member.token)).toBe('60.973850');
    const rows = (await auditRows(t)).filter((r) => r.action === 'deposit.approve').slice(-2);
    expect(rows.map((r) => r.reason)).toEqual([null, null]);
    expect(rows.map((r) => JSON.parse(r.detail ?? '{}') as Record<string, string>)).toMatchObject([
      { quoted: '10.000000', credited: '10.000000' },
      { quoted: '50.973850', credited: '50.973850' },
    ]);
  });

  // ---- WITHDRAW requireGoogleCode --------------------------------------------------------------

  const verifiedUserWithAddress = (balance: string) => verifiedMemberWithAddress(t, balance);

  async function withdraw(member: { token: string; addressId: number }, extra: Record<string, unknown> = {}) {
    return post(member.token, funding.withdrawRequest.path, {
      channelId: await channelId('withdraw', member.token, 'USDT · TRC20'),
      amount: '10',
      target: 'wallet',
      targetId: member.addressId,
      fundPwd: pw(DEFAULT_FUND_PASSWORD),
      ...extra,
    });
  }

  it('with requireGoogleCode on, refuses a member without an authenticator and holds nothing', async () => {
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'true');
    const member = await verifiedUserWithAddress('100');
    const entries = await countRows(t.db, 'journal_entry');
    const orders = await countRows(t.db, 'withdraw_order');
    const refused = await withdraw(member);
    expectFailure(refused, 'GOOGLE_NOT_BOUND');
    await expectLocalized(refused.body.message, 'en', 'error.GOOGLE_NOT_BOUND');
    // A code sent without an authenticator changes nothing either.
    expectFailure(await withdraw(member, { googleCode: '123456' }), 'GOOGLE_NOT_BOUND');
    // The fund password is still checked first, so the refusal tells a stranger nothing.
    expectFailure(await withdraw(member, { fundPwd: pw('Wrong#1234') }), 'FUND_PASSWORD_WRONG');
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await countRows(t.db, 'withdraw_order')).toBe(orders);
    expect(await usdtSpot(member.token)).toBe('100.000000');
  });

  it('with requireGoogleCode on, a bound member needs a right code', async () => {
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'true');
    const member = await verifiedUserWithAddress('100');
    const { secret } = await bindGoogleWithCode(t, member.token, DEFAULT_PASSWORD);
    expectFailure(await withdraw(member), 'GOOGLE_CODE_REQUIRED', { field: 'googleCode' });
    expectFailure(await withdraw(member, { googleCode: await wrongTotp(secret) }), 'GOOGLE_CODE_INVALID', {
      field: 'googleCode',
    });
    expect(await usdtSpot(member.token)).toBe('100.000000');
    // The binding claimed this time step; the next one's code is within the accepted drift.
    const code = await currentTotp(secret, Date.now() + 30_000);
    expect(expectSuccess(await withdraw(member, { googleCode: code }))).toMatchObject({ status: 'pending' });
    expect(await usdtSpot(member.token)).toBe('90.000000');
  });

  it('with requireGoogleCode off, a member without an authenticator withdraws as before', async () => {
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'false');
    const member = await verifiedUserWithAddress('100');
    expect(expectSuccess(await withdraw(member))).toMatchObject({ status: 'pending' });
    expect(await usdtSpot(member.token)).toBe('90.000000');
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'true');
  });

  // ---- GLOBAL amountMaxPrecision -------------------------------------------------------------

  const transfer = (token: string, vcId: number, amount: string, lang = 'en') =>
    t.post(
      wallet.walletTransfer.path,
      { vcId, from: 'spot', to: 'contract', amount },
      { token, lang, headers: { 'idempotency-key': idemKey() } },
    );

  it('refuses a 0.000001 transfer with amountMaxPrecision at 4, and nothing changes', async () => {
    expect(await getConfigValue(t.db, 'GLOBAL', 'amountMaxPrecision')).toBe('4');
    const usdt = await vcIdOf(t, 'USDT');
    const member = await newUser();
    await fund(t, member.userId, 'USDT', '10');
    const entries = await countRows(t.db, 'journal_entry');
    const transfers = await countRows(t.db, 'wallet_transfer');
    const refused = await transfer(member.token, usdt.id, '0.000001', 'ja');
    expectFailure(refused, 'AMOUNT_INVALID', { field: 'amount' });
    await expectLocalized(refused.body.message, 'ja', 'validation.amountPrecision', { decimals: 4 });
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await countRows(t.db, 'wallet_transfer')).toBe(transfers);
    expect(await usdtSpot(member.token)).toBe('10.000000');
    // Four decimals pass.
    expectSuccess(await transfer(member.token, usdt.id, '0.0001'));
    expect(await usdtSpot(member.token)).toBe('9.999900');
  });

  it('holds every amount a request carries to the setting, and to the coin where the coin is stricter', async () => {
    const usdt = await vcIdOf(t, 'USDT');
    const member = await verifiedUserWithAddress('100');
    try {
      await setConfigValue(t.db, 'GLOBAL', 'amountMaxPrecision', '2');
      const precision = { field: 'amount' };
      expectFailure(await transfer(member.token, usdt.id, '1.001'), 'AMOUNT_INVALID', precision);
      expectFailure(await withdraw(member, { amount: '10.001' }), 'AMOUNT_INVALID', precision);
      const upload = expectSuccess(
        await t.call(payment.uploadImage, { purpose: 'voucher', data: png }, { token: member.token }),
      );
      expectFailure(
        await post(member.token, funding.rechargeRequest.path, {
          channelId: await channelId('recharge', member.token, 'USDT · TRC20'),
          amount: '100.001',
          txHash: newTxHash(),
          voucherUploadId: (upload as { id: number }).id,
        }),
        'AMOUNT_INVALID',
        precision,
      );
      expectFailure(
        await post(admin.token, funding.adminBalanceAdjust.path, {
          userId: member.userId,
          vcId: usdt.id,
          amount: '-0.001',
          reason: 'Rounding correction',
        }),
        'AMOUNT_INVALID',
        precision,
      );
      const order = await deposit(member.token, '10');
      expectFailure(
        await approve(finance.token, { orderId: order.id, creditedAmount: '9.999', reason: 'Arrived short' }),
        'AMOUNT_INVALID',
        { field: 'creditedAmount' },
      );
      // A setting above the coin's scale leaves the coin's scale as the rule, and the message says so.
      await setConfigValue(t.db, 'GLOBAL', 'amountMaxPrecision', '8');
      const tooFine = await transfer(member.token, usdt.id, '0.0000001');
      expectFailure(tooFine, 'AMOUNT_INVALID', precision);
      await expectLocalized(tooFine.body.message, 'en', 'validation.amountPrecision', { decimals: 6 });
      expect(await usdtSpot(member.token)).toBe('100.000000');
    } finally {
      await setConfigValue(t.db, 'GLOBAL', 'amountMaxPrecision', '4');
    }
  });
});
