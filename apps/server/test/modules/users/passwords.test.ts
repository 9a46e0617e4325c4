import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import {
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  loginBody,
  pw,
  registerUser,
  userRow,
  type RegisteredUser,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

/** Password edits: current, new and confirm are required, and new and confirm must match. */
describe('passwords', () => {
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

  const change = (oldPwd: string, newPwd: string, prePwd = newPwd) => ({
    oldPwd: pw(oldPwd),
    newPwd: pw(newPwd),
    prePwd: pw(prePwd),
  });

  async function expectLoginWorks(username: string, password: string) {
    expectSuccess(await t.call(user.login, loginBody(username, password)));
  }

  describe('/user/edit-login-pwd', () => {
    it('refuses a wrong current password with PASSWORD_WRONG and keeps the password', async () => {
      const member = await freshUser();
      const hashBefore = (await userRow(t.db, member.username))?.login_pwd_hash;
      const result = await t.call(user.editLoginPwd, change('wrong-old', 'NewPass#1'), {
        token: member.token,
        lang: 'kr',
      });
      expectFailure(result, 'PASSWORD_WRONG');
      await expectLocalized(result.body.message, 'kr', 'error.PASSWORD_WRONG');
      expect((await userRow(t.db, member.username))?.login_pwd_hash).toBe(hashBefore);
      await expectLoginWorks(member.username, member.password);
      expectFailure(await t.call(user.login, loginBody(member.username, 'NewPass#1')), 'LOGIN_FAILED');
    });

    it('names the current-password field of this request (oldPwd) when it is wrong', async () => {
      const member = await freshUser();
      const result = await t.call(user.editLoginPwd, change('wrong-old', 'NewPass#1'), {
        token: member.token,
      });
      expectFailure(result, 'PASSWORD_WRONG', { field: 'oldPwd' });
    });

    it('refuses a confirmation that differs with PASSWORDS_MISMATCH', async () => {
      const member = await freshUser();
      const result = await t.call(user.editLoginPwd, change(member.password, 'NewPass#1', 'NewPass#2'), {
        token: member.token,
        lang: 'ar',
      });
      expectFailure(result, 'PASSWORDS_MISMATCH', { field: 'prePwd' });
      await expectLocalized(result.body.message, 'ar', 'validation.passwordsMismatch');
      await expectLoginWorks(member.username, member.password);
      expectFailure(await t.call(user.login, loginBody(member.username, 'NewPass#1')), 'LOGIN_FAILED');
    });

    it('refuses the current password as the new one with NEW_PASSWORD_SAME', async () => {
      const member = await freshUser();
      const result = await t.call(user.editLoginPwd, change(member.password, member.password), {
        token: member.token,
        lang: 'kr',
      });
      expectFailure(result, 'NEW_PASSWORD_SAME', { field: 'newPwd' });
      await expectLocalized(result.body.message, 'kr', 'error.NEW_PASSWORD_SAME');
      expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token }));
    });

    it.each(['oldPwd', 'newPwd', 'prePwd'])(
      'refuses a %s that is not a pre-hash with VALIDATION_FAILED',
      async (field) => {
        const member = await freshUser();
        const body: Record<string, string> = change(member.password, 'NewPass#1');
        body[field] = 'NewPass#1';
        const result = await t.post('/user/edit-login-pwd', body, { token: member.token, lang: 'kr' });
        expectFailure(result, 'VALIDATION_FAILED', { field });
        await expectLoginWorks(member.username, member.password);
      },
    );

    it('needs a session', async () => {
      expectFailure(
        await t.call(user.editLoginPwd, change(DEMO.user.password, 'NewPass#1')),
        'UNAUTHORIZED',
        {
          forceLogout: true,
        },
      );
      await expectLoginWorks(DEMO.user.username, DEMO.user.password);
    });

    it('changes the password, ends the other sessions and keeps the current one', async () => {
      const member = await freshUser();
      const other = await login(t, member.username, member.password);
      const third = await login(t, member.username, member.password);
      const result = await t.call(user.editLoginPwd, change(member.password, 'NewPass#1'), {
        token: member.token,
      });
      expect(expectSuccess(result)).toBeNull();

      for (const token of [other, third]) {
        expectFailure(await t.call(user.getLoginInfo, {}, { token }), 'SESSION_EXPIRED', {
          forceLogout: true,
        });
      }
      expect(expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token })).username).toBe(
        member.username,
      );

      await expectLoginWorks(member.username, 'NewPass#1');
      expectFailure(await t.call(user.login, loginBody(member.username, member.password)), 'LOGIN_FAILED');
      // Other users' sessions are untouched.
      const demo = await login(t, DEMO.user.username, DEMO.user.password);
      expectSuccess(await t.call(user.getLoginInfo, {}, { token: demo }));
    });

    it('limits wrong current passwords (5 failures, then RATE_LIMITED)', async () => {
      const member = await freshUser();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expectFailure(
          await t.call(user.editLoginPwd, change(`guess${attempt}`, 'NewPass#1'), { token: member.token }),
          'PASSWORD_WRONG',
        );
      }
      const blocked = await t.call(user.editLoginPwd, change(member.password, 'NewPass#1'), {
        token: member.token,
      });
      expectFailure(blocked, 'RATE_LIMITED');
      await expectLoginWorks(member.username, member.password);
    });
  });

  describe('/user/bind-fund-pwd', () => {
    it('refuses when a fund password is already set (the demo user has one)', async () => {
      const token = await login(t, DEMO.user.username, DEMO.user.password);
      const hashBefore = (await userRow(t.db, DEMO.user.username))?.fund_pwd_hash;
      const result = await t.call(
        user.bindFundPwd,
        { password: pw('Fund#new1'), passwordPre: pw('Fund#new1') },
        { token, lang: 'kr' },
      );
      expectFailure(result, 'FUND_PASSWORD_ALREADY_SET');
      await expectLocalized(result.body.message, 'kr', 'error.FUND_PASSWORD_ALREADY_SET');
      expect((await userRow(t.db, DEMO.user.username))?.fund_pwd_hash).toBe(hashBefore);
    });

    it('sets the first fund password; a mismatch is refused and a second bind too', async () => {
      const member = await freshUser();
      await t.db
        .updateTable('users')
        .set({ fund_pwd_hash: null })
        .where('username_key', '=', member.username.toLowerCase())
        .execute();
      expect(
        expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token })).hasFundPassword,
      ).toBe(false);

      const mismatch = await t.call(
        user.bindFundPwd,
        { password: pw('Fund#one'), passwordPre: pw('Fund#two') },
        {
          token: member.token,
          lang: 'ar',
        },
      );
      expectFailure(mismatch, 'PASSWORDS_MISMATCH', { field: 'passwordPre' });
      await expectLocalized(mismatch.body.message, 'ar', 'validation.passwordsMismatch');
      expect((await userRow(t.db, member.username))?.fund_pwd_hash).toBeNull();

      const invalid = await t.post(
        '/user/bind-fund-pwd',
        { password: pw('Fund#one') },
        { token: member.token },
      );
      expectFailure(invalid, 'VALIDATION_FAILED', { field: 'passwordPre' });

      const edit = await t.call(user.editFundPwd, change('Fund#one', 'Fund#two'), { token: member.token });
      expectFailure(edit, 'FUND_PASSWORD_NOT_SET');

      const bound = await t.call(
        user.bindFundPwd,
        { password: pw('Fund#one'), passwordPre: pw('Fund#one') },
        { token: member.token },
      );
      expect(expectSuccess(bound)).toMatchObject({ username: member.username, hasFundPassword: true });
      expect((await userRow(t.db, member.username))?.fund_pwd_hash).toMatch(/^\$argon2id\$/);

      const again = await t.call(
        user.bindFundPwd,
        { password: pw('Fund#two'), passwordPre: pw('Fund#two') },
        { token: member.token },
      );
      expectFailure(again, 'FUND_PASSWORD_ALREADY_SET');
      // The bound password is the one that works.
      expectSuccess(
        await t.call(user.editFundPwd, change('Fund#one', 'Fund#three'), { token: member.token }),
      );
    });
  });

  describe('/user/edit-fund-pwd', () => {
    it('refuses a wrong current fund password with FUND_PASSWORD_WRONG', async () => {
      const member = await freshUser();
      const hashBefore = (await userRow(t.db, member.username))?.fund_pwd_hash;
      const result = await t.call(user.editFundPwd, change('wrong-fund', 'Fund#new1'), {
        token: member.token,
        lang: 'kr',
      });
      expectFailure(result, 'FUND_PASSWORD_WRONG', { field: 'oldPwd' });
      await expectLocalized(result.body.message, 'kr', 'error.FUND_PASSWORD_WRONG');
      expect((await userRow(t.db, member.username))?.fund_pwd_hash).toBe(hashBefore);
      // The login password is no fund password.
      expectFailure(
        await t.call(user.editFundPwd, change(member.password, 'Fund#new1'), { token: member.token }),
        'FUND_PASSWORD_WRONG',
      );
    });

    it('refuses a mismatched confirmation and an unchanged password', async () => {
      const member = await freshUser();
      const mismatch = await t.call(user.editFundPwd, change(member.fundPassword, 'Fund#new1', 'Fund#new2'), {
        token: member.token,
      });
      expectFailure(mismatch, 'PASSWORDS_MISMATCH', { field: 'prePwd' });
      const same = await t.call(user.editFundPwd, change(member.fundPassword, member.fundPassword), {
        token: member.token,
      });
      expectFailure(same, 'NEW_PASSWORD_SAME', { field: 'newPwd' });
      // Still the original one.
      expectSuccess(
        await t.call(user.editFundPwd, change(member.fundPassword, 'Fund#new1'), { token: member.token }),
      );
    });

    it('changes the fund password, leaving the login password and sessions alone', async () => {
      const member = await freshUser();
      const other = await login(t, member.username, member.password);
      const result = await t.call(user.editFundPwd, change(member.fundPassword, 'Fund#new1'), {
        token: member.token,
      });
      expect(expectSuccess(result)).toBeNull();
      // The old one no longer works, the new one does.
      expectFailure(
        await t.call(user.editFundPwd, change(member.fundPassword, 'Fund#new2'), { token: member.token }),
        'FUND_PASSWORD_WRONG',
      );
      expectSuccess(
        await t.call(user.editFundPwd, change('Fund#new1', 'Fund#new2'), { token: member.token }),
      );
      expectSuccess(await t.call(user.getLoginInfo, {}, { token: other }));
      await expectLoginWorks(member.username, member.password);
    });

    it('limits wrong fund passwords (5 failures, then RATE_LIMITED)', async () => {
      const member = await freshUser();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expectFailure(
          await t.call(user.editFundPwd, change(`guess${attempt}`, 'Fund#new1'), { token: member.token }),
          'FUND_PASSWORD_WRONG',
        );
      }
      const blocked = await t.call(user.editFundPwd, change(member.fundPassword, 'Fund#new1'), {
        token: member.token,
        lang: 'kr',
      });
      expectFailure(blocked, 'RATE_LIMITED');
      expect(blocked.body.message).toMatch(/\d+/);
    });
  });
});
