import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { SessionCache } from '../../../src/modules/users/session-cache.ts';
import { hashToken } from '../../../src/modules/users/session-repository.ts';
import {
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  pw,
  registerUser,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

describe('SessionCache', () => {
  const entry = (sessionId: number, userId: number, checkedAt: number, expiresAt = 1e15) => ({
    session: { sessionId, userId, mustChangePassword: false },
    expiresAt,
    lastSeenAt: checkedAt,
    checkedAt,
  });

  it('trusts an entry for the recheck window and never past the session’s expiry', () => {
    const cache = new SessionCache(2_000);
    cache.remember('a', entry(1, 10, 1_000), cache.epoch);
    cache.remember('b', entry(2, 10, 1_000, 1_500), cache.epoch);
    expect(cache.get('a', 2_999)?.session).toEqual({ sessionId: 1, userId: 10, mustChangePassword: false });
    expect(cache.get('b', 1_499)).toBeDefined();
    expect(cache.get('b', 1_500)).toBeUndefined();
    expect(cache.get('a', 3_000)).toBeUndefined();
    // A stale entry is dropped, not kept for later.
    expect(cache.get('a', 1_001)).toBeUndefined();
  });

  it('forgets one session, or every session of a user but the one kept', () => {
    const cache = new SessionCache(60_000);
    cache.remember('a', entry(1, 10, 0), cache.epoch);
    cache.remember('b', entry(2, 10, 0), cache.epoch);
    cache.remember('c', entry(3, 10, 0), cache.epoch);
    cache.remember('d', entry(4, 11, 0), cache.epoch);
    cache.forgetSession(1);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.forgetUserSessions(10, 3);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    expect(cache.get('d', 1)).toBeDefined();
  });

  it('holds at most its capacity, dropping the entry read longest ago', () => {
    const cache = new SessionCache(60_000, 2);
    cache.remember('a', entry(1, 10, 0), cache.epoch);
    cache.remember('b', entry(2, 10, 0), cache.epoch);
    cache.remember('c', entry(3, 10, 0), cache.epoch);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('does not keep a read that a revocation on this node overtook', () => {
    const cache = new SessionCache(60_000);
    const epoch = cache.epoch;
    // The row was read as live; the logout commits and forgets before the read is kept.
    cache.forgetSession(1);
    cache.remember('a', entry(1, 10, 0), epoch);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.remember('a', entry(1, 10, 0), cache.epoch);
    expect(cache.get('a', 1)).toBeDefined();
  });

  it('keeps nothing with a recheck window of 0', () => {
    const cache = new SessionCache(0);
    cache.remember('a', entry(1, 10, 0), cache.epoch);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

/** Decision 004: sessions read once per window, revocations on this node at once. */
describe('sessions through the cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A window far longer than the test, so what the cache answers is certain.
    t = await createTestApp({ sessionRecheckMs: 60_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn() {
    const member = await registerUser(t);
    return { ...member, token: await login(t, member.username, member.password) };
  }

  it('ends a session on logout at once', async () => {
    const member = await signedIn();
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token }));
    expectSuccess(await t.call(user.logout, {}, { token: member.token }));
    expectFailure(await t.call(user.getLoginInfo, {}, { token: member.token }), 'SESSION_EXPIRED', {
      forceLogout: true,
    });
  });

  it('ends the other sessions on a password change at once', async () => {
    const member = await signedIn();
    const other = await login(t, member.username, member.password);
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: other }));
    const newPwd = pw('NewPass#1');
    expectSuccess(
      await t.call(
        user.editLoginPwd,
        { oldPwd: pw(member.password), newPwd, prePwd: newPwd },
        { token: member.token },
      ),
    );
    expectFailure(await t.call(user.getLoginInfo, {}, { token: other }), 'SESSION_EXPIRED', {
      forceLogout: true,
    });
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token }));
  });

  it('reads a session row once per window, not on every request', async () => {
    const member = await signedIn();
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token }));
    // A revocation written by another node: this one sees it when its window ends, not before.
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('token_hash', '=', hashToken(member.token))
      .execute();
    expectSuccess(await t.call(user.getLoginInfo, {}, { token: member.token }));
  });

  it('never caches a token that has no live session', async () => {
    const member = await signedIn();
    const forged = `${member.token.slice(0, -1)}${member.token.endsWith('A') ? 'B' : 'A'}`;
    for (let i = 0; i < 2; i += 1) {
      expectFailure(await t.call(user.getLoginInfo, {}, { token: forged }), 'SESSION_EXPIRED', {
        forceLogout: true,
      });
    }
  });
});
