import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  type TestApp,
} from '../../helpers/test-app.ts';
import {
  freshMember,
  fund,
  identityPhotos,
  paymentService,
  uploadId,
  type Member,
} from './payment-helpers.ts';

const { payment, user } = endpoints;

const OPERATOR = 7;

/**
 * Real-name verification (docs/product.md, "Identity check"): certificate type, three photos, name,
 * number and fund password; pending, then approved or rejected with a reason; a rejected one may be
 * resubmitted, a pending or approved one cannot be changed; the user's realNameStatus follows.
 */
describe('real-name verification', () => {
  let t: TestApp;
  let documentNumber = 100_000;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const nextNumber = () => `M${(documentNumber += 1)}`;

  async function submission(member: Member, overrides: Record<string, unknown> = {}) {
    return {
      certType: 'PASSPORT' as const,
      name: 'Lee Jiwoo',
      certNumber: nextNumber(),
      ...(await identityPhotos(t, member)),
      ...fund(),
      ...overrides,
    };
  }

  const status = async (member: Member) =>
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token })).realNameStatus;

  it('starts with no submission', async () => {
    const member = await freshMember(t);
    expect(expectSuccess(await t.call(payment.realNameGet, {}, { token: member.token }))).toEqual({
      status: 'NONE',
      current: null,
    });
    expect(await status(member)).toBe('NONE');
  });

  it('goes pending on submission, refuses a second one while pending, and the photos are taken', async () => {
    const member = await freshMember(t);
    const body = await submission(member);
    const info = expectSuccess(await t.call(payment.realNameSubmit, body, { token: member.token }));
    expect(info).toMatchObject({
      status: 'PENDING',
      current: {
        certType: 'PASSPORT',
        name: 'Lee Jiwoo',
        status: 'PENDING',
        rejectReason: null,
        reviewedAt: null,
      },
    });
    expect(info.current?.certNumberMasked).toBe(`**** ${body.certNumber.slice(-4)}`);
    expect(await status(member)).toBe('PENDING');
    const photos = await t.db
      .selectFrom('upload')
      .select('used_by')
      .where('id', 'in', [body.frontImageId, body.backImageId, body.handheldImageId])
      .execute();
    expect(photos.map((p) => p.used_by)).toEqual(Array(3).fill(`verification:${info.current?.id}`));

    const again = await t.call(payment.realNameSubmit, await submission(member), {
      token: member.token,
      lang: 'es',
    });
    expectFailure(again, 'REAL_NAME_PENDING');
    await expectLocalized(again.body.message, 'es', 'error.REAL_NAME_PENDING');
  });

  it('approval makes the user verified, after which nothing can be submitted', async () => {
    const member = await freshMember(t);
    const info = expectSuccess(
      await t.call(payment.realNameSubmit, await submission(member), { token: member.token }),
    );
    const service = paymentService(t);
    const record = await service.approveVerification(t.db, info.current?.id ?? 0, OPERATOR);
    expect(record).toMatchObject({ status: 'APPROVED', reviewedBy: OPERATOR, userId: member.id });
    expect(await status(member)).toBe('APPROVED');
    const after = expectSuccess(await t.call(payment.realNameGet, {}, { token: member.token }));
    expect(after).toMatchObject({ status: 'APPROVED', current: { status: 'APPROVED' } });
    expect(after.current?.reviewedAt).toBeGreaterThan(0);

    expectFailure(
      await t.call(payment.realNameSubmit, await submission(member), { token: member.token }),
      'REAL_NAME_APPROVED',
    );
    await expect(service.rejectVerification(t.db, record.id, OPERATOR, 'late')).rejects.toMatchObject({
      code: 'VERIFICATION_NOT_PENDING',
    });
  });

  it('a rejection shows its reason and time, and the user may submit again with new photos', async () => {
    const member = await freshMember(t);
    const first = await submission(member);
    const info = expectSuccess(await t.call(payment.realNameSubmit, first, { token: member.token }));
    const service = paymentService(t);
    await service.rejectVerification(t.db, info.current?.id ?? 0, OPERATOR, '  The photo is blurred  ');
    expect(await status(member)).toBe('REJECTED');
    const rejected = expectSuccess(await t.call(payment.realNameGet, {}, { token: member.token }));
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      current: { status: 'REJECTED', rejectReason: 'The photo is blurred' },
    });
    expect(rejected.current?.reviewedAt).toBeGreaterThan(0);

    // The first photos were used: resubmitting them is refused, naming the field.
    expectFailure(
      await t.call(payment.realNameSubmit, { ...first, certNumber: nextNumber() }, { token: member.token }),
      'UPLOAD_USED',
      { field: 'frontImageId' },
    );
    const second = expectSuccess(
      await t.call(payment.realNameSubmit, await submission(member, { certNumber: first.certNumber }), {
        token: member.token,
      }),
    );
    expect(second.status).toBe('PENDING');
    expect(second.current?.id).not.toBe(info.current?.id);
    await service.approveVerification(t.db, second.current?.id ?? 0, OPERATOR);
    expect(await status(member)).toBe('APPROVED');
    expect(await countRows(t.db, 'real_name_verification')).toBeGreaterThan(1);
  });

  it('requires every field, photos and fund password included', async () => {
    const member = await freshMember(t);
    const complete = await submission(member);
    for (const field of [
      'certType',
      'name',
      'certNumber',
      'frontImageId',
      'backImageId',
      'handheldImageId',
      'fundPwd',
    ] as const) {
      const body: Record<string, unknown> = { ...complete };
      delete body[field];
      expectFailure(
        await t.call(payment.realNameSubmit, body as never, { token: member.token }),
        'VALIDATION_FAILED',
        {
          field,
        },
      );
    }
    expectFailure(
      await t.call(payment.realNameSubmit, { ...complete, certType: 'LIBRARY_CARD' } as never, {
        token: member.token,
      }),
      'VALIDATION_FAILED',
      { field: 'certType' },
    );
    expect(await status(member)).toBe('NONE');
  });

  it('refuses a wrong fund password and leaves the photos unused', async () => {
    const member = await freshMember(t);
    const body = await submission(member, fund('Wrong#2222'));
    expectFailure(
      await t.call(payment.realNameSubmit, body, { token: member.token }),
      'FUND_PASSWORD_WRONG',
      {
        field: 'fundPwd',
      },
    );
    expect(await status(member)).toBe('NONE');
    expectSuccess(await t.call(payment.realNameSubmit, { ...body, ...fund() }, { token: member.token }));
  });

  it('refuses another user’s photos and photos of the wrong purpose', async () => {
    const member = await freshMember(t);
    const other = await freshMember(t);
    const body = await submission(member);
    const theirs = await uploadId(t, other, 'idBack');
    expectFailure(
      await t.call(payment.realNameSubmit, { ...body, backImageId: theirs }, { token: member.token }),
      'UPLOAD_NOT_FOUND',
      { field: 'backImageId' },
    );
    const voucher = await uploadId(t, member, 'voucher');
    expectFailure(
      await t.call(payment.realNameSubmit, { ...body, handheldImageId: voucher }, { token: member.token }),
      'UPLOAD_PURPOSE_MISMATCH',
      { field: 'handheldImageId' },
    );
    // Front and back swapped: each is the other's purpose.
    expectFailure(
      await t.call(
        payment.realNameSubmit,
        { ...body, frontImageId: body.backImageId, backImageId: body.frontImageId },
        { token: member.token },
      ),
      'UPLOAD_PURPOSE_MISMATCH',
      { field: 'frontImageId' },
    );
    expect(await status(member)).toBe('NONE');
    const theirsUnused = await t.db
      .selectFrom('upload')
      .select('used_at')
      .where('id', '=', theirs)
      .executeTakeFirst();
    expect(theirsUnused?.used_at).toBeNull();
  });

  it('refuses a document that is pending or verified for another account', async () => {
    const first = await freshMember(t);
    const shared = nextNumber();
    expectSuccess(
      await t.call(payment.realNameSubmit, await submission(first, { certNumber: shared }), {
        token: first.token,
      }),
    );
    const second = await freshMember(t);
    expectFailure(
      await t.call(payment.realNameSubmit, await submission(second, { certNumber: shared.toLowerCase() }), {
        token: second.token,
      }),
      'IDENTITY_IN_USE',
      { field: 'certNumber' },
    );
    // The same number on another kind of document is another document.
    expectSuccess(
      await t.call(
        payment.realNameSubmit,
        await submission(second, { certNumber: shared, certType: 'ID_CARD' }),
        {
          token: second.token,
        },
      ),
    );
  });

  it('accepts one of several submissions racing for one user', async () => {
    const member = await freshMember(t);
    const bodies = await Promise.all(Array.from({ length: 4 }, () => submission(member)));
    const results = await Promise.all(
      bodies.map((body) => t.call(payment.realNameSubmit, body, { token: member.token })),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((r) => !r.body.success)) expectFailure(r, 'REAL_NAME_PENDING');
    const open = await t.db
      .selectFrom('real_name_verification')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('lets exactly one of two operators decide a verification at once', async () => {
    const member = await freshMember(t);
    const info = expectSuccess(
      await t.call(payment.realNameSubmit, await submission(member), { token: member.token }),
    );
    const id = info.current?.id ?? 0;
    const service = paymentService(t);
    const outcomes = await Promise.allSettled([
      service.approveVerification(t.db, id, 1),
      service.rejectVerification(t.db, id, 2, 'Blurred'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'VERIFICATION_NOT_PENDING',
    });
    const final = await service.getVerification(t.db, id);
    expect(await status(member)).toBe(final.status);
  });

  it('lists pending verifications oldest first for the review queue, with full numbers', async () => {
    const service = paymentService(t);
    const member = await freshMember(t);
    const body = await submission(member);
    const info = expectSuccess(await t.call(payment.realNameSubmit, body, { token: member.token }));
    const queue = await service.listPendingVerifications(t.db, { limit: 100 });
    const mine = queue.find((v) => v.id === info.current?.id);
    expect(mine).toMatchObject({
      username: member.username,
      certNumber: body.certNumber,
      frontImageId: body.frontImageId,
      backImageId: body.backImageId,
      handheldImageId: body.handheldImageId,
      reviewedBy: null,
    });
    expect(queue.map((v) => v.id)).toEqual([...queue.map((v) => v.id)].sort((a, b) => a - b));
    expect(queue.every((v) => v.status === 'PENDING')).toBe(true);
    const next = await service.listPendingVerifications(t.db, { limit: 100, afterId: mine?.id ?? 0 });
    expect(next.every((v) => v.id > (mine?.id ?? 0))).toBe(true);
    await expect(service.getVerification(t.db, 99_999)).rejects.toMatchObject({
      code: 'VERIFICATION_NOT_FOUND',
    });
    await expect(service.rejectVerification(t.db, mine?.id ?? 0, OPERATOR, '   ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('decides inside the caller’s transaction, so an audit row can commit with it or roll it back', async () => {
    const service = paymentService(t);
    const member = await freshMember(t);
    const info = expectSuccess(
      await t.call(payment.realNameSubmit, await submission(member), { token: member.token }),
    );
    await expect(
      t.db.transaction().execute(async (trx) => {
        await service.approveVerification(trx, info.current?.id ?? 0, OPERATOR);
        throw new Error('the audit write failed');
      }),
    ).rejects.toThrow('the audit write failed');
    expect(await status(member)).toBe('PENDING');
    expect((await service.getVerification(t.db, info.current?.id ?? 0)).status).toBe('PENDING');
  });
});
