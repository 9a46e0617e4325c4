import sharp from 'sharp';
import { endpoints, type UploadPurpose } from '@vela/contract';
import { PaymentService } from '../../../src/modules/payment/payment-service.ts';
import {
  DEFAULT_FUND_PASSWORD,
  expectSuccess,
  login,
  pw,
  registerUser,
  type RegisteredUser,
  type TestApp,
} from '../../helpers/test-app.ts';

const { payment } = endpoints;

/** Addresses that pass their chain's checksum (the EIP-55 example, Tether's TRON contract...). */
export const VALID = {
  trc20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  trc20Other: 'TLeUZDGLWnyiJVFcp3m3M1782uBsGWa8uf',
  erc20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
} as const;

export interface Member extends RegisteredUser {
  token: string;
  id: number;
}

/** A fresh registered and logged-in user (fund password DEFAULT_FUND_PASSWORD). */
export async function freshMember(t: TestApp): Promise<Member> {
  const user = await registerUser(t);
  const token = await login(t, user.username, user.password);
  const info = expectSuccess(await t.call(endpoints.user.getLoginInfo, {}, { token }));
  return { ...user, token, id: info.id };
}

export const fund = (password = DEFAULT_FUND_PASSWORD) => ({ fundPwd: pw(password) });

/** The service, for what the operators' console and other modules call directly. */
export function paymentService(t: TestApp, now?: () => number): PaymentService {
  return new PaymentService({
    db: t.db,
    accounts: {
      verifyCredentials: () => {
        throw new Error('console calls never check user credentials');
      },
    },
    ...(now ? { now } : {}),
  });
}

/** A plain image of the given type and size. */
export async function makeImage(format: 'png' | 'jpeg' | 'webp', width = 320, height = 200): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return image.toFormat(format).toBuffer();
}

export async function upload(
  t: TestApp,
  member: Member,
  purpose: UploadPurpose,
  bytes?: Buffer,
  fileName?: string,
) {
  return t.call(
    payment.uploadImage,
    {
      purpose,
      data: (bytes ?? (await makeImage('jpeg'))).toString('base64'),
      ...(fileName !== undefined ? { fileName } : {}),
    },
    { token: member.token },
  );
}

/** Uploads an image and answers its id; fails the test when refused. */
export async function uploadId(t: TestApp, member: Member, purpose: UploadPurpose, bytes?: Buffer) {
  return expectSuccess(await upload(t, member, purpose, bytes)).id;
}

/** The three photos of a verification, uploaded. */
export async function identityPhotos(t: TestApp, member: Member) {
  return {
    frontImageId: await uploadId(t, member, 'idFront'),
    backImageId: await uploadId(t, member, 'idBack'),
    handheldImageId: await uploadId(t, member, 'idHandheld'),
  };
}

export async function bankId(t: TestApp, code: string): Promise<number> {
  const row = await t.db.selectFrom('bank').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

export async function chainOf(t: TestApp, symbol: string, chainName: string) {
  const row = await t.db
    .selectFrom('vc_chain as c')
    .innerJoin('vc', 'vc.id', 'c.vc_id')
    .select(['c.id', 'c.vc_id'])
    .where('vc.symbol', '=', symbol)
    .where('c.chain_name', '=', chainName)
    .executeTakeFirstOrThrow();
  return { vcId: row.vc_id, vcChainNameId: row.id };
}
