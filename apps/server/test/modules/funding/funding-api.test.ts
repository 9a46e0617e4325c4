import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type FundingChannel, type RechargeOrder, type WithdrawOrder } from '@vela/contract';
import {
  bindGoogleWithCode,
  countRows,
  createTestApp,
  DEFAULT_FUND_PASSWORD,
  DEFAULT_PASSWORD,
  expectFailure,
  expectSuccess,
  pw,
  wrongTotp,
  type TestApp,
} from '../../helpers/test-app.ts';
import { setConfigValue } from '../../../src/modules/system/system-repository.ts';
import { newMember, newTxHash, verifiedMemberWithAddress } from './funding-helpers.ts';
import { expectBooksBalanced, idemKey } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator } from '../operators/operator-helpers.ts';

const { funding, wallet, payment } = endpoints;

describe('deposits and withdrawals', () => {
  let t: TestApp;
  let finance: { token: string; id: number };
  let support: { token: string };
  let rechargeChannels: FundingChannel[];
  let withdrawChannels: FundingChannel[];
  let png: string;

  beforeAll(async () => {
    t = await createTestApp();
    // These tests are about members without an authenticator unless they bind one; the setting
    // that demands one for every withdrawal has its own tests (operator-credits-and-settings).
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'false');
    finance = await signedInOperator(t, 'finance');
    support = await signedInOperator(t, 'support');
    png = (
      await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const member = await newUser();
    rechargeChannels = expectSuccess(await t.call(funding.rechargeChannels, {}, { token: member.token }));
    withdrawChannels = expectSuccess(await t.call(funding.withdrawChannels, {}, { token: member.token }));
  });
  afterAll(async () => {
    await t.close();
  });

  const newUser = () => newMember(t);

  /** Deposits and withdrawals answer orders; the adjustment answers its own shape (checked loosely). */
  const post = (token: string, path: string, body: unknown, key: string | null = idemKey()) =>
    t.post<RechargeOrder & WithdrawOrder>(path, body, {
      token,
      headers: key ? { 'idempotency-key': key } : {},
    });

  async function voucher(token: string): Promise<number> {
    const data = expectSuccess(
      await t.call(payment.uploadImage, { purpose: 'voucher', data: png }, { token }),
    );
    return (data as { id: number }).id;
  }

  const channelNamed = (list: FundingChannel[], name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no channel ${name}`);
    return found;
  };

  /** A crypto deposit names its transaction; a bank or fast-payment deposit names its payer. */
  async function deposit(token: string, channelName = 'USDT · TRC20', amount = '100') {
    const channel = channelNamed(rechargeChannels, channelName);
    return post(token, funding.rechargeRequest.path, {
      channelId: channel.id,
      amount,
      ...(channel.method === 'chain'
        ? { txHash: newTxHash() }
        : { payerName: 'Ana Lima', payerMobile: '+55 11 91234-5678' }),
      voucherUploadId: await voucher(token),
    });
  }

  const usdtSpot = async (token: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    return overview.currencies.find((c) => c.symbol === 'USDT');
  };

  it('lists channels with their terms', () => {
    expect(rechargeChannels.map((c) => c.method)).toEqual(expect.arrayContaining(['chain', 'bank', 'zsk']));
    const bank = channelNamed(rechargeChannels, 'Bank transfer (USD)');
    expect(bank).toMatchObject({ payCurrency: 'USD', symbol: 'USDT', feeRate: '0.005', min: '50' });
    expect(bank.accountNumber).toBeTruthy();
    expect(withdrawChannels.every((c) => c.min.length > 0)).toBe(true);
  });

  it('a deposit waits for review, then an operator credits it and the books balance', async () => {
    const member = await newUser();
    const order = expectSuccess(await deposit(member.token, 'Bank transfer (USD)', '512.00'));
    expect(order).toMatchObject({
      status: 'pending',
      payAmount: '512.00',
      fee: '2.560000',
      receiveAmount: '509.440000',
    });
    expect(order.timeline.map((s) => s.state)).toEqual(['submitted']);
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '0.000000' });

    const approved = expectSuccess(
      await t.call(
        funding.adminRechargeApprove,
        { orderId: order.id, creditedAmount: '509.44' },
        { token: finance.token },
      ),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      creditedAmount: '509.440000',
      reviewedBy: finance.id,
    });
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '509.440000' });
    const mine = expectSuccess(await t.call(funding.rechargeOrders, {}, { token: member.token }));
    expect(mine.list[0]?.timeline.map((s) => s.state)).toEqual(['submitted', 'approved']);
    const bills = expectSuccess(await t.call(wallet.walletBills, {}, { token: member.token }));
    expect(bills.list.map((b) => [b.type, b.amount])).toEqual([['deposit', '509.440000']]);
    const audit = (await auditRows(t)).filter((r) => r.action === 'deposit.approve');
    expect(audit.at(-1)).toMatchObject({ operator_id: finance.id, target_id: String(order.id) });
    await expectBooksBalanced(t);
  });

  it('a rejected deposit shows the reason and moves nothing', async () => {
    const member = await newUser();
    const order = expectSuccess(await deposit(member.token));
    const entries = await countRows(t.db, 'journal_entry');
    const rejected = expectSuccess(
      await t.call(
        funding.adminRechargeReject,
        { orderId: order.id, reason: 'Voucher unreadable' },
        { token: finance.token },
      ),
    );
    expect(rejected.timeline.at(-1)).toMatchObject({ state: 'rejected', note: 'Voucher unreadable' });
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expectFailure(
      await t.call(
        funding.adminRechargeApprove,
        { orderId: order.id, creditedAmount: '100' },
        { token: finance.token },
      ),
      'ORDER_ALREADY_REVIEWED',
    );
    await expectBooksBalanced(t);
  });

  it('two operators approving one deposit at once credit it once', async () => {
    const member = await newUser();
    const order = expectSuccess(await deposit(member.token));
    const second = await signedInOperator(t, 'finance');
    const results = await Promise.all(
      [finance.token, second.token, finance.token, second.token].map((token) =>
        t.call(funding.adminRechargeApprove, { orderId: order.id, creditedAmount: '100' }, { token }),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectFailure(r, 'ORDER_ALREADY_REVIEWED');
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '100.000000' });
    await expectBooksBalanced(t);
  });

  it('the pending queue is worked oldest first; other views are newest first', async () => {
    const member = await newUser();
    const first = expectSuccess(await deposit(member.token));
    const second = expectSuccess(await deposit(member.token));
    const queue = expectSuccess(
      await t.call(
        funding.adminRechargeList,
        { status: 'pending', userId: member.userId, limit: 1 },
        { token: finance.token },
      ),
    );
    expect(queue.list.map((o) => o.id)).toEqual([first.id]);
    const next = expectSuccess(
      await t.call(
        funding.adminRechargeList,
        { status: 'pending', userId: member.userId, limit: 1, cursor: queue.nextCursor ?? 0 },
        { token: finance.token },
      ),
    );
    expect(next.list.map((o) => o.id)).toEqual([second.id]);
    const all = expectSuccess(
      await t.call(funding.adminRechargeList, { userId: member.userId }, { token: finance.token }),
    );
    expect(all.list.map((o) => o.id)).toEqual([second.id, first.id]);
  });

  it('refuses bad deposits and changes nothing', async () => {
    const member = await newUser();
    const other = await newUser();
    const channel = channelNamed(rechargeChannels, 'USDT · TRC20');
    const base = { channelId: channel.id, amount: '100', txHash: newTxHash() };
    const orders = await countRows(t.db, 'recharge_order');
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, {
        ...base,
        voucherUploadId: await voucher(other.token),
      }),
      'UPLOAD_NOT_FOUND',
      { field: 'voucherUploadId' },
    );
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, {
        ...base,
        amount: '5',
        voucherUploadId: await voucher(member.token),
      }),
      'AMOUNT_INVALID',
      { field: 'amount' },
    );
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, {
        ...base,
        amount: '1.0000001',
        voucherUploadId: 1,
      }),
      'AMOUNT_INVALID',
      { field: 'amount' },
    );
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, {
        ...base,
        channelId: withdrawChannels[0]?.id,
        voucherUploadId: 1,
      }),
      'CHANNEL_NOT_FOUND',
      { field: 'channelId' },
    );
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, { ...base, payerName: '1', voucherUploadId: 1 }),
      'VALIDATION_FAILED',
      { field: 'payerName' },
    );
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, { ...base, voucherUploadId: 1 }, null),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    // A voucher serves one deposit only.
    const used = await voucher(member.token);
    expectSuccess(await post(member.token, funding.rechargeRequest.path, { ...base, voucherUploadId: used }));
    expectFailure(
      await post(member.token, funding.rechargeRequest.path, {
        ...base,
        txHash: newTxHash(),
        voucherUploadId: used,
      }),
      'UPLOAD_USED',
      { field: 'voucherUploadId' },
    );
    expect(await countRows(t.db, 'recharge_order')).toBe(orders + 1);
    // Users cannot review; support operators cannot either.
    expectFailure(
      await t.call(
        funding.adminRechargeApprove,
        { orderId: 1, creditedAmount: '1' },
        { token: member.token },
      ),
      'UNAUTHORIZED',
    );
    expectFailure(
      await t.call(
        funding.adminRechargeApprove,
        { orderId: 1, creditedAmount: '1' },
        { token: support.token },
      ),
      'FORBIDDEN',
    );
  });

  const verifiedUserWithAddress = (balance: string) => verifiedMemberWithAddress(t, balance);

  const withdrawBody = (addressId: number, amount: string, extra: Record<string, unknown> = {}) => ({
    channelId: channelNamed(withdrawChannels, 'USDT · TRC20').id,
    amount,
    target: 'wallet',
    targetId: addressId,
    fundPwd: pw(DEFAULT_FUND_PASSWORD),
    ...extra,
  });

  it('a withdrawal is held at request, and a rejection returns it', async () => {
    const member = await verifiedUserWithAddress('100');
    const order = expectSuccess(
      await post(member.token, funding.withdrawRequest.path, withdrawBody(member.addressId, '40')),
    );
    expect(order).toMatchObject({
      status: 'pending',
      amount: '40.000000',
      fee: '0.040000',
      payoutAmount: '39.960000',
      target: 'wallet',
    });
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '60.000000', frozen: '40.000000' });
    await expectBooksBalanced(t);
    expectSuccess(
      await t.call(
        funding.adminWithdrawReject,
        { orderId: order.id, reason: 'Address flagged' },
        { token: finance.token },
      ),
    );
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('an approved withdrawal is paid out with its reference', async () => {
    const member = await verifiedUserWithAddress('100');
    const order = expectSuccess(
      await post(member.token, funding.withdrawRequest.path, withdrawBody(member.addressId, '100')),
    );
    const paid = expectSuccess(
      await t.call(
        funding.adminWithdrawApprove,
        { orderId: order.id, payoutReference: '0xabc123' },
        { token: finance.token },
      ),
    );
    expect(paid).toMatchObject({
      status: 'approved',
      payoutReference: '0xabc123',
      targetDetail: { address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
    });
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '0.000000', frozen: '0.000000' });
    const bills = expectSuccess(await t.call(wallet.walletBills, {}, { token: member.token }));
    expect(bills.list[0]).toMatchObject({ type: 'withdrawal_hold', amount: '-100.000000' });
    await expectBooksBalanced(t);
  });

  it('of 30 identical withdrawals against a balance that covers one, exactly one is accepted', async () => {
    const member = await verifiedUserWithAddress('50');
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(member.token, funding.withdrawRequest.path, withdrawBody(member.addressId, '50')),
      ),
    );
    const ok = results.filter((r) => r.body.success);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectFailure(r, 'INSUFFICIENT_BALANCE');
    expect(await countRows(t.db, 'withdraw_order')).toBeGreaterThan(0);
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '0.000000', frozen: '50.000000' });
    await expectBooksBalanced(t);
  });

  it('enforces the daily withdrawal count under concurrency, and a retry still replays its answer', async () => {
    const member = await verifiedUserWithAddress('1000');
    const keys = Array.from({ length: 12 }, () => idemKey());
    const results = await Promise.all(
      keys.map((key) =>
        post(member.token, funding.withdrawRequest.path, withdrawBody(member.addressId, '10'), key),
      ),
    );
    const accepted = results.filter((r) => r.body.success);
    // The seeded WITHDRAW dailyCountLimit is 5.
    expect(accepted).toHaveLength(5);
    for (const r of results.filter((x) => !x.body.success)) {
      expectFailure(r, 'WITHDRAW_DAILY_LIMIT');
      expect(r.body.message).toContain('5');
    }
    const firstAccepted = results.findIndex((r) => r.body.success);
    const replay = await post(
      member.token,
      funding.withdrawRequest.path,
      withdrawBody(member.addressId, '10'),
      keys[firstAccepted],
    );
    expect(expectSuccess(replay).id).toBe(expectSuccess(results[firstAccepted]!).id);
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '950.000000', frozen: '50.000000' });
    await expectBooksBalanced(t);
  });

  it('asks a member with an authenticator for its code and refuses a wrong or replayed one', async () => {
    const member = await verifiedUserWithAddress('100');
    const { secret, code: usedCode } = await bindGoogleWithCode(t, member.token, DEFAULT_PASSWORD);
    const entries = await countRows(t.db, 'journal_entry');
    const request = (extra: Record<string, unknown>) =>
      post(member.token, funding.withdrawRequest.path, withdrawBody(member.addressId, '10', extra));
    expectFailure(await request({}), 'GOOGLE_CODE_REQUIRED', { field: 'googleCode' });
    expectFailure(await request({ googleCode: await wrongTotp(secret) }), 'GOOGLE_CODE_INVALID', {
      field: 'googleCode',
    });
    expectFailure(await request({ googleCode: usedCode }), 'GOOGLE_CODE_REPLAYED', { field: 'googleCode' });
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    for (const amount of ['NaN', 'Infinity', '-Infinity', '1e3', '0x10', '9007199254740993', ' ', '']) {
      const result = await request({ amount });
      expect(result.body.success, amount).toBe(false);
      expect(result.body.data, amount).toMatchObject({ field: 'amount' });
    }
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
  });

  it('gates withdrawals: fund password, real name, a correct method, the amount', async () => {
    const member = await verifiedUserWithAddress('100');
    const other = await verifiedUserWithAddress('100');
    const entries = await countRows(t.db, 'journal_entry');
    const request = (body: unknown) => post(member.token, funding.withdrawRequest.path, body);
    expectFailure(
      await request(withdrawBody(member.addressId, '10', { fundPwd: pw('Wrong#123') })),
      'FUND_PASSWORD_WRONG',
      { field: 'fundPwd' },
    );
    expectFailure(await request(withdrawBody(other.addressId, '10')), 'PAYMENT_METHOD_NOT_FOUND', {
      field: 'targetId',
    });
    expectFailure(
      await request(withdrawBody(member.addressId, '10', { target: 'bank' })),
      'VALIDATION_FAILED',
      { field: 'targetId' },
    );
    expectFailure(await request(withdrawBody(member.addressId, '9.99')), 'AMOUNT_INVALID', {
      field: 'amount',
    });
    expectFailure(await request(withdrawBody(member.addressId, '50001')), 'AMOUNT_INVALID', {
      field: 'amount',
    });
    expectFailure(await request(withdrawBody(member.addressId, '-10')), 'VALIDATION_FAILED', {
      field: 'amount',
    });
    expectFailure(await request(withdrawBody(member.addressId, '10.1234567')), 'AMOUNT_INVALID', {
      field: 'amount',
    });
    expectFailure(await request(withdrawBody(member.addressId, '1e2')), 'VALIDATION_FAILED', {
      field: 'amount',
    });
    expectFailure(await request(withdrawBody(member.addressId, '200')), 'INSUFFICIENT_BALANCE');
    await t.db
      .updateTable('users')
      .set({ real_name_status: 'PENDING' })
      .where('id', '=', member.userId)
      .execute();
    expectFailure(await request(withdrawBody(member.addressId, '10')), 'REAL_NAME_REQUIRED');
    await t.db.updateTable('users').set({ fund_pwd_hash: null }).where('id', '=', member.userId).execute();
    expectFailure(await request(withdrawBody(member.addressId, '10')), 'FUND_PASSWORD_NOT_SET');
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    expect(await usdtSpot(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
  });

  it('an operator adjustment needs a reason, is audited and cannot take a user below zero', async () => {
    const admin = await signedInOperator(t, 'administrator');
    const member = await newUser();
    const usdtId = rechargeChannels[0]?.vcId ?? 0;
    const adjust = (amount: string, token = admin.token) =>
      post(token, funding.adminBalanceAdjust.path, {
        userId: member.userId,
        vcId: usdtId,
        amount,
        reason: 'Goodwill credit for outage',
      });
    expect(expectSuccess(await adjust('12.5'))).toMatchObject({ balanceAfter: '12.500000' });
    expectFailure(await adjust('-13'), 'INSUFFICIENT_BALANCE');
    expect(expectSuccess(await adjust('-2.5'))).toMatchObject({ balanceAfter: '10.000000' });
    expectFailure(await adjust('1', finance.token), 'FORBIDDEN');
    const rows = (await auditRows(t)).filter((r) => r.action === 'balance.adjust');
    expect(rows.slice(-2).map((r) => r.reason)).toEqual([
      'Goodwill credit for outage',
      'Goodwill credit for outage',
    ]);
    await expectBooksBalanced(t);
  });
});
