import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { preHashPassword } from '@vela/domain';
import { DEMO, shot, totpAt, uniqueName } from './support.ts';

/**
 * What the browser tests do through the API rather than the screens: making members and signing
 * them in (a page too), signing in operators, crediting balances, verifying identities, binding an
 * address, and a generated image to upload. Each flow is also tested once through its screens; the
 * other tests prepare the same state here, which is faster. Every answer is checked.
 */

export interface Envelope<T> {
  success: boolean;
  code: string;
  message: string;
  data: T;
}

/** POST /api + path in English; answers the envelope, whatever it says. */
export async function post<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const response = await request.post(`/api${path}`, { data: body, headers: { lang: 'en', ...headers } });
  return (await response.json()) as Envelope<T>;
}

/** The data of a successful answer; fails the test with the code and message of any other. */
export async function ok<T>(answer: Promise<Envelope<T>>): Promise<T> {
  const envelope = await answer;
  expect(envelope, `${envelope.code}: ${envelope.message}`).toMatchObject({ success: true });
  return envelope.data;
}

export const idempotencyKey = () => randomBytes(16).toString('hex');

export const MEMBER_PASSWORD = 'Secret#123';
export const MEMBER_FUND_PASSWORD = 'Fund#4567';
/** Tether's contract address on TRON: a real TRC20 address with a valid checksum. */
export const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface Member {
  username: string;
  userId: number;
  token: string;
}

/** A new member (registration sets the fund password), signed in through the API. */
export async function newMember(request: APIRequestContext, prefix = 'm'): Promise<Member> {
  const username = uniqueName(prefix);
  await ok(
    post(request, '/user/register', {
      username,
      loginPwd: preHashPassword(MEMBER_PASSWORD),
      preLoginPwd: preHashPassword(MEMBER_PASSWORD),
      fundPwd: preHashPassword(MEMBER_FUND_PASSWORD),
      inviteCode: DEMO.inviteCode,
    }),
  );
  return signIn(request, username, MEMBER_PASSWORD);
}

export async function signIn(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<Member> {
  const session = await memberSession(request, username, password);
  return { username, userId: session.user.id, token: session.token };
}

/** The login answer: the session token and the user, as the login screen receives them. */
async function memberSession(
  request: APIRequestContext,
  username: string,
  password: string,
  googleCode?: string,
): Promise<{ token: string; user: { id: number } }> {
  return ok(
    post<{ token: string; user: { id: number } }>(request, '/user/login', {
      username,
      password: preHashPassword(password),
      ...(googleCode === undefined ? {} : { googleCode }),
      deviceId: 'e2e',
      deviceType: 'H5',
    }),
  );
}

/**
 * Starts the page signed in as the member, for tests whose subject is not the login screen: the
 * session comes from the API and is stored where the login screen stores it (the session store's
 * `vela-session`) before the app's scripts run. It is stored once per tab, so that a log-out later
 * in the test stays a log-out. The caller opens the first page.
 */
export async function signInPage(
  page: Page,
  request: APIRequestContext,
  username: string,
  password: string,
  googleCode?: string,
): Promise<Member> {
  const session = await memberSession(request, username, password, googleCode);
  await page.addInitScript((state) => {
    if (sessionStorage.getItem('vela-test-session-stored')) return;
    sessionStorage.setItem('vela-test-session-stored', '1');
    localStorage.setItem('vela-session', JSON.stringify({ state, version: 1 }));
  }, session);
  return { username, userId: session.user.id, token: session.token };
}

/** The seeded console operators; their passwords and TOTP secrets are public demo values (decision 016). */
export const OPERATORS = {
  admin: { username: 'admin', password: 'Admin@2024', totpSecret: 'VELADEMOADMINTOTPSECRETKEY234567' },
  finance: { username: 'finance', password: 'Finance@2024', totpSecret: 'VELADEMOFINANCETOTPSECRETKEY2345' },
  support: { username: 'support', password: 'Support@2024', totpSecret: 'VELADEMOSUPPORTTOTPSECRETKEY2345' },
} as const;

/**
 * An operator's console session (the token and the operator, as the sign-in answers them). A code
 * is accepted once, and another test may have just used this 30-second step, so the next step's
 * code (inside the ±30 s tolerance) is the fallback.
 */
export async function operatorSession(
  request: APIRequestContext,
  operator: (typeof OPERATORS)[keyof typeof OPERATORS] = OPERATORS.admin,
): Promise<{ token: string; operator: unknown }> {
  let last: Envelope<{ token: string; operator: unknown }> | null = null;
  for (const offsetMs of [0, 30_000]) {
    last = await post<{ token: string; operator: unknown }>(request, '/admin/login', {
      username: operator.username,
      password: preHashPassword(operator.password),
      googleCode: await totpAt(operator.totpSecret, offsetMs),
    });
    if (last.success) return last.data;
  }
  throw new Error(`operator login failed: ${last?.code} ${last?.message}`);
}

/** The console sessions `operatorToken` has opened in this worker, by operator. */
const openSessions = new Map<string, string>();

/**
 * A token of the operator's console session, reused while the server still accepts it: each new
 * sign-in spends a code of the authenticator's 30-second steps, and tests that fund members one after
 * another spent them faster than they come (and then met the sign-in rate limit).
 */
export async function operatorToken(
  request: APIRequestContext,
  operator: (typeof OPERATORS)[keyof typeof OPERATORS] = OPERATORS.admin,
): Promise<string> {
  const known = openSessions.get(operator.username);
  if (known && (await post(request, '/admin/me', {}, { authorization: known })).success) return known;
  const { token } = await operatorSession(request, operator);
  openSessions.set(operator.username, token);
  return token;
}

export interface WalletCurrency {
  vcId: number;
  symbol: string;
  spot: string;
  contract: string;
  frozen: string;
}

/** One currency of the member's wallet overview. */
export async function walletCurrency(
  request: APIRequestContext,
  token: string,
  symbol: string,
): Promise<WalletCurrency> {
  const overview = await ok(
    post<{ currencies: WalletCurrency[] }>(request, '/wallet/overview', {}, { authorization: token }),
  );
  const found = overview.currencies.find((c) => c.symbol === symbol);
  if (!found) throw new Error(`${symbol} is not a wallet currency`);
  return found;
}

/** Credits the member's spot account through the console's audited balance adjustment. */
export async function credit(
  request: APIRequestContext,
  member: { userId: number; token: string },
  symbol: string,
  amount: string,
  operator?: string,
): Promise<void> {
  const token = operator ?? (await operatorToken(request));
  const { vcId } = await walletCurrency(request, member.token, symbol);
  await ok(
    post(
      request,
      '/admin/balance/adjust',
      { userId: member.userId, vcId, amount, reason: `Browser test funding of ${symbol}` },
      { authorization: token, 'idempotency-key': idempotencyKey() },
    ),
  );
}

/**
 * Real-name verification of a member made by `newMember`: a passport of Kim Minsu submitted with
 * three photos, then approved in the console (by the admin's session unless `operator` is given).
 */
export async function verifyIdentity(
  request: APIRequestContext,
  member: Member,
  options: { certNumber?: string; operator?: string } = {},
): Promise<void> {
  const auth = { authorization: member.token };
  const photo = voucherPng(160).toString('base64');
  const upload = async (purpose: string) =>
    (await ok(post<{ id: number }>(request, '/upload/image', { purpose, data: photo }, auth))).id;
  const submitted = await ok(
    post<{ current: { id: number } | null }>(
      request,
      '/user/real-name/submit',
      {
        certType: 'PASSPORT',
        name: 'Kim Minsu',
        certNumber: options.certNumber ?? `M${Date.now().toString().slice(-8)}`,
        frontImageId: await upload('idFront'),
        backImageId: await upload('idBack'),
        handheldImageId: await upload('idHandheld'),
        fundPwd: preHashPassword(MEMBER_FUND_PASSWORD),
      },
      auth,
    ),
  );
  const operator = options.operator ?? (await operatorToken(request));
  await ok(
    post(
      request,
      '/admin/real-name/approve',
      { id: submitted.current?.id ?? 0 },
      { authorization: operator },
    ),
  );
}

/** A USDT address on TRC20 bound to a member made by `newMember`, as the add-wallet-address form binds it. */
export async function bindTrc20Address(request: APIRequestContext, member: Member): Promise<void> {
  const chains = await ok(
    post<{ id: number; vcId: number; symbol: string; chainName: string }[]>(
      request,
      '/portal/vc-chain/list',
      {},
    ),
  );
  const trc20 = chains.find((c) => c.symbol === 'USDT' && c.chainName === 'TRC20');
  if (!trc20) throw new Error('USDT on TRC20 is not a configured chain');
  await ok(
    post(
      request,
      '/user/wallet-address/add',
      {
        vcId: trc20.vcId,
        vcChainNameId: trc20.id,
        vcAccount: TRC20_ADDRESS,
        fundPwd: preHashPassword(MEMBER_FUND_PASSWORD),
      },
      { authorization: member.token },
    ),
  );
}

// ---- a small PNG, made here -------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `size`-pixel square RGB PNG: a receipt-like pale page with darker stripes, so the server's
 * decoder and re-encoder get a real image, above its 64-pixel minimum side.
 */
export function voucherPng(size = 120): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then the pixels
    const stripe = Math.floor(y / 12) % 2 === 1;
    for (let x = 0; x < size; x += 1) row.set(stripe ? [70, 90, 120] : [245, 242, 232], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- screens in three looks ---------------------------------------------------------------------

/** Rewrites the stored preferences (theme, language) and reloads, as the app's own controls would. */
export async function setPreferences(page: Page, preferences: { theme: 'dark' | 'light'; locale: string }) {
  await page.evaluate((next) => {
    const stored = JSON.parse(localStorage.getItem('vela-preferences') ?? '{"state":{},"version":1}') as {
      state: Record<string, unknown>;
    };
    stored.state = { ...stored.state, ...next };
    localStorage.setItem('vela-preferences', JSON.stringify(stored));
  }, preferences);
  await page.reload();
}

/**
 * The current screen in dark (English), light (English) and dark Arabic, saved as
 * `<name>-dark|light|ar`; then back to dark English. `ready` brings the screen to the state to
 * capture and waits for it; in Arabic `readyInArabic` does, when `ready` looks for English text.
 */
export async function captureThemes(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  readyInArabic: () => Promise<void> = ready,
) {
  await ready();
  await shot(page, `${name}-dark`);
  await setPreferences(page, { theme: 'light', locale: 'en' });
  await ready();
  await shot(page, `${name}-light`);
  await setPreferences(page, { theme: 'dark', locale: 'ar' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await readyInArabic();
  await shot(page, `${name}-ar`);
  await setPreferences(page, { theme: 'dark', locale: 'en' });
  await ready();
}
