import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import {
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
  uniqueUsername,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

/** Agents own an invite code and can replace it (docs/product.md, "Accounts"). */
describe('/user/reload-invite-code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const registration = (inviteCode: string) => ({
    username: uniqueUsername('a'),
    loginPwd: pw(DEFAULT_PASSWORD),
    preLoginPwd: pw(DEFAULT_PASSWORD),
    fundPwd: pw(DEFAULT_FUND_PASSWORD),
    inviteCode,
  });

  it('shows the agent its invite code', async () => {
    const token = await login(t, DEMO.agent.username, DEMO.agent.password);
    const info = expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    expect(info).toMatchObject({ isAgent: true, inviteCode: DEMO.agent.inviteCode });
  });

  it('replaces the agent’s code: the old one stops working, the new one registers', async () => {
    const token = await login(t, DEMO.agent.username, DEMO.agent.password);
    const { inviteCode } = expectSuccess(await t.call(user.reloadInviteCode, {}, { token }));
    expect(inviteCode).toMatch(/^\d{6}$/);
    expect(inviteCode).not.toBe(DEMO.agent.inviteCode);
    expect(expectSuccess(await t.call(user.getLoginInfo, {}, { token })).inviteCode).toBe(inviteCode);

    const before = await countRows(t.db, 'users');
    const old = await t.post('/user/register', registration(DEMO.agent.inviteCode), { lang: 'kr' });
    expectFailure(old, 'INVITE_CODE_INVALID', { field: 'inviteCode' });
    await expectLocalized(old.body.message, 'kr', 'error.INVITE_CODE_INVALID');
    expect(await countRows(t.db, 'users')).toBe(before);

    const member = await registerUser(t, { inviteCode });
    const agent = await userRow(t.db, DEMO.agent.username);
    expect((await userRow(t.db, member.username))?.parent_id).toBe(agent?.id);

    // Each reload gives a code no other user holds.
    const next = expectSuccess(await t.call(user.reloadInviteCode, {}, { token })).inviteCode;
    expect(next).not.toBe(inviteCode);
    const holders = await t.db.selectFrom('users').select('id').where('invite_code', '=', next).execute();
    expect(holders).toHaveLength(1);
    expectFailure(await t.post('/user/register', registration(inviteCode)), 'INVITE_CODE_INVALID');
  });

  it('refuses a member with NOT_AGENT and changes nothing', async () => {
    const token = await login(t, DEMO.user.username, DEMO.user.password);
    const result = await t.call(user.reloadInviteCode, {}, { token, lang: 'ar' });
    expectFailure(result, 'NOT_AGENT');
    await expectLocalized(result.body.message, 'ar', 'error.NOT_AGENT');
    expect((await userRow(t.db, DEMO.user.username))?.invite_code).toBeNull();
    expect(expectSuccess(await t.call(user.getLoginInfo, {}, { token })).inviteCode).toBeNull();
  });

  it('needs a session', async () => {
    expectFailure(await t.call(user.reloadInviteCode, {}), 'UNAUTHORIZED', { forceLogout: true });
  });
});
