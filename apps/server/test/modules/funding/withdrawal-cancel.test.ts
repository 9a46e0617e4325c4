import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type FundingChannel, type WithdrawOrder } from '@vela/contract';
import { setConfigValue } from '../../../src/modules/system/system-repository.ts';
import {
  countRows,
  createTestApp,
  DEFAULT_FUND_PASSWORD,
  expectFailure,
  expectSuccess,
  pw,
  type TestApp,
} from '../../helpers/test-app.ts';
import { expectBooksBalanced, idemKey } from '../ledger/ledger-helpers.ts';
import { signedInOperator } from '../operators/operator-helpers.ts';
import { newMember, verifiedMemberWithAddress } from './funding-helpers.ts';

const { funding, wallet } = endpoints;

/**
 * A user cancels their own pending withdrawal: the hold returns through the ledger in the
 * transaction that marks it cancelled, once, however many cancellations or reviews race for it.
 */
describe('cancelling a pending withdrawal', () => {
  let t: TestApp;
  let finance: { token: string };
  let channel: FundingChannel;

  beforeAll(async () => {
    t = await createTestApp();
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'false');
    finance = await signedInOperator(t, 'finance');
    const member = await newMember(t);
    const channels = expectSuccess(await t.call(funding.withdrawChannels, {}, { token: member.token }));
    const trc20 = channels.find((c) => c.name === 'USDT · TRC20');
    if (!trc20) throw new Error('no USDT · TRC20 withdrawal channel');
    channel = trc20;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (token: string, path: string, body: unknown, key = idemKey()) =>
    t.post<WithdrawOrder>(path, body, { token, headers: { 'idempotency-key': key } });

  async function pendingWithdrawal(balance: string, amount: string) {
    const member = await verifiedMemberWithAddress(t, balance);
    const order = expectSuccess(
      await post(member.token, funding.withdrawRequest.path, {
        channelId: channel.id,
        amount,
        target: 'wallet',
        targetId: member.addressId,
        fundPwd: pw(DEFAULT_FUND_PASSWORD),
      }),
    );
    return { member, order };
  }

  const cancel = (token: string, orderId: number, key = idemKey()) =>
    post(token, funding.withdrawCancel.path, { orderId }, key);

  const usdt = async (token: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    return overview.currencies.find((c) => c.symbol === 'USDT');
  };

  it('releases the hold, and the bills show the amount held and returned', async () => {
    const { member, order } = await pendingWithdrawal('100', '40');
    expect(await usdt(member.token)).toMatchObject({ spot: '60.000000', frozen: '40.000000' });

    const cancelled = expectSuccess(await cancel(member.token, order.id));
    expect(cancelled).toMatchObject({ id: order.id, status: 'cancelled' });
    expect(cancelled.timeline.map((s) => s.state)).toEqual(['submitted', 'cancelled']);
    expect(await usdt(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });

    const bills = expectSuccess(await t.call(wallet.walletBills, {}, { token: member.token }));
    expect(bills.list.map((b) => [b.type, b.amount])).toEqual([
      ['withdrawal_return', '40.000000'],
      ['withdrawal_hold', '-40.000000'],
      ['adjustment', '100.000000'],
    ]);
    const mine = expectSuccess(await t.call(funding.withdrawOrders, {}, { token: member.token }));
    expect(mine.list[0]).toMatchObject({ id: order.id, status: 'cancelled' });
    await expectBooksBalanced(t);
  });

  it('a retry with the same key answers the first cancellation again and moves nothing more', async () => {
    const { member, order } = await pendingWithdrawal('100', '25');
    const key = idemKey();
    expectSuccess(await cancel(member.token, order.id, key));
    const entries = await countRows(t.db, 'journal_entry');
    expect(expectSuccess(await cancel(member.token, order.id, key))).toMatchObject({ status: 'cancelled' });
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    // A new request to cancel it again is refused: it is no longer pending.
    expectFailure(await cancel(member.token, order.id), 'WITHDRAWAL_NOT_PENDING');
    expect(await usdt(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
  });

  it('of 30 concurrent cancellations of one withdrawal, one releases the hold', async () => {
    const { member, order } = await pendingWithdrawal('100', '50');
    const entries = await countRows(t.db, 'journal_entry');
    const results = await Promise.all(Array.from({ length: 30 }, () => cancel(member.token, order.id)));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectFailure(r, 'WITHDRAWAL_NOT_PENDING');
    expect(await countRows(t.db, 'journal_entry')).toBe(entries + 1);
    expect(await usdt(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it('a cancellation racing an operator approval: exactly one wins, the other is told why', async () => {
    for (let round = 0; round < 6; round++) {
      const { member, order } = await pendingWithdrawal('100', '30');
      const approve = () =>
        t.call(
          funding.adminWithdrawApprove,
          { orderId: order.id, payoutReference: `0xrace${round}` },
          { token: finance.token },
        );
      // Who starts first alternates, so either side gets to win some rounds.
      const approving = round % 2 === 0 ? null : approve();
      const cancelling = cancel(member.token, order.id);
      const [cancelled, approved] = await Promise.all([cancelling, approving ?? approve()]);
      expect(Number(cancelled.body.success) + Number(approved.body.success)).toBe(1);
      const mine = expectSuccess(await t.call(funding.withdrawOrders, {}, { token: member.token }));
      if (cancelled.body.success) {
        expectFailure(approved, 'ORDER_ALREADY_REVIEWED');
        expect(mine.list[0]?.status).toBe('cancelled');
        expect(await usdt(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
      } else {
        expectFailure(cancelled, 'WITHDRAWAL_NOT_PENDING');
        expect(cancelled.body.message).toBe(
          'This withdrawal can no longer be cancelled: it has already been reviewed',
        );
        expect(mine.list[0]?.status).toBe('approved');
        expect(await usdt(member.token)).toMatchObject({ spot: '70.000000', frozen: '0.000000' });
      }
    }
    await expectBooksBalanced(t);
  });

  it('the loser of the race is told in the language of its request', async () => {
    const { member, order } = await pendingWithdrawal('100', '20');
    expectSuccess(
      await t.call(
        funding.adminWithdrawReject,
        { orderId: order.id, reason: 'Address flagged' },
        { token: finance.token },
      ),
    );
    const refused = await t.post(
      funding.withdrawCancel.path,
      { orderId: order.id },
      { token: member.token, lang: 'es', headers: { 'idempotency-key': idemKey() } },
    );
    expectFailure(refused, 'WITHDRAWAL_NOT_PENDING');
    expect(refused.body.message).toBe('Este retiro ya no se puede cancelar: ya fue revisado');
    // The rejection returned the amount; the refused cancellation returned nothing more.
    expect(await usdt(member.token)).toMatchObject({ spot: '100.000000', frozen: '0.000000' });
    await expectBooksBalanced(t);
  });

  it("refuses to cancel someone else's withdrawal, or one that does not exist", async () => {
    const { member, order } = await pendingWithdrawal('100', '10');
    const stranger = await newMember(t);
    const entries = await countRows(t.db, 'journal_entry');
    expectFailure(await cancel(stranger.token, order.id), 'ORDER_NOT_FOUND', { field: 'orderId' });
    expectFailure(await cancel(member.token, order.id + 10_000), 'ORDER_NOT_FOUND', { field: 'orderId' });
    expect(await countRows(t.db, 'journal_entry')).toBe(entries);
    const mine = expectSuccess(await t.call(funding.withdrawOrders, {}, { token: member.token }));
    expect(mine.list[0]).toMatchObject({ id: order.id, status: 'pending' });
    expect(await usdt(member.token)).toMatchObject({ spot: '90.000000', frozen: '10.000000' });
  });

  it('needs an idempotency key, like every request that moves money', async () => {
    const { member, order } = await pendingWithdrawal('100', '10');
    expectFailure(
      await t.post(funding.withdrawCancel.path, { orderId: order.id }, { token: member.token }),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
  });
});
