import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type VerificationRecord } from '@vela/contract';
import {
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  tr,
  type TestApp,
} from '../../helpers/test-app.ts';
import { setConfigValue } from '../../../src/modules/system/system-repository.ts';
import { fund as credit, idemKey } from '../ledger/ledger-helpers.ts';
import { auditRows, signedInOperator, type TestOperator } from '../operators/operator-helpers.ts';
import { bankId, chainOf, freshMember, fund, identityPhotos, VALID, type Member } from './payment-helpers.ts';

const { payment, funding } = endpoints;

type SignedIn = TestOperator & { token: string };

/**
 * The operators' side of payment methods and identity checks through the API: support reviews
 * real-name submissions and corrects or removes a user's bound methods, each action with its audit
 * row; finance may do none of it.
 */
describe('console: real-name reviews and payment-method support', () => {
  let t: TestApp;
  let administrator: SignedIn;
  let support: SignedIn;
  let support2: SignedIn;
  let finance: SignedIn;
  let documentNumber = 500_000;

  beforeAll(async () => {
    t = await createTestApp();
    [administrator, support, support2, finance] = await Promise.all([
      signedInOperator(t, 'administrator'),
      signedInOperator(t, 'support'),
      signedInOperator(t, 'support'),
      signedInOperator(t, 'finance'),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (operator: SignedIn, lang?: string) => ({ token: operator.token, ...(lang ? { lang } : {}) });

  async function submit(member: Member, certNumber = `P${(documentNumber += 1)}`) {
    const info = expectSuccess(
      await t.call(
        payment.realNameSubmit,
        {
          certType: 'PASSPORT',
          name: 'Nguyen An',
          certNumber,
          ...(await identityPhotos(t, member)),
          ...fund(),
        },
        { token: member.token },
      ),
    );
    return { id: info.current?.id ?? 0, certNumber };
  }

  const realName = async (member: Member) =>
    expectSuccess(await t.call(payment.realNameGet, {}, { token: member.token }));

  const auditOf = async (action: string, targetId: number) =>
    (await auditRows(t)).filter((row) => row.action === action && row.target_id === String(targetId));

  // ---- real-name verification --------------------------------------------------------------------

  it('rejects with a reason the user sees, takes the resubmission, approves it, and then nothing changes', async () => {
    const member = await freshMember(t);
    const first = await submit(member);

    const queue = expectSuccess(
      await t.call(payment.adminRealNameList, { status: 'PENDING', limit: 50 }, as(support)),
    );
    const queued = queue.list.find((row) => row.id === first.id);
    // Operators see the submission whole: the full number and the photos' ids.
    expect(queued).toMatchObject({
      userId: member.id,
      username: member.username,
      certType: 'PASSPORT',
      name: 'Nguyen An',
      certNumber: first.certNumber,
      status: 'PENDING',
    });

    const rejected = expectSuccess(
      await t.call(
        payment.adminRealNameReject,
        { id: first.id, reason: '  The photo of the back is blurred  ' },
        as(support),
      ),
    );
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'The photo of the back is blurred',
      reviewedBy: support.id,
    });
    expect(await realName(member)).toMatchObject({
      status: 'REJECTED',
      current: { status: 'REJECTED', rejectReason: 'The photo of the back is blurred' },
    });
    const rejectRows = await auditOf('verification.reject', first.id);
    expect(rejectRows).toHaveLength(1);
    expect(rejectRows[0]).toMatchObject({
      operator_id: support.id,
      target_type: 'verification',
      reason: 'The photo of the back is blurred',
    });
    expect(JSON.parse(rejectRows[0]?.detail ?? '{}')).toEqual({
      userId: String(member.id),
      certType: 'PASSPORT',
    });

    // The user submits again (new photos, same document); the administrator approves it.
    const second = await submit(member, first.certNumber);
    expect(second.id).toBeGreaterThan(first.id);
    expect((await realName(member)).status).toBe('PENDING');
    const approved = expectSuccess(
      await t.call(payment.adminRealNameApprove, { id: second.id }, as(administrator)),
    );
    expect(approved).toMatchObject({ status: 'APPROVED', reviewedBy: administrator.id, rejectReason: null });
    expect(await realName(member)).toMatchObject({ status: 'APPROVED', current: { status: 'APPROVED' } });
    expect(await auditOf('verification.approve', second.id)).toHaveLength(1);

    // Approved identity data cannot change: not by the user, nor by a late decision.
    expectFailure(
      await t.call(
        payment.realNameSubmit,
        {
          certType: 'ID_CARD',
          name: 'Someone Else',
          certNumber: `P${(documentNumber += 1)}`,
          ...(await identityPhotos(t, member)),
          ...fund(),
        },
        { token: member.token },
      ),
      'REAL_NAME_APPROVED',
    );
    const late = await t.call(
      payment.adminRealNameReject,
      { id: second.id, reason: 'late' },
      as(support, 'ja'),
    );
    expectFailure(late, 'VERIFICATION_NOT_PENDING', { field: 'id' });
    await expectLocalized(late.body.message, 'ja', 'error.VERIFICATION_NOT_PENDING');
    expectFailure(
      await t.call(payment.adminRealNameApprove, { id: first.id }, as(support)),
      'VERIFICATION_NOT_PENDING',
    );
    expect((await realName(member)).status).toBe('APPROVED');
    // A refused decision leaves no audit row behind.
    expect(await auditOf('verification.reject', second.id)).toHaveLength(0);

    expectFailure(
      await t.call(payment.adminRealNameApprove, { id: 987_654 }, as(support)),
      'VERIFICATION_NOT_FOUND',
      { field: 'id' },
    );
    expectFailure(
      await t.call(payment.adminRealNameReject, { id: second.id, reason: '   ' }, as(support)),
      'VALIDATION_FAILED',
      { field: 'reason' },
    );
  });

  it('of two operators deciding the same submission at once, exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await freshMember(t);
      const { id } = await submit(member);
      const results = await Promise.all([
        t.call(payment.adminRealNameApprove, { id }, as(support)),
        t.call(payment.adminRealNameReject, { id, reason: 'Document expired' }, as(support2)),
      ]);
      const winners = results.filter((result) => result.body.success);
      expect(winners).toHaveLength(1);
      const loser = results.find((result) => !result.body.success);
      if (!loser) throw new Error('both decisions succeeded');
      expectFailure(loser, 'VERIFICATION_NOT_PENDING');

      const decided = winners[0]?.body.data as VerificationRecord;
      expect((await realName(member)).status).toBe(decided.status);
      const decisions = [
        ...(await auditOf('verification.approve', id)),
        ...(await auditOf('verification.reject', id)),
      ];
      expect(decisions).toHaveLength(1);
      expect(decisions[0]?.action).toBe(
        decided.status === 'APPROVED' ? 'verification.approve' : 'verification.reject',
      );
    }
  });

  it('lists the pending queue oldest first in pages, and a user’s submissions newest first', async () => {
    const early = await freshMember(t);
    const late = await freshMember(t);
    const a = await submit(early);
    const b = await submit(late);

    const ids: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = expectSuccess(
        await t.call(
          payment.adminRealNameList,
          { status: 'PENDING', limit: 2, ...(cursor ? { cursor } : {}) },
          as(support),
        ),
      );
      expect(page.list.length).toBeLessThanOrEqual(2);
      expect(page.list.every((row) => row.status === 'PENDING')).toBe(true);
      ids.push(...page.list.map((row) => row.id));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));

    // One user's history, newest first: the rejected submission after the pending one.
    expectSuccess(await t.call(payment.adminRealNameReject, { id: a.id, reason: 'Glare' }, as(support)));
    const again = await submit(early, a.certNumber);
    const history = expectSuccess(await t.call(payment.adminRealNameList, { userId: early.id }, as(support)));
    expect(history.list.map((row) => [row.id, row.status])).toEqual([
      [again.id, 'PENDING'],
      [a.id, 'REJECTED'],
    ]);
    expect(history.nextCursor).toBeNull();
    const rejected = expectSuccess(
      await t.call(payment.adminRealNameList, { status: 'REJECTED', limit: 50 }, as(support)),
    );
    const rejectedIds = rejected.list.map((row) => row.id);
    expect(rejectedIds).toEqual([...rejectedIds].sort((x, y) => y - x));
    expect(rejectedIds).toContain(a.id);
  });

  it('shows each document photo to an operator and records every look', async () => {
    const member = await freshMember(t);
    const { id } = await submit(member);
    for (const side of ['front', 'back', 'handheld'] as const) {
      const image = expectSuccess(await t.call(payment.adminRealNameImage, { id, side }, as(support)));
      expect(image.mime).toBe('image/jpeg');
      const decoded = await sharp(Buffer.from(image.dataBase64, 'base64')).metadata();
      expect(decoded).toMatchObject({ format: 'jpeg', width: image.width, height: image.height });
    }
    const views = await auditOf('upload.view', id);
    expect(views.map((row) => JSON.parse(row.detail ?? '{}') as Record<string, string>)).toEqual([
      expect.objectContaining({ side: 'front', userId: String(member.id) }),
      expect.objectContaining({ side: 'back' }),
      expect.objectContaining({ side: 'handheld' }),
    ]);
    expect(views.every((row) => row.operator_id === support.id && row.target_type === 'verification')).toBe(
      true,
    );
    expectFailure(
      await t.call(payment.adminRealNameImage, { id: 987_654, side: 'front' }, as(support)),
      'VERIFICATION_NOT_FOUND',
    );
  });

  // ---- payment methods ---------------------------------------------------------------------------

  async function memberWithMethods() {
    const member = await freshMember(t);
    const card = expectSuccess(
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
    );
    const second = expectSuccess(
      await t.call(
        payment.bankCardAdd,
        {
          bankId: await bankId(t, 'KR_SHINHAN'),
          cardNumber: '220-555-000111',
          name: 'Park Jisoo',
          idCardNumber: '950505-2345678',
          ...fund(),
        },
        { token: member.token },
      ),
    );
    const address = expectSuccess(
      await t.call(
        payment.walletAddressAdd,
        { ...(await chainOf(t, 'USDT', 'TRC20')), vcAccount: VALID.trc20, ...fund() },
        { token: member.token },
      ),
    );
    const zsk = expectSuccess(
      await t.call(
        payment.zskAccountAdd,
        { name: 'Park Jisoo', zskId: '98765432', ...fund() },
        { token: member.token },
      ),
    );
    return { member, cardId: card.id, secondCardId: second.id, addressId: address.id, zskId: zsk.id };
  }

  it('lists a user’s methods in full for support', async () => {
    const { member, cardId, addressId, zskId } = await memberWithMethods();
    const methods = expectSuccess(await t.call(payment.adminMethodList, { userId: member.id }, as(support)));
    expect(methods.bankCards.map((card) => card.id)).toContain(cardId);
    expect(methods.bankCards[0]).toMatchObject({
      kind: 'BANK_CARD',
      userId: member.id,
      cardNumber: '110123456789',
      idCardNumber: '950505-2345678',
      removedAt: null,
    });
    expect(methods.walletAddresses).toMatchObject([{ id: addressId, vcAccount: VALID.trc20 }]);
    expect(methods.zskAccounts).toMatchObject([{ id: zskId, zskId: '98765432' }]);
  });

  it('changes a method with a reason, keeping before and after in the audit log', async () => {
    const { member, cardId, secondCardId, zskId } = await memberWithMethods();
    const after = expectSuccess(
      await t.call(
        payment.adminMethodUpdate,
        {
          kind: 'BANK_CARD',
          id: cardId,
          changes: { cardNumber: '110 999 888777', branchAddress: 'Myeongdong' },
          reason: 'Customer called: the card was replaced',
        },
        as(support),
      ),
    );
    expect(after).toMatchObject({
      kind: 'BANK_CARD',
      cardNumber: '110999888777',
      branchAddress: 'Myeongdong',
      name: 'Park Jisoo',
      updatedReason: 'Customer called: the card was replaced',
    });
    const listed = expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token }));
    expect(listed.find((card) => card.id === cardId)?.cardNumberMasked).toBe('**** 8777');

    const rows = await auditOf('payment_method.update', cardId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operator_id: support.id,
      target_type: 'bank_card',
      reason: 'Customer called: the card was replaced',
    });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toEqual({
      userId: String(member.id),
      'before.cardNumber': '110123456789',
      'after.cardNumber': '110999888777',
      'before.branchAddress': '',
      'after.branchAddress': 'Myeongdong',
    });

    // The user's other card already has that number: refused, and nothing is recorded.
    const duplicate = await t.call(
      payment.adminMethodUpdate,
      { kind: 'BANK_CARD', id: secondCardId, changes: { cardNumber: '110999888777' }, reason: 'typo' },
      as(support, 'kr'),
    );
    expectFailure(duplicate, 'PAYMENT_METHOD_DUPLICATE', { field: 'cardNumber' });
    await expectLocalized(duplicate.body.message, 'kr', 'error.PAYMENT_METHOD_DUPLICATE');
    expect(await auditOf('payment_method.update', secondCardId)).toHaveLength(0);

    // The add form's rules, with messages in the operator's language.
    const invalid = await t.call(
      payment.adminMethodUpdate,
      { kind: 'BANK_CARD', id: cardId, changes: { cardNumber: '1' }, reason: 'typo' },
      as(support, 'ja'),
    );
    expectFailure(invalid, 'VALIDATION_FAILED', { field: 'cardNumber' });
    expect(invalid.body.message).toBe(
      await tr('ja', 'validation.fieldInvalid', {
        field: await tr('ja', 'field.cardNumber'),
        reason: await tr('ja', 'validation.cardNumber'),
      }),
    );
    const badAddress = await t.call(
      payment.adminMethodUpdate,
      {
        kind: 'WALLET_ADDRESS',
        id: (await memberWithMethods()).addressId,
        changes: { vcAccount: `${VALID.trc20.slice(0, -1)}u` },
        reason: 'typo',
      },
      as(support, 'es'),
    );
    expectFailure(badAddress, 'ADDRESS_INVALID', { field: 'vcAccount' });
    await expectLocalized(badAddress.body.message, 'es', 'error.ADDRESS_INVALID', { chain: 'USDT TRC20' });
    // Fields of another kind, no changes at all, or no reason: refused before anything runs.
    expectFailure(
      await t.call(
        payment.adminMethodUpdate,
        { kind: 'ZSK_ACCOUNT', id: zskId, changes: { cardNumber: '110999888777' }, reason: 'x' },
        as(support),
      ),
      'VALIDATION_FAILED',
      { field: 'cardNumber' },
    );
    expectFailure(
      await t.call(
        payment.adminMethodUpdate,
        { kind: 'ZSK_ACCOUNT', id: zskId, changes: {}, reason: 'x' },
        as(support),
      ),
      'VALIDATION_FAILED',
      { field: 'changes' },
    );
    expectFailure(
      await t.call(
        payment.adminMethodUpdate,
        { kind: 'ZSK_ACCOUNT', id: zskId, changes: { name: 'Park J' }, reason: '' },
        as(support),
      ),
      'VALIDATION_FAILED',
      { field: 'reason' },
    );
    // An id of one kind is no method of another.
    expectFailure(
      await t.call(
        payment.adminMethodUpdate,
        { kind: 'ZSK_ACCOUNT', id: 987_654, changes: { name: 'Park J' }, reason: 'x' },
        as(support),
      ),
      'PAYMENT_METHOD_NOT_FOUND',
      { field: 'id' },
    );
  });

  it('removes a method with a reason: the user no longer sees it nor withdraws to it', async () => {
    const { member, addressId, cardId } = await memberWithMethods();
    // Verified through the console and funded, so only the removal can stop the withdrawal (the
    // member has no authenticator, which withdrawals would otherwise demand: decision 037).
    await setConfigValue(t.db, 'WITHDRAW', 'requireGoogleCode', 'false');
    const { id } = await submit(member);
    expectSuccess(await t.call(payment.adminRealNameApprove, { id }, as(support)));
    await credit(t, member.id, 'USDT', '100');
    const channels = expectSuccess(await t.call(funding.withdrawChannels, {}, { token: member.token }));
    const channel = channels.find(
      (c) => c.method === 'chain' && c.symbol === 'USDT' && c.chainName === 'TRC20',
    );
    const withdraw = () =>
      t.post(
        funding.withdrawRequest.path,
        { channelId: channel?.id, amount: '20', target: 'wallet', targetId: addressId, ...fund() },
        { token: member.token, headers: { 'idempotency-key': idemKey() } },
      );

    expect(expectSuccess(await withdraw())).toMatchObject({ status: 'pending', target: 'wallet' });

    const removed = expectSuccess(
      await t.call(
        payment.adminMethodRemove,
        { kind: 'WALLET_ADDRESS', id: addressId, reason: 'The user reported the wallet lost' },
        as(support),
      ),
    );
    expect(removed).toMatchObject({
      kind: 'WALLET_ADDRESS',
      removedReason: 'The user reported the wallet lost',
    });
    expect(removed.removedAt).toBeGreaterThan(0);
    expect(expectSuccess(await t.call(payment.walletAddressList, {}, { token: member.token }))).toEqual([]);
    expectFailure(await withdraw(), 'PAYMENT_METHOD_NOT_FOUND', { field: 'targetId' });

    // Support still sees it, marked removed, next to the live ones.
    const methods = expectSuccess(await t.call(payment.adminMethodList, { userId: member.id }, as(support)));
    expect(methods.walletAddresses).toMatchObject([
      { id: addressId, removedReason: 'The user reported the wallet lost' },
    ]);
    expect(methods.bankCards.every((card) => card.removedAt === null)).toBe(true);

    const rows = await auditOf('payment_method.remove', addressId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operator_id: support.id,
      target_type: 'wallet_address',
      reason: 'The user reported the wallet lost',
    });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toEqual({
      userId: String(member.id),
      chain: 'USDT TRC20',
      address: VALID.trc20,
    });

    // A removed method is neither removed again nor changed.
    expectFailure(
      await t.call(
        payment.adminMethodRemove,
        { kind: 'WALLET_ADDRESS', id: addressId, reason: 'again' },
        as(support),
      ),
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expectFailure(
      await t.call(
        payment.adminMethodUpdate,
        { kind: 'WALLET_ADDRESS', id: addressId, changes: { remark: 'x' }, reason: 'x' },
        as(support),
      ),
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expect(await auditOf('payment_method.remove', addressId)).toHaveLength(1);
    // The card stays usable for the user.
    expect(
      expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token })).map((c) => c.id),
    ).toContain(cardId);
  });

  // ---- roles -------------------------------------------------------------------------------------

  it('lets administrators and support in, and refuses finance without running anything', async () => {
    const { member, cardId, zskId } = await memberWithMethods();
    const { id } = await submit(member);
    const calls = [
      () => t.call(payment.adminRealNameList, {}, as(finance, 'tr')),
      () => t.call(payment.adminRealNameImage, { id, side: 'front' }, as(finance, 'tr')),
      () => t.call(payment.adminRealNameApprove, { id }, as(finance, 'tr')),
      () => t.call(payment.adminRealNameReject, { id, reason: 'no' }, as(finance, 'tr')),
      () => t.call(payment.adminMethodList, { userId: member.id }, as(finance, 'tr')),
      () =>
        t.call(
          payment.adminMethodUpdate,
          { kind: 'BANK_CARD', id: cardId, changes: { name: 'Mallory' }, reason: 'no' },
          as(finance, 'tr'),
        ),
      () =>
        t.call(
          payment.adminMethodRemove,
          { kind: 'ZSK_ACCOUNT', id: zskId, reason: 'no' },
          as(finance, 'tr'),
        ),
    ];
    const before = (await auditRows(t)).length;
    for (const attempt of calls) {
      const result = await attempt();
      expectFailure(result, 'FORBIDDEN');
      await expectLocalized(result.body.message, 'tr', 'error.FORBIDDEN');
    }
    expect((await auditRows(t)).length).toBe(before);
    expect((await realName(member)).status).toBe('PENDING');
    const methods = expectSuccess(
      await t.call(payment.adminMethodList, { userId: member.id }, as(administrator)),
    );
    expect(methods.bankCards.find((card) => card.id === cardId)?.name).toBe('Park Jisoo');
    expect(methods.zskAccounts[0]?.removedAt).toBeNull();
    expectSuccess(await t.call(payment.adminRealNameList, {}, as(administrator)));
    expectSuccess(await t.call(payment.adminRealNameList, {}, as(support)));

    // A user's session is no operator's.
    expectFailure(await t.call(payment.adminRealNameList, {}, { token: member.token }), 'UNAUTHORIZED', {
      forceLogout: true,
    });
  });
});
