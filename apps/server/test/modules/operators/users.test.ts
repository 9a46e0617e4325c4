import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, USER_TYPE_AGENT, USER_TYPE_MEMBER } from '@vela/contract';
import {
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { signedInOperator, type TestOperator } from './operator-helpers.ts';

const { admin } = endpoints;

/** The console's user directory: search by name or id, newest first, and one user's detail. */
describe('users in the console', () => {
  let t: TestApp;
  let support: TestOperator & { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    support = await signedInOperator(t, 'support');
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (body: { query?: string; before?: number; limit?: number }) =>
    expectSuccess(await t.call(admin.adminUserSearch, body, { token: support.token }));

  it('lists every user newest first, page by page', async () => {
    for (let i = 0; i < 3; i += 1) await registerUser(t);
    const all = await search({ limit: 100 });
    const ids = all.list.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.list.length).toBeGreaterThanOrEqual(5);
    expect(all.nextBefore).toBeNull();

    const first = await search({ limit: 2 });
    expect(first.list.map((u) => u.id)).toEqual(ids.slice(0, 2));
    expect(first.nextBefore).toBe(ids[1]);
    const second = await search({ limit: 2, before: first.nextBefore! });
    expect(second.list.map((u) => u.id)).toEqual(ids.slice(2, 4));
  });

  it('finds users by the start of their name in any letter case, or by id', async () => {
    const member = await registerUser(t, { username: 'Zeta' + Math.floor(Math.random() * 1e5) });
    const byName = await search({ query: member.username.slice(0, 4).toUpperCase() });
    expect(byName.list.map((u) => u.username)).toContain(member.username);
    for (const user of byName.list) expect(user.username.toLowerCase().startsWith('zeta')).toBe(true);

    const row = await userRow(t.db, member.username);
    const byId = await search({ query: String(row!.id) });
    expect(byId.list).toHaveLength(1);
    expect(byId.list[0]).toMatchObject({
      id: row!.id,
      username: member.username,
      userType: USER_TYPE_MEMBER,
      active: true,
      realNameStatus: 'NONE',
      parentUsername: DEMO.agent.username,
    });
    expect((await search({ query: '99999999999999999999' })).list).toEqual([]);
    expect((await search({ query: 'nosuchname' })).list).toEqual([]);
  });

  it('shows a user with their agent, team size and security state, and records the view', async () => {
    const agent = await userRow(t.db, DEMO.agent.username);
    const detail = expectSuccess(
      await t.call(admin.adminUserDetail, { userId: agent!.id }, { token: support.token }),
    );
    expect(detail).toMatchObject({
      id: agent!.id,
      username: DEMO.agent.username,
      userType: USER_TYPE_AGENT,
      active: true,
      realNameStatus: 'APPROVED',
      inviteCode: DEMO.agent.inviteCode,
      parentId: null,
      parentUsername: null,
      hasFundPassword: true,
      googleBound: false,
      registerWay: 'SYSTEM',
    });
    const members = await t.db.selectFrom('users').select('id').where('parent_id', '=', agent!.id).execute();
    expect(detail.directMembers).toBe(members.length);
    // Nothing secret leaves: no hashes, no authenticator secret.
    expect(JSON.stringify(detail)).not.toMatch(/argon2|pwd_hash|google_secret/);

    const view = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.view')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      operator_id: support.id,
      target_type: 'user',
      target_id: String(agent!.id),
    });
  });

  it('answers USER_NOT_FOUND for an unknown id and refuses malformed searches', async () => {
    const missing = await t.call(
      admin.adminUserDetail,
      { userId: 987_654_321 },
      { token: support.token, lang: 'ms' },
    );
    expectFailure(missing, 'USER_NOT_FOUND', { field: 'userId' });
    await expectLocalized(missing.body.message, 'ms', 'error.USER_NOT_FOUND');

    const cases: [string, unknown, string][] = [
      [admin.adminUserSearch.path, { query: 'a%' }, 'query'],
      [admin.adminUserSearch.path, { query: 'x'.repeat(33) }, 'query'],
      [admin.adminUserSearch.path, { limit: 0 }, 'limit'],
      [admin.adminUserSearch.path, { before: -5 }, 'before'],
      [admin.adminUserDetail.path, {}, 'userId'],
      [admin.adminUserDetail.path, { userId: 'demo01' }, 'userId'],
    ];
    for (const [path, body, field] of cases) {
      expectFailure(await t.post(path, body, { token: support.token }), 'VALIDATION_FAILED', { field });
    }
  });
});
