import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import {
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';

const { user } = endpoints;

/** The nickname changes once (docs/product.md, "Accounts"), whatever arrives at the same moment. */
describe('nickname', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function member() {
    const registered = await registerUser(t);
    return { ...registered, token: await login(t, registered.username, registered.password) };
  }

  it('changes once, answers the user with the change used, and refuses a second change', async () => {
    const { username, token } = await member();
    const before = expectSuccess(await t.call(user.getLoginInfo, {}, { token }));
    expect(before).toMatchObject({ nickname: username, nicknameChanged: false });
    const changed = expectSuccess(await t.call(user.editNickname, { nickname: '  Nova 星 ' }, { token }));
    expect(changed).toMatchObject({ nickname: 'Nova 星', nicknameChanged: true });
    const again = await t.call(user.editNickname, { nickname: 'Other' }, { token, lang: 'es' });
    expectFailure(again, 'NICKNAME_ALREADY_CHANGED', { field: 'nickname' });
    await expectLocalized(again.body.message, 'es', 'error.NICKNAME_ALREADY_CHANGED');
    expect((await userRow(t.db, username))?.nickname).toBe('Nova 星');
  });

  it('lets one of thirty changes at once through', async () => {
    const { username, token } = await member();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call(user.editNickname, { nickname: `Racer ${i}` }, { token })),
    );
    const won = results.filter((r) => r.body.success);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => !r.body.success))
      expectFailure(lost, 'NICKNAME_ALREADY_CHANGED', { field: 'nickname' });
    expect((await userRow(t.db, username))?.nickname).toBe(won[0]?.body.data?.nickname);
  });

  it('refuses what cannot be a nickname and keeps the change unused', async () => {
    const { username, token } = await member();
    for (const nickname of ['x', '<b>hi</b>', 'a'.repeat(17), ' _lead', 'tab\there', 'zero\u200bwidth', '']) {
      expectFailure(await t.call(user.editNickname, { nickname }, { token }), 'VALIDATION_FAILED', {
        field: 'nickname',
      });
    }
    expect(await userRow(t.db, username)).toMatchObject({ nickname: username, nickname_changed: 0 });
  });
});
