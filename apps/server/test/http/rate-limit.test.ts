import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpoints } from '@vela/contract';
import {
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  loginBody,
  type TestApp,
} from '../helpers/test-app.ts';

const { user, system } = endpoints;

/**
 * Credential checks are limited per client address on top of the per-account counters (decision 004):
 * 30 requests a minute on each sensitive endpoint.
 */
describe('per-address limit on sensitive endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the credential endpoints as sensitive', () => {
    // Account credentials here; payment methods, uploads, withdrawals and the console check their own.
    const sensitive = allEndpoints()
      .filter((e) => e.sensitive && e.tag === 'user')
      .map((e) => e.path)
      .sort();
    expect(sensitive).toEqual(
      [
        user.register.path,
        user.registerEmailCode.path,
        user.login.path,
        user.bindGoogle.path,
        user.editLoginPwd.path,
        user.editFundPwd.path,
        user.bindFundPwd.path,
      ].sort(),
    );
  });

  it('answers the 31st login within a minute from one address with RATE_LIMITED in the envelope', async () => {
    const ip = '198.51.100.23';
    // Distinct unknown usernames, so the per-account counters never trigger.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call(user.login, loginBody(`nobody${i}`, 'whatever'), { ip })),
    );
    for (const result of results) expectFailure(result, 'LOGIN_FAILED');

    const limited = await t.call(user.login, loginBody('nobody30', 'whatever'), { ip, lang: 'kr' });
    expectFailure(limited, 'RATE_LIMITED');
    expect(limited.body.data).toBeNull();
    const seconds = Number(/(\d+)/.exec(limited.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await expectLocalized(limited.body.message, 'kr', 'error.RATE_LIMITED', { seconds });

    // Even the right password is refused from that address now...
    expectFailure(
      await t.call(user.login, loginBody(DEMO.user.username, DEMO.user.password), { ip }),
      'RATE_LIMITED',
    );
    // ...but not from another one, and ordinary endpoints stay open for the address.
    expectSuccess(
      await t.call(user.login, loginBody(DEMO.user.username, DEMO.user.password), { ip: '198.51.100.24' }),
    );
    expectSuccess(await t.call(system.ping, {}, { ip }));
    expectSuccess(await t.call(system.noticeList, { languageCode: 'en' }, { ip }));
  });

  it('counts bad input too, so malformed requests cannot probe without limit', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 30; i += 1) {
      expectFailure(await t.post('/user/register', { username: '1' }, { ip }), 'VALIDATION_FAILED');
    }
    expectFailure(await t.post('/user/register', { username: '1' }, { ip }), 'RATE_LIMITED');
  });
});
