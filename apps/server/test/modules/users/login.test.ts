import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE_AGENT, USER_TYPE_MEMBER, endpoints } from '@vela/contract';
import { hashToken } from '../../../src/modules/users/session-repository.ts';
import {
  catalogue,
  countRows,
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  loginBody,
  registerUser,
  tr,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

/** Login, sessions and forceLogout (docs/product.md, "Accounts"; decision 004). */
describe('login and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function sessionOf(token: string) {
    return t.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
  }

  it('logs in and answers a token with the user data', async () => {
    const before = Date.now();
    const result = await t.call(user.login, loginBody(DEMO.user.username, DEMO.user.password), {
      ip: '203.0.113.7',
    });
    const data = expectSuccess(result);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      username: DEMO.user.username,
      userType: USER_TYPE_MEMBER,
      isAgent: false,
      inviteCode: null,
      hasFundPassword: true,
      googleBound: false,
      realNameStatus: 'NONE',
    });
    expect(data.user.lastLoginAt).toBeGreaterThanOrEqual(before);

    // The session is stored by the token's hash only, for the configured lifetime.
    const session = await sessionOf(data.token);
    expect(session).toMatchObject({
      device_id: 'test-device',
      device_type: 'H5',
      ip: '203.0.113.7',
      revoked_at: null,
    });
    expect(session!.expires_at - session!.created_at).toBe(t.config.SESSION_TTL_HOURS * 3_600_000);
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === data.token)).toBe(false);
    expect((await userRow(t.db, DEMO.user.username))?.last_login_ip).toBe('203.0.113.7');
  });

  it('accepts the username in any letter case', async () => {
    const result = await t.call(user.login, loginBody('DeMo01', DEMO.user.password));
    expect(expectSuccess(result).user.username).toBe(DEMO.user.username);
  });

  it('gives every login its own token', async () => {
    const first = await login(t, DEMO.user.username, DEMO.user.password);
    const second = await login(t, DEMO.user.username, DEMO.user.password);
    expect(first).not.toBe(second);
  });

  it('answers a wrong password and an unknown username alike with LOGIN_FAILED', async () => {
    const sessions = await countRows(t.db, 'sessions');
    const wrongPassword = await t.call(user.login, loginBody(DEMO.agent.username, 'wrong-password'), {
      lang: 'kr',
    });
    const unknownUser = await t.call(user.login, loginBody('nobody42', DEMO.agent.password), { lang: 'kr' });
    expectFailure(wrongPassword, 'LOGIN_FAILED');
    expectFailure(unknownUser, 'LOGIN_FAILED');
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expect(wrongPassword.body.data).toBeNull();
    await expectLocalized(wrongPassword.body.message, 'kr', 'error.LOGIN_FAILED');
    expect(await countRows(t.db, 'sessions')).toBe(sessions);
  });

  it.each([
    ['username', { username: '1bad' }],
    ['username', { username: undefined }],
    ['password', { password: 'plain-text-password' }],
    ['deviceId', { deviceId: '' }],
    ['deviceId', { deviceId: 'x'.repeat(129) }],
    ['deviceId', { deviceId: undefined }],
    ['deviceType', { deviceType: 'BROWSER' }],
    ['googleCode', { googleCode: '12345' }],
    ['googleCode', { googleCode: 'abcdef' }],
  ])('refuses a bad %s with VALIDATION_FAILED', async (field, override) => {
    const body: Record<string, unknown> = {
      ...loginBody(DEMO.user.username, DEMO.user.password),
      ...override,
    };
    for (const key of Object.keys(override)) if (body[key] === undefined) delete body[key];
    const sessions = await countRows(t.db, 'sessions');
    const result = await t.post('/user/login', body, { lang: 'ar' });
    expectFailure(result, 'VALIDATION_FAILED', { field });
    expect(result.body.message).toContain((await catalogue('ar'))[`field.${field}` as 'field.username']);
    expect(await countRows(t.db, 'sessions')).toBe(sessions);
  });

  it('refuses the 6th attempt from an address after its 5 failures, even with the right password', async () => {
    const member = await registerUser(t);
    const ip = '198.51.100.23';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expectFailure(
        await t.call(user.login, loginBody(member.username, `wrong-${attempt}`), { ip }),
        'LOGIN_FAILED',
      );
    }
    const sessions = await countRows(t.db, 'sessions');
    const blocked = await t.call(user.login, loginBody(member.username, member.password), { lang: 'en', ip });
    expectFailure(blocked, 'RATE_LIMITED');
    const seconds = Number(/try again in (\d+) seconds/.exec(blocked.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);

    const korean = await t.call(
      user.login,
      loginBody(member.username.toUpperCase().replace(/^./, 'u'), member.password),
      { lang: 'kr', ip },
    );
    expectFailure(korean, 'RATE_LIMITED');
    const koreanSeconds = Number(/(\d+)/.exec(korean.body.message)?.[1]);
    await expectLocalized(korean.body.message, 'kr', 'error.RATE_LIMITED', { seconds: koreanSeconds });
    expect(await countRows(t.db, 'sessions')).toBe(sessions);

    // The limit is per account: others still log in.
    await login(t, DEMO.agent.username, DEMO.agent.password);
  });

  it('makes other addresses wait 30 s, not 15 minutes, once an account’s 5 failures are used up', async () => {
    const member = await registerUser(t);
    // Every request of the test app comes from a new address.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expectFailure(await t.call(user.login, loginBody(member.username, `wrong-${attempt}`)), 'LOGIN_FAILED');
    }
    const waiting = await t.call(user.login, loginBody(member.username, member.password), { lang: 'en' });
    expectFailure(waiting, 'RATE_LIMITED');
    const seconds = Number(/try again in (\d+) seconds/.exec(waiting.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it('forgets earlier failures after a successful login', async () => {
    const member = await registerUser(t);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expectFailure(await t.call(user.login, loginBody(member.username, 'nope')), 'LOGIN_FAILED');
    }
    await login(t, member.username, member.password);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expectFailure(await t.call(user.login, loginBody(member.username, 'nope')), 'LOGIN_FAILED');
    }
    await login(t, member.username, member.password);
  });

  it('refuses a disabled account, and ends its sessions', async () => {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    await t.db
      .updateTable('users')
      .set({ status: 0 })
      .where('username_key', '=', member.username.toLowerCase())
      .execute();
    const result = await t.call(user.login, loginBody(member.username, member.password), { lang: 'kr' });
    expectFailure(result, 'ACCOUNT_DISABLED');
    await expectLocalized(result.body.message, 'kr', 'error.ACCOUNT_DISABLED');
    expectFailure(await t.call(user.getLoginInfo, {}, { token }), 'SESSION_EXPIRED', { forceLogout: true });
  });

  it('answers /user/get-login-info for the session’s user, with or without the Bearer prefix', async () => {
    const token = await login(t, DEMO.agent.username, DEMO.agent.password);
    const info = expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    expect(info).toMatchObject({ username: DEMO.agent.username, userType: USER_TYPE_AGENT, isAgent: true });
    const bearer = expectSuccess(await t.call(user.getLoginInfo, {}, { token: `Bearer ${token}` }));
    expect(bearer.id).toBe(info.id);
  });

  it('answers a call without a token with UNAUTHORIZED and forceLogout', async () => {
    for (const path of [
      '/user/get-login-info',
      '/user/logout',
      '/user/has-bound-google',
      '/user/bind-google-get',
    ]) {
      const result = await t.post(path, {}, { lang: 'kr' });
      expectFailure(result, 'UNAUTHORIZED', { forceLogout: true });
      await expectLocalized(result.body.message, 'kr', 'error.UNAUTHORIZED');
    }
    expectFailure(await t.post('/user/get-login-info', {}, { token: 'Bearer ' }), 'UNAUTHORIZED', {
      forceLogout: true,
    });
  });

  it('answers a forged token with SESSION_EXPIRED and forceLogout', async () => {
    const token = await login(t, DEMO.user.username, DEMO.user.password);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [forged, 'not-a-token', hashToken(token)]) {
      const result = await t.post('/user/get-login-info', {}, { token: candidate, lang: 'ar' });
      expectFailure(result, 'SESSION_EXPIRED', { forceLogout: true });
      await expectLocalized(result.body.message, 'ar', 'error.SESSION_EXPIRED');
    }
  });

  it('ends the session on /user/logout, and only that session', async () => {
    const token = await login(t, DEMO.user.username, DEMO.user.password);
    const other = await login(t, DEMO.user.username, DEMO.user.password);
    const result = await t.call(user.logout, {}, { token, lang: 'kr' });
    expect(expectSuccess(result)).toBeNull();
    expect((await sessionOf(token))?.revoked_at).toBeGreaterThan(0);

    expectFailure(await t.call(user.getLoginInfo, {}, { token }), 'SESSION_EXPIRED', { forceLogout: true });
    expectFailure(await t.call(user.logout, {}, { token }), 'SESSION_EXPIRED', { forceLogout: true });
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: other }));
  });

  it('ends an expired session with forceLogout', async () => {
    const token = await login(t, DEMO.user.username, DEMO.user.password);
    expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    await t.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const result = await t.call(user.getLoginInfo, {}, { token });
    expectFailure(result, 'SESSION_EXPIRED', { forceLogout: true });
    expect(result.body.message).toBe(await tr('en', 'error.SESSION_EXPIRED'));
  });

  it('keeps a session alive while it is used (last_seen_at moves at most once a minute)', async () => {
    const token = await login(t, DEMO.user.username, DEMO.user.password);
    const old = Date.now() - 5 * 60_000;
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: old })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    const touched = (await sessionOf(token))!.last_seen_at;
    expect(touched).toBeGreaterThan(old);
    expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    expect((await sessionOf(token))!.last_seen_at).toBe(touched);
  });
});
