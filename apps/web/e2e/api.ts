import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { preHashPassword } from '@vela/domain';
import { DEMO, shot, totpAt, uniqueName } from './support.ts';

/**
 * What the browser tests do through the API rather than the screens: making members, signing in
 * operators, crediting balances, and a generated image to upload. Every answer is checked.
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
  const session = await ok(
    post<{ token: string; user: { id: number } }>(request, '/user/login', {
      username,
      password: preHashPassword(password),
      deviceId: 'e2e',
      deviceType: 'H5',
    }),
  );
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
