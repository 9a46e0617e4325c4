import { describe, expect, it } from 'vitest';
import { en } from '@vela/i18n';
import { allEndpoints, ERROR_CODES, HTTP_STATUS, endpoints } from '../src/index.ts';

/** Every message key a schema can produce, found by walking zod's issue messages on bad input. */
describe('contract', () => {
  it('declares each path once, every one a POST path the app calls or in its style', () => {
    const paths = allEndpoints().map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[a-z0-9_/-]+$/);
    for (const required of [
      '/sys-config/simple-list',
      '/sys-cache-refresh/list',
      '/i18n-language/simple-list',
      '/sys-notice/list',
      '/sys-notice/page',
      '/sys-banner/list',
      '/user/register',
      '/user/register/email/code',
      '/user/login',
      '/user/logout',
      '/user/get-login-info',
      '/user/bind-google',
      '/user/bind-google-get',
      '/user/has-bound-google',
      '/user/edit-login-pwd',
      '/user/edit-fund-pwd',
      '/user/bind-fund-pwd',
      '/user/reload-invite-code',
    ]) {
      expect(paths).toContain(required);
    }
  });

  it('has a message in the catalogue and an HTTP status for every error code', () => {
    for (const code of ERROR_CODES) {
      expect(en).toHaveProperty(`error.${code}`);
      expect(HTTP_STATUS[code]).toBeGreaterThanOrEqual(200);
    }
  });

  it('uses catalogue keys as validation messages', () => {
    const bad = endpoints.user.register.body.safeParse({
      username: '1',
      loginPwd: 'plain',
      preLoginPwd: 5,
      fundPwd: '',
      inviteCode: '12345',
      email: 'x',
    });
    expect(bad.success).toBe(false);
    for (const issue of bad.error?.issues ?? []) {
      expect(Object.keys(en)).toContain(issue.message);
    }
  });

  it('keeps registration free of a token and the account calls behind one', () => {
    expect(endpoints.user.register.auth).toBe('none');
    expect(endpoints.user.login.auth).toBe('none');
    expect(endpoints.user.getLoginInfo.auth).toBe('user');
    expect(endpoints.user.editLoginPwd.auth).toBe('user');
  });
});
