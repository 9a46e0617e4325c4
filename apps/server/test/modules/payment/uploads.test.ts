import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, UPLOAD_LIMITS } from '@vela/contract';
import { sniffImage } from '../../../src/modules/payment/image-intake.ts';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectSuccess,
  type TestApp,
} from '../../helpers/test-app.ts';
import { freshMember, makeImage, paymentService, upload, type Member } from './payment-helpers.ts';

const { payment } = endpoints;

/**
 * Image uploads (decision 015): JSON with base64, the type read from the content, size and pixel
 * limits, re-encoded without metadata, private to the owner (and operators), one use per purpose.
 */
describe('image uploads', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await createTestApp();
    member = await freshMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function stored(id: number, owner: Member = member) {
    const got = expectSuccess(await t.call(payment.uploadGet, { id }, { token: owner.token }));
    return { ...got, bytes: Buffer.from(got.data, 'base64') };
  }

  it.each(['jpeg', 'png', 'webp'] as const)(
    'accepts a %s image and keeps its type and size',
    async (format) => {
      const answer = expectSuccess(await upload(t, member, 'voucher', await makeImage(format, 400, 300)));
      expect(answer).toMatchObject({ purpose: 'voucher', mime: `image/${format}`, width: 400, height: 300 });
      const got = await stored(answer.id);
      expect(sniffImage(got.bytes)).toBe(format);
      expect(got.bytes.length).toBe(answer.bytes);
      const meta = await sharp(got.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([400, 300]);
    },
  );

  it('reads the type from the content: a PNG named .jpg is a PNG, a text file named .png is refused', async () => {
    const png = expectSuccess(await upload(t, member, 'voucher', await makeImage('png'), 'receipt.jpg'));
    expect(png.mime).toBe('image/png');

    const before = await countRows(t.db, 'upload');
    const text = await upload(t, member, 'voucher', Buffer.from('hello, I am not a picture\n'), 'photo.png');
    expectFailure(text, 'UPLOAD_NOT_IMAGE', { field: 'data' });
    expect(await countRows(t.db, 'upload')).toBe(before);
  });

  it('refuses SVG, GIF and a JPEG header followed by garbage', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>',
    );
    expectFailure(await upload(t, member, 'voucher', svg, 'x.png'), 'UPLOAD_NOT_IMAGE');
    const gif = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expectFailure(await upload(t, member, 'voucher', gif), 'UPLOAD_NOT_IMAGE');
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expectFailure(await upload(t, member, 'voucher', fake), 'UPLOAD_NOT_IMAGE');
  });

  it('refuses images too small or too large in pixels with UPLOAD_DIMENSIONS', async () => {
    expectFailure(await upload(t, member, 'voucher', await makeImage('png', 20, 300)), 'UPLOAD_DIMENSIONS', {
      field: 'data',
    });
    // 12,000 px wide: past the side limit, though tiny in bytes.
    const wide = await sharp({ create: { width: 12_000, height: 80, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(UPLOAD_LIMITS.maxBytes);
    expectFailure(await upload(t, member, 'voucher', wide), 'UPLOAD_DIMENSIONS');
    // 8,000 x 6,000 = 48 megapixels, each side within the limit.
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expectFailure(await upload(t, member, 'voucher', big), 'UPLOAD_DIMENSIONS');
  });

  it('refuses more than 5 MiB of image with UPLOAD_TOO_LARGE, and a body past 8 MiB outright', async () => {
    // Random pixels do not compress: a 1400 x 1400 RGB PNG of noise is about 5.9 MB.
    const noise = randomBytes(1400 * 1400 * 3);
    const png = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(UPLOAD_LIMITS.maxBytes);
    const result = await upload(t, member, 'voucher', png);
    expectFailure(result, 'UPLOAD_TOO_LARGE', { field: 'data' });
    expect(result.body.message).toContain('5');

    const huge = await t.post(
      '/upload/image',
      { purpose: 'voucher', data: 'A'.repeat(9 * 1024 * 1024) },
      {
        token: member.token,
      },
    );
    expectFailure(huge, 'PAYLOAD_TOO_LARGE');
  });

  it('keeps the 1 MiB body limit on every other route', async () => {
    const result = await t.post(
      '/user/zsk-account/add',
      { name: 'x'.repeat(1_200_000), zskId: '1', fundPwd: 'a' },
      {
        token: member.token,
      },
    );
    expectFailure(result, 'PAYLOAD_TOO_LARGE');
  });

  it('strips EXIF (GPS position included) and bakes the camera rotation into the pixels', async () => {
    const photo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner-name' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '37/1 33/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '126/1 58/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    expect(photo.includes(Buffer.from('secret-owner-name'))).toBe(true);

    const answer = expectSuccess(await upload(t, member, 'idFront', photo));
    // Orientation 6 means "rotate 90° clockwise to view": the stored image is upright.
    expect([answer.width, answer.height]).toEqual([120, 300]);
    const got = await stored(answer.id);
    const meta = await sharp(got.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(got.bytes.includes(Buffer.from('secret-owner-name'))).toBe(false);
    expect(got.bytes.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('drops anything hidden after the image (a script appended to a valid JPEG)', async () => {
    const polyglot = Buffer.concat([await makeImage('jpeg'), Buffer.from('<script>steal()</script>')]);
    const answer = expectSuccess(await upload(t, member, 'voucher', polyglot));
    const got = await stored(answer.id);
    expect(got.bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('scales down photos larger than the stored size', async () => {
    const answer = expectSuccess(await upload(t, member, 'voucher', await makeImage('jpeg', 4000, 3000)));
    expect([answer.width, answer.height]).toEqual([UPLOAD_LIMITS.storedMaxSidePx, 1920]);
  });

  it('shows an upload to its owner only; another user gets the same answer as for a missing id', async () => {
    const answer = expectSuccess(await upload(t, member, 'voucher'));
    const other = await freshMember(t);
    const stolen = await t.call(payment.uploadGet, { id: answer.id }, { token: other.token });
    expectFailure(stolen, 'UPLOAD_NOT_FOUND', { field: 'id' });
    const missing = await t.call(payment.uploadGet, { id: 987_654 }, { token: other.token });
    expectFailure(missing, 'UPLOAD_NOT_FOUND');
    expect(stolen.body.message).toBe(missing.body.message);
    expectFailure(await t.call(payment.uploadGet, { id: answer.id }), 'UNAUTHORIZED');

    // Operators (the console) may read any upload; a user viewer only their own.
    const service = paymentService(t);
    expect((await service.readUpload(answer.id, { operator: true })).userId).toBe(member.id);
    await expect(service.readUpload(answer.id, { userId: other.id })).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
  });

  it('refuses bad bodies: unknown purpose, text that is not base64, no session', async () => {
    const data = (await makeImage('png')).toString('base64');
    expectFailure(
      await t.post('/upload/image', { purpose: 'avatar', data }, { token: member.token }),
      'VALIDATION_FAILED',
      {
        field: 'purpose',
      },
    );
    expectFailure(
      await t.post('/upload/image', { purpose: 'voucher', data: 'not base64!' }, { token: member.token }),
      'VALIDATION_FAILED',
      { field: 'data' },
    );
    expectFailure(await t.post('/upload/image', { purpose: 'voucher', data }), 'UNAUTHORIZED');
  });

  it('lets an upload be taken once, by its owner, for its purpose', async () => {
    const service = paymentService(t);
    const id = expectSuccess(await upload(t, member, 'voucher')).id;
    const other = await freshMember(t);
    const use = { id, purpose: 'voucher' as const, usedBy: 'recharge:1', field: 'voucherImageId' };
    await expect(service.consumeUpload(t.db, { ...use, userId: other.id })).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
    await expect(
      service.consumeUpload(t.db, { ...use, userId: member.id, purpose: 'idFront' }),
    ).rejects.toMatchObject({ code: 'UPLOAD_PURPOSE_MISMATCH' });
    await service.consumeUpload(t.db, { ...use, userId: member.id });
    await expect(service.consumeUpload(t.db, { ...use, userId: member.id })).rejects.toMatchObject({
      code: 'UPLOAD_USED',
      data: { field: 'voucherImageId' },
    });
    const row = await t.db
      .selectFrom('upload')
      .select(['used_by', 'used_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.used_by).toBe('recharge:1');
    expect(row?.used_at).not.toBeNull();
  });

  it(`stores exactly ${UPLOAD_LIMITS.perDay} of 100 uploads sent at once`, async () => {
    const fresh = await freshMember(t);
    const image = await makeImage('png', 64, 64);
    const results = await Promise.all(Array.from({ length: 100 }, () => upload(t, fresh, 'voucher', image)));
    expect(results.filter((r) => r.body.success)).toHaveLength(UPLOAD_LIMITS.perDay);
    for (const refused of results.filter((r) => !r.body.success)) {
      expectFailure(refused, 'UPLOAD_LIMIT_REACHED');
    }
    const stored = await t.db
      .selectFrom('upload')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(UPLOAD_LIMITS.perDay);
  });

  it('limits uploads a day per user, and clears a user’s abandoned uploads after a week', async () => {
    const fresh = await freshMember(t);
    const image = await makeImage('png', 64, 64);
    const start = Date.now();
    const service = paymentService(t, () => start);
    for (let i = 0; i < UPLOAD_LIMITS.perDay; i += 1) {
      await service.uploadImage(fresh.id, { purpose: 'voucher', data: image.toString('base64') });
    }
    await expect(
      service.uploadImage(fresh.id, { purpose: 'voucher', data: image.toString('base64') }),
    ).rejects.toMatchObject({ code: 'UPLOAD_LIMIT_REACHED' });

    const count = () =>
      t.db
        .selectFrom('upload')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', fresh.id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const first = await t.db
      .selectFrom('upload')
      .select('id')
      .where('user_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    await service.consumeUpload(t.db, {
      id: first.id,
      userId: fresh.id,
      purpose: 'voucher',
      usedBy: 'recharge:2',
      field: 'voucherImageId',
    });
    const weekLater = paymentService(t, () => start + 8 * 86_400_000);
    await weekLater.uploadImage(fresh.id, { purpose: 'voucher', data: image.toString('base64') });
    // The taken upload stays; the other abandoned ones are gone; the new one is there.
    expect(await count()).toBe(2);
  });
});
