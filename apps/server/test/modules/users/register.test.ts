import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE_MEMBER, endpoints } from '@vela/contract';
import { setConfigValue } from '../../../src/modules/system/system-repository.ts';
import { hashToken } from '../../../src/modules/users/session-repository.ts';
import {
  catalogue,
  countRows,
  createTestApp,
  DEFAULT_FUND_PASSWORD,
  DEFAULT_PASSWORD,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  pw,
  registerUser,
  tr,
  uniqueUsername,
  userRow,
  type ApiResult,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueUsername('r'),
    loginPwd: pw(DEFAULT_PASSWORD),
    preLoginPwd: pw(DEFAULT_PASSWORD),
    fundPwd: pw(DEFAULT_FUND_PASSWORD),
    inviteCode: DEMO.agent.inviteCode,
    ...overrides,
  };
}

/** Sends a registration that must fail and asserts that no user row was created. */
async function refusedRegistration(
  t: TestApp,
  body: Record<string, unknown>,
  lang?: string,
): Promise<ApiResult<unknown>> {
  const before = await countRows(t.db, 'users');
  const name = typeof body.username === 'string' && body.username.trim() !== '' ? body.username.trim() : null;
  const existed = name ? (await userRow(t.db, name)) !== undefined : false;
  const result = await t.post('/user/register', body, { lang });
  expect(result.body.success, JSON.stringify(result.body)).toBe(false);
  expect(await countRows(t.db, 'users')).toBe(before);
  if (name && !existed) expect(await userRow(t.db, name)).toBeUndefined();
  return result;
}

describe('/user/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a member under the agent owning the invite code', async () => {
    const body = registerBody({ username: 'Alice01' });
    const result = await t.call(user.register, body as never, { lang: 'kr' });
    expect(expectSuccess(result)).toEqual({ username: 'Alice01' });
    await expectLocalized(result.body.message, 'kr', 'error.OK');

    const row = await userRow(t.db, 'alice01');
    const agent = await userRow(t.db, DEMO.agent.username);
    expect(row).toMatchObject({
      username: 'Alice01',
      username_key: 'alice01',
      user_type: USER_TYPE_MEMBER,
      parent_id: agent?.id,
      invite_code: null,
      email: null,
      register_way: 'INVITE_CODE',
      status: 1,
    });
    // Passwords are stored as argon2id of the pre-hash, never as sent.
    expect(row?.login_pwd_hash).toMatch(/^\$argon2id\$/);
    expect(row?.fund_pwd_hash).toMatch(/^\$argon2id\$/);
    expect(row?.login_pwd_hash).not.toContain(pw(DEFAULT_PASSWORD));

    const token = await login(t, 'Alice01', DEFAULT_PASSWORD);
    const info = expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    expect(info).toMatchObject({
      username: 'Alice01',
      isAgent: false,
      hasFundPassword: true,
      inviteCode: null,
    });
    expect(
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('accepts usernames at the length limits (2 and 10 characters)', async () => {
    await registerUser(t, { username: 'Zq' });
    await registerUser(t, { username: 'Abcdefghi9' });
    expect(await userRow(t.db, 'zq')).toBeDefined();
    expect(await userRow(t.db, 'abcdefghi9')).toBeDefined();
  });

  it.each([
    ['too short', 'a'],
    ['too long (11 characters)', 'abcdefghijk'],
    ['starting with a digit', '1abc'],
    ['with a symbol', 'ab_c'],
    ['with a space inside', 'ab cd'],
    ['with a non-Latin letter', 'abç'],
    ['empty', ''],
    ['missing', undefined],
    ['not a string', 12345],
  ])('refuses a username %s with VALIDATION_FAILED on username', async (_case, username) => {
    const body = registerBody({ username });
    if (username === undefined) delete (body as Record<string, unknown>).username;
    const result = await refusedRegistration(t, body, 'kr');
    expectFailure(result, 'VALIDATION_FAILED', { field: 'username' });
    const kr = await catalogue('kr');
    expect(result.body.message.startsWith(`${kr['field.username']}: `)).toBe(true);
  });

  it('explains the username rule in the caller’s language', async () => {
    const result = await refusedRegistration(t, registerBody({ username: '1abc' }), 'ar');
    const ar = await catalogue('ar');
    expect(result.body.message).toBe(
      await tr('ar', 'validation.fieldInvalid', {
        field: ar['field.username'],
        reason: ar['validation.username'],
      }),
    );
    const english = await refusedRegistration(t, registerBody({ username: '1abc' }));
    expect(english.body.message).toBe(
      'Username: Username must be 2 to 10 letters or digits and start with a letter',
    );
  });

  it('refuses two different login passwords with PASSWORDS_MISMATCH', async () => {
    const body = registerBody({ preLoginPwd: pw('Another1!') });
    const result = await refusedRegistration(t, body);
    expectFailure(result, 'PASSWORDS_MISMATCH', { field: 'preLoginPwd' });
    expect(result.body.message).toBe('The passwords do not match');

    const korean = await refusedRegistration(t, body, 'kr');
    expectFailure(korean, 'PASSWORDS_MISMATCH');
    await expectLocalized(korean.body.message, 'kr', 'validation.loginPasswordsMismatch');
    expect(await userRow(t.db, body.username)).toBeUndefined();
  });

  it.each([
    ['loginPwd', 'Passw0rd!'],
    ['loginPwd', pw('x').toUpperCase()],
    ['loginPwd', pw('x').slice(1)],
    ['loginPwd', `${pw('x')}0`],
    ['preLoginPwd', ''],
    ['fundPwd', 'not-hex-'.repeat(8)],
    ['fundPwd', undefined],
  ])('refuses %s %j that is not a 64-hex pre-hash with VALIDATION_FAILED', async (field, value) => {
    const body: Record<string, unknown> = registerBody({ [field]: value });
    if (field === 'loginPwd') body.preLoginPwd = value;
    if (value === undefined) delete body[field];
    const result = await refusedRegistration(t, body, 'ar');
    expectFailure(result, 'VALIDATION_FAILED', { field });
    const ar = await catalogue('ar');
    expect(result.body.message).toContain(ar[`field.${field}` as 'field.loginPwd']);
  });

  it('refuses an invite code nobody owns with INVITE_CODE_INVALID', async () => {
    const body = registerBody({ inviteCode: '999999' });
    const result = await refusedRegistration(t, body, 'kr');
    expectFailure(result, 'INVITE_CODE_INVALID', { field: 'inviteCode' });
    await expectLocalized(result.body.message, 'kr', 'error.INVITE_CODE_INVALID');
    expect(await userRow(t.db, body.username)).toBeUndefined();
  });

  it('refuses the invite code of a member (only agents own codes)', async () => {
    const member = await userRow(t.db, DEMO.user.username);
    await t.db.updateTable('users').set({ invite_code: '424242' }).where('id', '=', member!.id).execute();
    try {
      const result = await refusedRegistration(t, registerBody({ inviteCode: '424242' }));
      expectFailure(result, 'INVITE_CODE_INVALID', { field: 'inviteCode' });
    } finally {
      await t.db.updateTable('users').set({ invite_code: null }).where('id', '=', member!.id).execute();
    }
  });

  it.each([['12345'], ['1234567'], ['abcdef'], ['12 345'], [''], [123456], [undefined]])(
    'refuses the malformed invite code %j with VALIDATION_FAILED',
    async (inviteCode) => {
      const body: Record<string, unknown> = registerBody({ inviteCode });
      if (inviteCode === undefined) delete body.inviteCode;
      const result = await refusedRegistration(t, body, 'kr');
      expectFailure(result, 'VALIDATION_FAILED', { field: 'inviteCode' });
      expect(result.body.message).toContain((await catalogue('kr'))['field.inviteCode']);
    },
  );

  it('refuses a taken username, also in another letter case, with USERNAME_TAKEN', async () => {
    const first = await registerUser(t, { username: 'Carol7' });
    for (const username of ['Carol7', 'carol7', 'CAROL7', 'DEMO01', DEMO.agent.username]) {
      const result = await refusedRegistration(
        t,
        registerBody({ username, loginPwd: pw('Other#1'), preLoginPwd: pw('Other#1') }),
        'kr',
      );
      expectFailure(result, 'USERNAME_TAKEN', { field: 'username' });
      await expectLocalized(result.body.message, 'kr', 'error.USERNAME_TAKEN');
    }
    // The existing account is untouched: its own password still works, the intruder's does not.
    await login(t, 'Carol7', first.password);
    const intruder = await t.call(user.login, {
      username: 'carol7',
      password: pw('Other#1'),
      deviceId: 'd',
      deviceType: 'H5',
    });
    expectFailure(intruder, 'LOGIN_FAILED');
  });

  it('lets exactly one of two simultaneous registrations of a name succeed', async () => {
    const username = uniqueUsername('race');
    const before = await countRows(t.db, 'users');
    const results = await Promise.all([
      t.post('/user/register', registerBody({ username })),
      t.post(
        '/user/register',
        registerBody({ username: username.toUpperCase().replace(/^./, (c) => c.toLowerCase()) }),
      ),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const loser = results.find((r) => !r.body.success);
    expectFailure(loser!, 'USERNAME_TAKEN', { field: 'username' });
    expect(await countRows(t.db, 'users')).toBe(before + 1);
  });

  it('refuses every registration while registration is closed', async () => {
    await setConfigValue(t.db, 'REGISTER', 'enabled', 'false');
    try {
      const body = registerBody();
      const result = await refusedRegistration(t, body);
      expectFailure(result, 'REGISTRATION_CLOSED');
      expect(result.body.message).toBe(
        'The registration function is not open, please contact the administrator',
      );
      const korean = await refusedRegistration(t, body, 'kr');
      expectFailure(korean, 'REGISTRATION_CLOSED');
      await expectLocalized(korean.body.message, 'kr', 'error.REGISTRATION_CLOSED');

      const code = await t.post('/user/register/email/code', { email: 'closed@example.com' }, { lang: 'ar' });
      expectFailure(code, 'REGISTRATION_CLOSED');
      await expectLocalized(code.body.message, 'ar', 'error.REGISTRATION_CLOSED');
      expect(await countRows(t.db, 'mail_outbox')).toBe(0);
    } finally {
      await setConfigValue(t.db, 'REGISTER', 'enabled', 'true');
    }
    await registerUser(t);
  });

  it('ignores an email when the email variant is off', async () => {
    const body = registerBody({ email: 'ignored@example.com' });
    expectSuccess(await t.post('/user/register', body));
    expect((await userRow(t.db, body.username))?.email).toBeNull();
  });
});

describe('/user/register, email variant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setConfigValue(t.db, 'REGISTER', 'emailRequired', 'true');
  });
  afterAll(async () => {
    await t.close();
  });

  async function latestCode(email: string): Promise<string> {
    const row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const match = /\b(\d{6})\b/.exec(row.body);
    expect(match, row.body).not.toBeNull();
    return match![1]!;
  }

  it('requires an email', async () => {
    const result = await refusedRegistration(t, registerBody(), 'kr');
    expectFailure(result, 'VALIDATION_FAILED', { field: 'email' });
    await expectLocalized(result.body.message, 'kr', 'validation.email');
  });

  it('requires the email code', async () => {
    const result = await refusedRegistration(t, registerBody({ email: 'nocode@example.com' }));
    expectFailure(result, 'VALIDATION_FAILED', { field: 'emailCode' });
  });

  it.each(['not-an-email', 'a@b', 'two@@example.com', ''])(
    'refuses the malformed email %j',
    async (email) => {
      const result = await refusedRegistration(t, registerBody({ email, emailCode: '123456' }), 'ar');
      expectFailure(result, 'VALIDATION_FAILED', { field: 'email' });
      expect(result.body.message).toContain((await catalogue('ar'))['field.email']);
      const codeRequest = await t.post('/user/register/email/code', { email });
      expectFailure(codeRequest, 'VALIDATION_FAILED', { field: 'email' });
    },
  );

  it('sends a 6-digit code to the outbox, accepts it once, and refuses a wrong or reused one', async () => {
    const email = 'first@example.com';
    const sent = await t.call(user.registerEmailCode, { email }, { lang: 'kr' });
    expect(expectSuccess(sent)).toEqual({ expiresInSeconds: 600, resendAfterSeconds: 60 });
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      transport: 'outbox',
      subject: await tr('kr', 'mail.registerCodeSubject'),
    });
    const code = await latestCode(email);
    // Only a hash of the code is kept.
    const stored = await t.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await refusedRegistration(t, registerBody({ email, emailCode: wrongCode }), 'kr');
    expectFailure(wrong, 'EMAIL_CODE_INVALID', { field: 'emailCode' });
    await expectLocalized(wrong.body.message, 'kr', 'error.EMAIL_CODE_INVALID');

    const body = registerBody({ email, emailCode: code });
    expectSuccess(await t.post('/user/register', body));
    expect((await userRow(t.db, body.username))?.email).toBe(email);

    // The same code again: the address is now taken.
    const again = await refusedRegistration(t, registerBody({ email, emailCode: code }));
    expectFailure(again, 'EMAIL_TAKEN', { field: 'email' });
    // Even with the account gone (with its place in the team) the code stays used up.
    const gone = await userRow(t.db, body.username);
    if (!gone) throw new Error('the registered user is missing');
    await t.db.deleteFrom('team_path').where('member_id', '=', gone.id).execute();
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const reused = await refusedRegistration(t, registerBody({ email, emailCode: code }));
    expectFailure(reused, 'EMAIL_CODE_INVALID', { field: 'emailCode' });
  });

  it('matches the address case-insensitively', async () => {
    expectSuccess(await t.post('/user/register/email/code', { email: 'Mixed.Case@Example.COM' }));
    const code = await latestCode('mixed.case@example.com');
    expectSuccess(
      await t.post('/user/register', registerBody({ email: 'MIXED.case@example.com', emailCode: code })),
    );
  });

  it('refuses a second code request within 60 s with RATE_LIMITED', async () => {
    const email = 'twice@example.com';
    expectSuccess(await t.post('/user/register/email/code', { email }));
    const outbox = await countRows(t.db, 'mail_outbox');
    const second = await t.post('/user/register/email/code', { email }, { lang: 'kr' });
    expectFailure(second, 'RATE_LIMITED');
    const seconds = Number(/(\d+)/.exec(second.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await expectLocalized(second.body.message, 'kr', 'error.RATE_LIMITED', { seconds });
    expect(await countRows(t.db, 'mail_outbox')).toBe(outbox);
    // The first code is still the one that works.
    expectSuccess(
      await t.post('/user/register', registerBody({ email, emailCode: await latestCode(email) })),
    );
  });

  it('refuses a code request for a registered address with EMAIL_TAKEN', async () => {
    const email = 'taken@example.com';
    expectSuccess(await t.post('/user/register/email/code', { email }));
    expectSuccess(
      await t.post('/user/register', registerBody({ email, emailCode: await latestCode(email) })),
    );
    const outbox = await countRows(t.db, 'mail_outbox');
    const result = await t.post('/user/register/email/code', { email }, { lang: 'kr' });
    expectFailure(result, 'EMAIL_TAKEN', { field: 'email' });
    await expectLocalized(result.body.message, 'kr', 'error.EMAIL_TAKEN');
    expect(await countRows(t.db, 'mail_outbox')).toBe(outbox);
  });

  it('stops checking codes for an address after 5 wrong ones', async () => {
    const email = 'guess@example.com';
    expectSuccess(await t.post('/user/register/email/code', { email }));
    const code = await latestCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectFailure(
        await refusedRegistration(t, registerBody({ email, emailCode: wrong })),
        'EMAIL_CODE_INVALID',
      );
    }
    const blocked = await refusedRegistration(t, registerBody({ email, emailCode: code }), 'kr');
    expectFailure(blocked, 'RATE_LIMITED');
    expect(blocked.body.message).toMatch(/\d+/);
  });
});
