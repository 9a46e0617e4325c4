import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { createTestApp, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { bankId, chainOf, freshMember, fund, paymentService, VALID, type Member } from './payment-helpers.ts';

const { payment } = endpoints;
const OPERATOR = 3;

/**
 * What other modules and the operators' console call: a user's method by id (never another user's),
 * and customer service's changes and removals, with a reason, inside the caller's transaction.
 */
describe('payment methods for withdrawals and customer service', () => {
  let t: TestApp;
  let member: Member;
  let cardId: number;
  let addressId: number;
  let zskId: number;
  beforeAll(async () => {
    t = await createTestApp();
    member = await freshMember(t);
    cardId = expectSuccess(
      await t.call(
        payment.bankCardAdd,
        {
          bankId: await bankId(t, 'KR_SHINHAN'),
          cardNumber: '110-123-456789',
          name: 'Park Jisoo',
          idCardNumber: '950505-2345678',
          ...fund(),
        },
        { token: member.token },
      ),
    ).id;
    addressId = expectSuccess(
      await t.call(
        payment.walletAddressAdd,
        { ...(await chainOf(t, 'USDT', 'TRC20')), vcAccount: VALID.trc20, ...fund() },
        { token: member.token },
      ),
    ).id;
    zskId = expectSuccess(
      await t.call(
        payment.zskAccountAdd,
        { name: 'Park Jisoo', zskId: '98765432', ...fund() },
        { token: member.token },
      ),
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a user’s own method in full, and refuses another user’s id as not found', async () => {
    const service = paymentService(t);
    const card = await service.findUserMethod(t.db, member.id, 'BANK_CARD', cardId, 'targetId');
    expect(card).toMatchObject({
      kind: 'BANK_CARD',
      cardNumber: '110123456789',
      cardNumberMasked: '**** 6789',
    });
    const address = await service.findUserMethod(t.db, member.id, 'WALLET_ADDRESS', addressId);
    expect(address).toMatchObject({ kind: 'WALLET_ADDRESS', vcAccount: VALID.trc20, chainName: 'TRC20' });

    const other = await freshMember(t);
    await expect(
      service.findUserMethod(t.db, other.id, 'BANK_CARD', cardId, 'targetId'),
    ).rejects.toMatchObject({
      code: 'PAYMENT_METHOD_NOT_FOUND',
      data: { field: 'targetId' },
    });
    // The id of one kind is not a method of another kind.
    await expect(
      service.findUserMethod(t.db, member.id, 'ZSK_ACCOUNT', cardId + 10_000),
    ).rejects.toMatchObject({
      code: 'PAYMENT_METHOD_NOT_FOUND',
    });
  });

  it('changes a method with a reason, validated by the add rules, and answers before and after', async () => {
    const service = paymentService(t);
    const { before, after } = await service.supportUpdateMethod(
      t.db,
      OPERATOR,
      'BANK_CARD',
      cardId,
      { cardNumber: '110 999 888777', branchAddress: 'Myeongdong' },
      'Customer called: the card was replaced',
    );
    expect(before).toMatchObject({ kind: 'BANK_CARD', cardNumber: '110123456789', updatedAt: null });
    expect(after).toMatchObject({
      cardNumber: '110999888777',
      branchAddress: 'Myeongdong',
      name: 'Park Jisoo',
      updatedReason: 'Customer called: the card was replaced',
    });
    expect(after.updatedAt).toBeGreaterThan(0);
    const listed = expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token }));
    expect(listed[0]?.cardNumberMasked).toBe('**** 8777');

    await expect(
      service.supportUpdateMethod(t.db, OPERATOR, 'WALLET_ADDRESS', addressId, { vcAccount: 'T123' }, 'typo'),
    ).rejects.toMatchObject({ code: 'ADDRESS_INVALID' });
    await expect(
      service.supportUpdateMethod(t.db, OPERATOR, 'BANK_CARD', cardId, { cardNumber: '1' }, 'typo'),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      service.supportUpdateMethod(t.db, OPERATOR, 'ZSK_ACCOUNT', zskId, { name: 'Park' }, ''),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', data: { field: 'reason' } });
    const moved = await service.supportUpdateMethod(
      t.db,
      OPERATOR,
      'WALLET_ADDRESS',
      addressId,
      { vcChainNameId: (await chainOf(t, 'USDT', 'ERC20')).vcChainNameId, vcAccount: VALID.erc20 },
      'Wrong chain at first',
    );
    expect(moved.after).toMatchObject({ chainName: 'ERC20', vcAccount: VALID.erc20 });
  });

  it('removes a method with a reason: gone from the user’s list and from withdrawals, kept for operators', async () => {
    const service = paymentService(t);
    const removed = await service.supportRemoveMethod(t.db, OPERATOR, 'ZSK_ACCOUNT', zskId, 'Account closed');
    expect(removed).toMatchObject({ kind: 'ZSK_ACCOUNT', removedReason: 'Account closed' });
    expect(removed.removedAt).toBeGreaterThan(0);
    expect(expectSuccess(await t.call(payment.zskAccountList, {}, { token: member.token }))).toEqual([]);
    await expect(service.findUserMethod(t.db, member.id, 'ZSK_ACCOUNT', zskId)).rejects.toMatchObject({
      code: 'PAYMENT_METHOD_NOT_FOUND',
    });
    expect((await service.findMethod(t.db, 'ZSK_ACCOUNT', zskId)).removedAt).not.toBeNull();
    await expect(
      service.supportRemoveMethod(t.db, OPERATOR, 'ZSK_ACCOUNT', zskId, 'again'),
    ).rejects.toMatchObject({ code: 'PAYMENT_METHOD_NOT_FOUND' });

    // Once removed, the user may add the same account again.
    expectSuccess(
      await t.call(
        payment.zskAccountAdd,
        { name: 'Park Jisoo', zskId: '98765432', ...fund() },
        { token: member.token },
      ),
    );
    const methods = await service.listUserMethods(t.db, member.id);
    expect(methods.zskAccounts).toHaveLength(1);
    expect(methods.bankCards).toHaveLength(1);
    expect(methods.walletAddresses).toHaveLength(1);
  });

  it('rolls a removal back with the caller’s transaction', async () => {
    const service = paymentService(t);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await service.supportRemoveMethod(trx, OPERATOR, 'BANK_CARD', cardId, 'test');
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect(expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token }))).toHaveLength(1);
  });
});
