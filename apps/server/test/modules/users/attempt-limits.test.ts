import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@vela/contract';
import { ATTEMPT_RULES, MemoryAttemptStore, type AttemptStore } from '../../../src/lib/attempt-limiter.ts';
import { AccountService } from '../../../src/modules/users/account-service.ts';
import { AttemptGuard } from '../../../src/modules/users/attempt-guard.ts';
import {
  bindGoogle,
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  loginBody,
  pw,
  registerUser,
  wrongTotp,
  type ApiResult,
  type RegisteredUser,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;
const MAX = ATTEMPT_RULES.login.max;
/** Once an account's failures are used up, other addresses wait 30 s, then 60 s, 120 s... */
const FIRST_DELAY_MS = 30_000;

/** The answers that ran the check: everything but the refusals before it. */
const checked = (results: ApiResult<unknown>[]) => results.filter((r) => r.body.code !== 'RATE_LIMITED');
const codes = (results: ApiResult<unknown>[]) => new Set(results.map((r) => r.body.code));
const waitSeconds = (result: ApiResult<unknown>) => Number(/(\d+)/.exec(result.body.message)?.[1]);

/**
 * Attempt limits under concurrency (decision 036): every check reserves its place before it runs,
 * so requests arriving at once cannot all pass the same count; and the lockout is counted per
 * account and per client address, so a guesser's address is locked while the owner's keeps a way in.
 */
describe('attempt limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function freshUser(): Promise<RegisteredUser & { token: string }> {
    const member = await registerUser(t);
    return { ...member, token: await login(t, member.username, member.password) };
  }

  it(`checks at most ${MAX} of 30 concurrent wrong logins for one account`, async () => {
    const member = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call(user.login, loginBody(member.username, `wrong-${i}`))),
    );
    expect(checked(results).length).toBeLessThanOrEqual(MAX);
    expect(codes(results)).toEqual(new Set(['LOGIN_FAILED', 'RATE_LIMITED']));
  });

  it('does not let a right login among 29 concurrent wrong ones free more checks', async () => {
    const member = await registerUser(t);
    // The right one first, so it takes one of the places and succeeds while the others still run.
    const bodies = [
      loginBody(member.username, member.password),
      ...Array.from({ length: 29 }, (_, i) => loginBody(member.username, `wrong-${i}`)),
    ];
    const results = await Promise.all(bodies.map((body) => t.call(user.login, body)));
    expect(checked(results).length).toBeLessThanOrEqual(MAX);
    expect(results[0]!.body.code).toBe('OK');
    for (const result of results.slice(1)) {
      expect(['LOGIN_FAILED', 'RATE_LIMITED']).toContain(result.body.code);
    }
    // Once every check has settled, the owner's success forgets the failures that ran beside it.
    expect(await t.attemptStore.peek(`login:${member.username.toLowerCase()}`)).toEqual({
      count: 0,
      resetInMs: 0,
    });
  });

  it(`checks at most ${ATTEMPT_RULES.password.max} of 30 concurrent wrong fund passwords`, async () => {
    const member = await freshUser();
    const change = (old: string) => ({ oldPwd: pw(old), newPwd: pw('Fund#new1'), prePwd: pw('Fund#new1') });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(user.editFundPwd, change(`guess-${i}`), { token: member.token }),
      ),
    );
    expect(checked(results).length).toBeLessThanOrEqual(ATTEMPT_RULES.password.max);
    expect(codes(results)).toEqual(new Set(['FUND_PASSWORD_WRONG', 'RATE_LIMITED']));
  });

  it('checks no more Google codes than the limit leaves when the counter store answers over the network', async () => {
    const member = await freshUser();
    const secret = await bindGoogle(t, member.token, member.password);
    const wrong = await wrongTotp(secret);
    const info = expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token }));
    // A store whose every answer takes time, as Redis's do: checks running at once then really
    // interleave between their count and their record.
    const store = new MemoryAttemptStore();
    const accounts = new AccountService({
      db: t.db,
      guard: new AttemptGuard(networked(store)),
      mailer: undefined as never,
      messages: undefined as never,
      sessionTtlMs: 3_600_000,
      issuer: 'Vela',
    });
    const verify = () =>
      accounts.verifyCredentials(info.id, { fundPwd: pw(member.fundPassword), googleCode: wrong }).then(
        () => 'OK',
        (error: { code?: string }) => error.code,
      );
    // Three wrong codes already: two are left.
    const left = 2;
    const { max, windowMs } = ATTEMPT_RULES.googleCode;
    for (let i = 0; i < max - left; i += 1) await store.hit(`googleCode:${info.id}`, windowMs);
    // As many at once as the fund password lets through together, all with the right one.
    const results = await Promise.all(Array.from({ length: ATTEMPT_RULES.password.max }, verify));
    expect(results.filter((code) => code === 'GOOGLE_CODE_INVALID').length).toBeLessThanOrEqual(left);
    expect(new Set(results)).toEqual(new Set(['GOOGLE_CODE_INVALID', 'RATE_LIMITED']));
  });

  it('locks the guessing address while the owner’s address logs in after a short delay', async () => {
    const member = await registerUser(t);
    const attacker = '198.51.100.66';
    const owner = '203.0.113.20';
    for (let i = 0; i < MAX; i += 1) {
      expectFailure(
        await t.call(user.login, loginBody(member.username, `wrong-${i}`), { ip: attacker }),
        'LOGIN_FAILED',
      );
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const locked = await t.call(user.login, loginBody(member.username, member.password), { ip: attacker });
    expectFailure(locked, 'RATE_LIMITED');
    expect(waitSeconds(locked)).toBeGreaterThan(14 * 60);

    // The account's failures are used up: the owner's address waits the first delay, not 15 minutes.
    const early = await t.call(user.login, loginBody(member.username, member.password), { ip: owner });
    expectFailure(early, 'RATE_LIMITED');
    expect(waitSeconds(early)).toBeLessThanOrEqual(FIRST_DELAY_MS / 1000);

    vi.setSystemTime(Date.now() + FIRST_DELAY_MS);
    expectSuccess(await t.call(user.login, loginBody(member.username, member.password), { ip: owner }));
    // The owner's success does not unlock the guessing address.
    expectFailure(
      await t.call(user.login, loginBody(member.username, member.password), { ip: attacker }),
      'RATE_LIMITED',
    );
    // And the account is open again from every other address.
    expectSuccess(await t.call(user.login, loginBody(member.username, member.password)));
  });

  it('spaces checks beyond the account’s limit by a doubling delay, one check at a time', async () => {
    const member = await registerUser(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    // Each guess from a new address: only the account's limit applies.
    for (let i = 0; i < MAX; i += 1) {
      expectFailure(await t.call(user.login, loginBody(member.username, `wrong-${i}`)), 'LOGIN_FAILED');
    }
    let delay = FIRST_DELAY_MS;
    for (let round = 0; round < 3; round += 1) {
      const waiting = await t.call(user.login, loginBody(member.username, `early-${round}`));
      expectFailure(waiting, 'RATE_LIMITED');
      expect(waitSeconds(waiting)).toBe(delay / 1000);
      vi.setSystemTime(Date.now() + delay);
      // Ten addresses at the opening of the slot: one is checked, the others wait for the next one.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => t.call(user.login, loginBody(member.username, `slot-${i}`))),
      );
      expect(checked(results)).toHaveLength(1);
      delay *= 2;
    }
  });
});

/** The store 50 ms away, before and after each call, like a store on the network. */
function networked(store: AttemptStore): AttemptStore {
  const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 50));
  return new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await turn();
        const answer: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        await turn();
        return answer;
      };
    },
  });
}
