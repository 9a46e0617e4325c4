import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type FundingChannel, type RechargeOrder } from '@vela/contract';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectSuccess,
  type TestApp,
} from '../../helpers/test-app.ts';
import { idemKey } from '../ledger/ledger-helpers.ts';
import { signedInOperator } from '../operators/operator-helpers.ts';
import { newMember, newTxHash } from './funding-helpers.ts';

const { funding, payment } = endpoints;

/**
 * A crypto deposit names the transaction that paid it: a hash valid for the channel's network, used
 * by no other deposit. Bank and fast-payment deposits name their payer instead. The user can see the
 * voucher they uploaded, and only theirs.
 */
describe('crypto deposits name their transaction', () => {
  let t: TestApp;
  let channels: FundingChannel[];
  let png: string;

  beforeAll(async () => {
    t = await createTestApp();
    png = (
      await sharp({ create: { width: 120, height: 90, channels: 3, background: '#37a' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const member = await newMember(t);
    channels = expectSuccess(await t.call(funding.rechargeChannels, {}, { token: member.token }));
  });
  afterAll(async () => {
    await t.close();
  });

  const channelNamed = (name: string) => {
    const found = channels.find((c) => c.name === name);
    if (!found) throw new Error(`no channel ${name}`);
    return found;
  };

  async function deposit(token: string, channelName: string, fields: Record<string, unknown>) {
    const upload = expectSuccess(
      await t.call(payment.uploadImage, { purpose: 'voucher', data: png }, { token }),
    );
    return t.post<RechargeOrder>(
      funding.rechargeRequest.path,
      { channelId: channelNamed(channelName).id, amount: '100', voucherUploadId: upload.id, ...fields },
      { token, headers: { 'idempotency-key': idemKey() } },
    );
  }

  it('stores the hash as its network compares it and shows it with the network', async () => {
    const member = await newMember(t);
    const hash = newTxHash().toUpperCase();
    const order = expectSuccess(await deposit(member.token, 'USDT · TRC20', { txHash: ` ${hash} ` }));
    expect(order).toMatchObject({
      method: 'chain',
      chainName: 'TRC20',
      txHash: hash.toLowerCase(),
      payerName: null,
      payerMobile: null,
    });
    const finance = await signedInOperator(t, 'finance');
    const queue = expectSuccess(
      await t.call(funding.adminRechargeList, { userId: member.userId }, { token: finance.token }),
    );
    expect(queue.list[0]).toMatchObject({ chainName: 'TRC20', txHash: hash.toLowerCase() });
  });

  it("checks the hash against the channel's network and says what the network expects", async () => {
    const member = await newMember(t);
    const orders = await countRows(t.db, 'recharge_order');
    const trc20 = await deposit(member.token, 'USDT · TRC20', { txHash: `0x${newTxHash()}` });
    expectFailure(trc20, 'VALIDATION_FAILED', { field: 'txHash' });
    expect(trc20.body.message).toBe('Enter the transaction hash: 64 characters, digits 0-9 and letters a-f');
    const erc20 = await deposit(member.token, 'USDT · ERC20', { txHash: newTxHash() });
    expectFailure(erc20, 'VALIDATION_FAILED', { field: 'txHash' });
    expect(erc20.body.message).toBe(
      'Enter the transaction hash: 0x followed by 64 characters, digits 0-9 and letters a-f',
    );
    expectSuccess(await deposit(member.token, 'USDT · ERC20', { txHash: `0x${newTxHash()}` }));
    // A crypto deposit without a hash is refused with the same rule; the payer does not replace it.
    expectFailure(
      await deposit(member.token, 'USDT · TRC20', { payerName: 'Ana Lima', payerMobile: '+5511912345678' }),
      'VALIDATION_FAILED',
      { field: 'txHash' },
    );
    expect(await countRows(t.db, 'recharge_order')).toBe(orders + 1);
  });

  it('refuses a hash another deposit named, in any case, whoever sent it', async () => {
    const first = await newMember(t);
    const second = await newMember(t);
    const hash = newTxHash();
    expectSuccess(await deposit(first.token, 'USDT · TRC20', { txHash: hash }));
    const orders = await countRows(t.db, 'recharge_order');
    for (const [member, text] of [
      [first, hash],
      [second, hash.toUpperCase()],
    ] as const) {
      const again = await deposit(member.token, 'USDT · TRC20', { txHash: text });
      expectFailure(again, 'TX_HASH_USED', { field: 'txHash' });
      expect(again.body.message).toBe(
        'This transaction hash has already been submitted with another deposit',
      );
    }
    expect(await countRows(t.db, 'recharge_order')).toBe(orders);
  });

  it('of concurrent deposits naming one hash, one is accepted', async () => {
    const member = await newMember(t);
    const hash = newTxHash();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => deposit(member.token, 'USDT · TRC20', { txHash: hash })),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectFailure(r, 'TX_HASH_USED');
  });

  it('a bank deposit still names its payer, and needs one', async () => {
    const member = await newMember(t);
    const order = expectSuccess(
      await deposit(member.token, 'Bank transfer (USD)', {
        payerName: 'Ana Lima',
        payerMobile: '+5511912345678',
      }),
    );
    expect(order).toMatchObject({ payerName: 'Ana Lima', txHash: null, chainName: null });
    expectFailure(
      await deposit(member.token, 'Bank transfer (USD)', { payerMobile: '+5511912345678' }),
      'VALIDATION_FAILED',
      { field: 'payerName' },
    );
    expectFailure(
      await deposit(member.token, 'Bank transfer (USD)', { payerName: 'Ana Lima' }),
      'VALIDATION_FAILED',
      { field: 'payerMobile' },
    );
  });

  it("shows users the voucher of their own deposit, and not anyone else's", async () => {
    const member = await newMember(t);
    const stranger = await newMember(t);
    const order = expectSuccess(await deposit(member.token, 'USDT · TRC20', { txHash: newTxHash() }));
    const voucher = expectSuccess(
      await t.call(funding.rechargeVoucher, { orderId: order.id }, { token: member.token }),
    );
    expect(voucher).toMatchObject({ width: 120, height: 90 });
    expect(voucher.mime).toMatch(/^image\//);
    expect(voucher.dataBase64.length).toBeGreaterThan(0);
    expectFailure(
      await t.call(funding.rechargeVoucher, { orderId: order.id }, { token: stranger.token }),
      'ORDER_NOT_FOUND',
      { field: 'orderId' },
    );
  });
});
