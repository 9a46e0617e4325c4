import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { DEMO_OPERATORS } from '../../../src/modules/operators/operators-seed.ts';
import { OPERATOR_IDLE_TIMEOUT_MS } from '../../../src/modules/operators/operator-service.ts';
import { hashToken } from '../../../src/modules/users/session-repository.ts';
import { currentTotp } from '../../../src/modules/users/totp.ts';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  tr,
  wrongTotp,
  type TestApp,
} from '../../helpers/test-app.ts';
import {
  addOperator,
  auditRows,
  freshCode,
  operatorLogin,
  operatorLoginBody,
  signedInOperator,
} from './operator-helpers.ts';

const { admin } = endpoints;

/** Operator sign-in: password plus a TOTP code that is always required and never accepted twice. */
describe('operator login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function sessionRow(token: string) {
    return t.db
      .selectFrom('operator_sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
  }

  it('signs the seeded administrator in with the demo password and the code of the demo secret', async () => {
    const demo = DEMO_OPERATORS[0];
    const before = Date.now();
    const result = await t.call(
      admin.operatorLogin,
      operatorLoginBody(demo.username, demo.password, await currentTotp(demo.totpSecret)),
      { ip: '203.0.113.9' },
    );
    const data = expectSuccess(result);
    expect(data.token).toMatch(/^op_[A-Za-z0-9_-]{43}$/);
    expect(data.operator).toMatchObject({
      username: 'admin',
      role: 'administrator',
      active: true,
      lastLoginIp: '203.0.113.9',
    });
    expect(data.operator.lastLoginAt).toBeGreaterThanOrEqual(before);

    // Stored by hash only, in the operators' own table, never among user sessions.
    const session = await sessionRow(data.token);
    expect(session).toMatchObject({ ip: '203.0.113.9', revoked_at: null });
    expect(session!.expires_at - session!.created_at).toBe(12 * 3_600_000);
    const hashes = await t.db.selectFrom('operator_sessions').select('token_hash').execute();
    expect(hashes.some((row) => row.token_hash === data.token)).toBe(false);
    expect(
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(data.token))
        .execute(),
    ).toEqual([]);

    const me = expectSuccess(await t.call(admin.operatorMe, {}, { token: data.token }));
    expect(me).toMatchObject({ username: 'admin', role: 'administrator' });
  });

  it('accepts the username in any letter case', async () => {
    const operator = await addOperator(t, 'support');
    const result = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username.toUpperCase(), operator.password, await freshCode(t, operator)),
    );
    expect(expectSuccess(result).operator.username).toBe(operator.username);
  });

  it('requires the TOTP code: a login without one changes nothing', async () => {
    const operator = await addOperator(t, 'finance');
    const sessionsBefore = await countRows(t.db, 'operator_sessions');
    const { googleCode: _unused, ...withoutCode } = operatorLoginBody(
      operator.username,
      operator.password,
      '',
    );
    const missing = await t.post(admin.operatorLogin.path, withoutCode, { lang: 'kr' });
    expectFailure(missing, 'VALIDATION_FAILED', { field: 'googleCode' });
    expect(missing.body.message).toBe(
      await tr('kr', 'validation.fieldInvalid', {
        field: await tr('kr', 'field.googleCode'),
        reason: await tr('kr', 'validation.required'),
      }),
    );
    const empty = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, operator.password, ''),
    );
    expectFailure(empty, 'VALIDATION_FAILED', { field: 'googleCode' });
    expect(await countRows(t.db, 'operator_sessions')).toBe(sessionsBefore);
  });

  it('refuses a wrong code with GOOGLE_CODE_INVALID in the caller language and records it', async () => {
    const operator = await addOperator(t, 'finance');
    const result = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, operator.password, await wrongTotp(operator.secret)),
      { lang: 'ja' },
    );
    expectFailure(result, 'GOOGLE_CODE_INVALID', { field: 'googleCode' });
    await expectLocalized(result.body.message, 'ja', 'error.GOOGLE_CODE_INVALID');
    const last = (await auditRows(t)).at(-1);
    expect(last).toMatchObject({
      operator_id: null,
      action: 'operator.login_failed',
      target_type: 'operator',
      target_id: String(operator.id),
    });
    expect(JSON.parse(last!.detail!)).toEqual({ username: operator.username, reason: 'totp_invalid' });
  });

  it('refuses a code that was already used, even by a login that succeeded', async () => {
    const operator = await addOperator(t, 'support');
    const code = await freshCode(t, operator);
    expectSuccess(
      await t.call(admin.operatorLogin, operatorLoginBody(operator.username, operator.password, code)),
    );
    const replay = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, operator.password, code),
    );
    expectFailure(replay, 'GOOGLE_CODE_REPLAYED', { field: 'googleCode' });
    const last = (await auditRows(t)).at(-1);
    expect(JSON.parse(last!.detail!)).toMatchObject({ reason: 'totp_replayed' });
  });

  it('lets only one of two concurrent logins with the same code through', async () => {
    const operator = await addOperator(t, 'support');
    const code = await freshCode(t, operator);
    const body = operatorLoginBody(operator.username, operator.password, code);
    const results = await Promise.all([t.call(admin.operatorLogin, body), t.call(admin.operatorLogin, body)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const refused = results.find((r) => !r.body.success)!;
    expectFailure(refused, 'GOOGLE_CODE_REPLAYED', { field: 'googleCode' });
    expect(
      await t.db
        .selectFrom('operator_sessions')
        .select('id')
        .where('operator_id', '=', operator.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('answers LOGIN_FAILED alike for a wrong password and an unknown name, and never checks the code first', async () => {
    const operator = await addOperator(t, 'finance');
    const wrong = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, 'Not#ThePassword1', await freshCode(t, operator)),
    );
    expectFailure(wrong, 'LOGIN_FAILED');
    const unknown = await t.call(admin.operatorLogin, operatorLoginBody('nobody1', 'Whatever#123', '123456'));
    expectFailure(unknown, 'LOGIN_FAILED');
    expect(unknown.body.message).toBe(wrong.body.message);
    // The code of the wrong-password attempt was not spent.
    await operatorLogin(t, operator);

    const rows = (await auditRows(t)).filter((row) => row.action === 'operator.login_failed').slice(-2);
    expect(rows.map((row) => JSON.parse(row.detail!))).toEqual([
      { username: operator.username, reason: 'wrong_password' },
      { username: 'nobody1', reason: 'unknown_username' },
    ]);
    expect(rows[1]).toMatchObject({ operator_id: null, target_type: null, target_id: null });
  });

  it('locks an operator name after five wrong passwords, even against the right one', async () => {
    const operator = await addOperator(t, 'finance');
    for (let i = 0; i < 5; i += 1) {
      const result = await t.call(
        admin.operatorLogin,
        operatorLoginBody(operator.username, `Wrong#pass${i}`, '000000'),
      );
      expectFailure(result, 'LOGIN_FAILED');
    }
    const locked = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, operator.password, await freshCode(t, operator)),
      { lang: 'es' },
    );
    expectFailure(locked, 'RATE_LIMITED');
    expect(locked.body.message).toMatch(/\d+/);
    const last = (await auditRows(t)).at(-1);
    expect(JSON.parse(last!.detail!)).toEqual({ username: operator.username, reason: 'locked' });
    // Users' login counters are separate: a user with the same name is not locked by this.
    expect(await t.attemptStore.peek(`login:${operator.username}`)).toEqual({ count: 0, resetInMs: 0 });
  });

  it('checks at most five of 30 concurrent wrong passwords for one name', async () => {
    const operator = await addOperator(t, 'finance');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(admin.operatorLogin, operatorLoginBody(operator.username, `Wrong#pass${i}`, '000000')),
      ),
    );
    const checked = results.filter((r) => r.body.code !== 'RATE_LIMITED');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(new Set(results.map((r) => r.body.code))).toEqual(new Set(['LOGIN_FAILED', 'RATE_LIMITED']));
    // Every refusal is in the audit log, the checked ones as wrong passwords, the others as locked.
    const reasons = (await auditRows(t))
      .filter((row) => row.action === 'operator.login_failed' && row.target_id === String(operator.id))
      .map((row) => (JSON.parse(row.detail!) as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'wrong_password')).toHaveLength(checked.length);
  });

  it('locks the code check after five wrong codes', async () => {
    const operator = await addOperator(t, 'support');
    const wrong = await wrongTotp(operator.secret);
    for (let i = 0; i < 5; i += 1) {
      expectFailure(
        await t.call(admin.operatorLogin, operatorLoginBody(operator.username, operator.password, wrong)),
        'GOOGLE_CODE_INVALID',
      );
    }
    const locked = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, operator.password, await freshCode(t, operator)),
    );
    expectFailure(locked, 'RATE_LIMITED');
  });

  it('names a disabled account only to someone who holds both factors', async () => {
    const operator = await addOperator(t, 'support');
    await t.db.updateTable('operators').set({ status: 0 }).where('id', '=', operator.id).execute();
    const wrongPassword = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, 'Wrong#pass1', await freshCode(t, operator)),
    );
    expectFailure(wrongPassword, 'LOGIN_FAILED');
    const result = await t.call(
      admin.operatorLogin,
      operatorLoginBody(operator.username, operator.password, await freshCode(t, operator)),
      { lang: 'zh-CN' },
    );
    expectFailure(result, 'OPERATOR_DISABLED');
    await expectLocalized(result.body.message, 'zh-CN', 'error.OPERATOR_DISABLED');
  });

  it('logs out: the token stops working and the console is told to sign in again', async () => {
    const operator = await signedInOperator(t, 'finance');
    expectSuccess(await t.call(admin.operatorLogout, {}, { token: operator.token }));
    expect((await sessionRow(operator.token))?.revoked_at).not.toBeNull();
    expectFailure(await t.call(admin.operatorMe, {}, { token: operator.token }), 'SESSION_EXPIRED', {
      forceLogout: true,
    });
  });

  it('ends a session past its lifetime or after half an hour without a request', async () => {
    const expired = await signedInOperator(t, 'support');
    await t.db
      .updateTable('operator_sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(expired.token))
      .execute();
    expectFailure(await t.call(admin.operatorMe, {}, { token: expired.token }), 'SESSION_EXPIRED', {
      forceLogout: true,
    });

    const idle = await signedInOperator(t, 'support');
    await t.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: Date.now() - OPERATOR_IDLE_TIMEOUT_MS - 1 })
      .where('token_hash', '=', hashToken(idle.token))
      .execute();
    expectFailure(await t.call(admin.operatorMe, {}, { token: idle.token }), 'SESSION_EXPIRED');
  });

  it('refuses malformed logins and unknown fields without a session', async () => {
    const sessionsBefore = await countRows(t.db, 'operator_sessions');
    const cases: [unknown, string][] = [
      [{ username: 'admin', password: 'plain-text', googleCode: '123456' }, 'password'],
      [{ ...operatorLoginBody('admin', 'x', '12345'), googleCode: '12345' }, 'googleCode'],
      [{ ...operatorLoginBody('admin', 'x', '123456'), googleCode: 123456 }, 'googleCode'],
      [{ ...operatorLoginBody('1admin', 'x', '123456') }, 'username'],
      [{ ...operatorLoginBody('admin', 'x', '123456'), role: 'administrator' }, 'role'],
    ];
    for (const [body, field] of cases) {
      expectFailure(await t.post(admin.operatorLogin.path, body), 'VALIDATION_FAILED', { field });
    }
    expect(await countRows(t.db, 'operator_sessions')).toBe(sessionsBefore);
  });
});
