import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { currentTotp } from '../../../src/modules/users/totp.ts';
import {
  bindGoogle,
  bindGoogleWithCode,
  countRows,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  loginBody,
  pw,
  registerUser,
  userRow,
  wrongTotp,
  type RegisteredUser,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

/**
 * Google authenticator (docs/product.md, "Accounts"; decision 004): codes are six digits, cannot be
 * replayed, and checks are rate limited. Binding claims the code's time step, so a login right after
 * it uses the code of the next step, which is accepted within the ±30 s tolerance.
 */
const nextStepCode = (secret: string) => currentTotp(secret, Date.now() + 30_000);

describe('Google authenticator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function freshUser(): Promise<RegisteredUser & { token: string }> {
    const member = await registerUser(t);
    return { ...member, token: await login(t, member.username, member.password) };
  }

  it('prepares a secret with an otpauth URI, and answers the same pending secret again', async () => {
    const member = await freshUser();
    expect(expectSuccess(await t.call(user.hasBoundGoogle, {}, { token: member.token }))).toEqual({
      bound: false,
    });
    const first = expectSuccess(await t.call(user.bindGoogleGet, {}, { token: member.token }));
    expect(first.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(first.otpauthUri.startsWith('otpauth://totp/')).toBe(true);
    const uri = new URL(first.otpauthUri);
    expect(uri.searchParams.get('secret')).toBe(first.secret);
    expect(uri.searchParams.get('issuer')).toBe('Vela');
    expect(decodeURIComponent(uri.pathname)).toContain(member.username);

    const second = expectSuccess(await t.call(user.bindGoogleGet, {}, { token: member.token }));
    expect(second).toEqual(first);
    // Preparing does not bind.
    expect(expectSuccess(await t.call(user.hasBoundGoogle, {}, { token: member.token }))).toEqual({
      bound: false,
    });
    expect((await userRow(t.db, member.username))?.google_secret).toBeNull();
  });

  it('refuses to bind before a secret was prepared', async () => {
    const member = await freshUser();
    const result = await t.call(
      user.bindGoogle,
      { password: pw(member.password), code: '123456' },
      { token: member.token, lang: 'kr' },
    );
    expectFailure(result, 'GOOGLE_SECRET_MISSING');
    await expectLocalized(result.body.message, 'kr', 'error.GOOGLE_SECRET_MISSING');
  });

  it('refuses a wrong password, a wrong code and malformed input, and binds with the right ones', async () => {
    const member = await freshUser();
    const { secret } = expectSuccess(await t.call(user.bindGoogleGet, {}, { token: member.token }));
    const code = await currentTotp(secret, Date.now());

    const wrongPassword = await t.call(
      user.bindGoogle,
      { password: pw('not-my-password'), code },
      { token: member.token, lang: 'kr' },
    );
    expectFailure(wrongPassword, 'PASSWORD_WRONG', { field: 'password' });
    await expectLocalized(wrongPassword.body.message, 'kr', 'error.PASSWORD_WRONG');

    const wrongCode = await t.call(
      user.bindGoogle,
      { password: pw(member.password), code: await wrongTotp(secret) },
      { token: member.token, lang: 'ar' },
    );
    expectFailure(wrongCode, 'GOOGLE_CODE_INVALID');
    await expectLocalized(wrongCode.body.message, 'ar', 'error.GOOGLE_CODE_INVALID');

    for (const bad of [{ code: '12345' }, { code: 'abcdef' }, { code: undefined }, { password: 'x' }]) {
      const body: Record<string, unknown> = { password: pw(member.password), code, ...bad };
      for (const key of Object.keys(bad)) if (body[key] === undefined) delete body[key];
      expectFailure(await t.post('/user/bind-google', body, { token: member.token }), 'VALIDATION_FAILED', {
        field: Object.keys(bad)[0]!,
      });
    }
    expect(expectSuccess(await t.call(user.hasBoundGoogle, {}, { token: member.token }))).toEqual({
      bound: false,
    });

    const bound = await t.call(
      user.bindGoogle,
      { password: pw(member.password), code },
      { token: member.token },
    );
    expect(expectSuccess(bound)).toMatchObject({ username: member.username, googleBound: true });
    expect(expectSuccess(await t.call(user.hasBoundGoogle, {}, { token: member.token }))).toEqual({
      bound: true,
    });
    const row = await userRow(t.db, member.username);
    expect(row).toMatchObject({ google_secret: secret, google_secret_pending: null });

    const again = await t.call(user.bindGoogleGet, {}, { token: member.token, lang: 'kr' });
    expectFailure(again, 'GOOGLE_ALREADY_BOUND');
    await expectLocalized(again.body.message, 'kr', 'error.GOOGLE_ALREADY_BOUND');
    expectFailure(
      await t.call(
        user.bindGoogle,
        { password: pw(member.password), code: await nextStepCode(secret) },
        { token: member.token },
      ),
      'GOOGLE_ALREADY_BOUND',
    );
  });

  it('reports the code field by the name the bind request uses (code)', async () => {
    const member = await freshUser();
    const { secret } = expectSuccess(await t.call(user.bindGoogleGet, {}, { token: member.token }));
    const result = await t.call(
      user.bindGoogle,
      { password: pw(member.password), code: await wrongTotp(secret) },
      { token: member.token },
    );
    expectFailure(result, 'GOOGLE_CODE_INVALID', { field: 'code' });
  });

  it('asks for the code at login once bound, accepts a fresh one and refuses it a second time', async () => {
    const member = await freshUser();
    const { secret, code: bindCode } = await bindGoogleWithCode(t, member.token, member.password);
    const sessions = await countRows(t.db, 'sessions');

    const missing = await t.call(user.login, loginBody(member.username, member.password), { lang: 'kr' });
    expectFailure(missing, 'GOOGLE_CODE_REQUIRED', { field: 'googleCode' });
    await expectLocalized(missing.body.message, 'kr', 'error.GOOGLE_CODE_REQUIRED');
    expectFailure(
      await t.call(user.login, loginBody(member.username, member.password, '')),
      'GOOGLE_CODE_REQUIRED',
    );

    // A wrong password is refused as such, without revealing that a code would be needed.
    expectFailure(await t.call(user.login, loginBody(member.username, 'wrong-password')), 'LOGIN_FAILED');

    const wrong = await t.call(
      user.login,
      loginBody(member.username, member.password, await wrongTotp(secret)),
      { lang: 'kr' },
    );
    expectFailure(wrong, 'GOOGLE_CODE_INVALID', { field: 'googleCode' });
    await expectLocalized(wrong.body.message, 'kr', 'error.GOOGLE_CODE_INVALID');

    // The code that bound the authenticator was used up by binding.
    const replayedBind = await t.call(user.login, loginBody(member.username, member.password, bindCode));
    expectFailure(replayedBind, 'GOOGLE_CODE_REPLAYED', { field: 'googleCode' });

    // Two steps ahead is outside the tolerance.
    const farFuture = await currentTotp(secret, Date.now() + 90_000);
    expectFailure(
      await t.call(user.login, loginBody(member.username, member.password, farFuture)),
      'GOOGLE_CODE_INVALID',
    );
    expect(await countRows(t.db, 'sessions')).toBe(sessions);

    const code = await nextStepCode(secret);
    const ok = await t.call(user.login, loginBody(member.username, member.password, code));
    expect(expectSuccess(ok).user.googleBound).toBe(true);

    const replay = await t.call(user.login, loginBody(member.username, member.password, code), {
      lang: 'ar',
    });
    expectFailure(replay, 'GOOGLE_CODE_REPLAYED', { field: 'googleCode' });
    await expectLocalized(replay.body.message, 'ar', 'error.GOOGLE_CODE_REPLAYED');
    expect(await countRows(t.db, 'sessions')).toBe(sessions + 1);
  });

  it('refuses codes after 5 wrong ones, even the right one', async () => {
    const member = await freshUser();
    const secret = await bindGoogle(t, member.token, member.password);
    const wrong = await wrongTotp(secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectFailure(
        await t.call(user.login, loginBody(member.username, member.password, wrong)),
        'GOOGLE_CODE_INVALID',
      );
    }
    const blocked = await t.call(
      user.login,
      loginBody(member.username, member.password, await nextStepCode(secret)),
      {
        lang: 'kr',
      },
    );
    expectFailure(blocked, 'RATE_LIMITED');
    const seconds = Number(/(\d+)/.exec(blocked.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(300);
    await expectLocalized(blocked.body.message, 'kr', 'error.RATE_LIMITED', { seconds });
    // The refused attempt did not use up the step: the step is still unclaimed.
    expect((await userRow(t.db, member.username))?.google_last_step).toBeLessThan(
      Math.floor((Date.now() + 30_000) / 30_000),
    );
  });

  it('lets exactly one of two simultaneous logins with the same code through', async () => {
    const member = await freshUser();
    const secret = await bindGoogle(t, member.token, member.password);
    const code = await nextStepCode(secret);
    const sessions = await countRows(t.db, 'sessions');
    const results = await Promise.all([
      t.call(user.login, loginBody(member.username, member.password, code)),
      t.call(user.login, loginBody(member.username, member.password, code)),
      t.call(user.login, loginBody(member.username, member.password, code)),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const loser of results.filter((r) => !r.body.success)) {
      expectFailure(loser, 'GOOGLE_CODE_REPLAYED', { field: 'googleCode' });
    }
    expect(await countRows(t.db, 'sessions')).toBe(sessions + 1);
  });

  it('limits wrong login passwords when binding (5 failures, then RATE_LIMITED)', async () => {
    const member = await freshUser();
    const { secret } = expectSuccess(await t.call(user.bindGoogleGet, {}, { token: member.token }));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectFailure(
        await t.call(
          user.bindGoogle,
          { password: pw(`guess-${attempt}`), code: await currentTotp(secret) },
          { token: member.token },
        ),
        'PASSWORD_WRONG',
      );
    }
    const blocked = await t.call(
      user.bindGoogle,
      { password: pw(member.password), code: await currentTotp(secret) },
      { token: member.token },
    );
    expectFailure(blocked, 'RATE_LIMITED');
    expect((await userRow(t.db, member.username))?.google_secret).toBeNull();
  });
});
