import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { hashToken } from '../../../src/modules/users/session-repository.ts';
import { currentTotp } from '../../../src/modules/users/totp.ts';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  pw,
  type TestApp,
} from '../../helpers/test-app.ts';
import {
  auditRows,
  freshCode,
  operatorLogin,
  operatorLoginBody,
  signedInOperator,
  uniqueOperatorName,
  type TestOperator,
} from './operator-helpers.ts';

const { admin } = endpoints;

/** Administrators manage operators: create (with a TOTP secret shown once), disable, enable, reset TOTP. */
describe('operator accounts', () => {
  let t: TestApp;
  let administrator: TestOperator & { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    administrator = await signedInOperator(t, 'administrator');
  });
  afterAll(async () => {
    await t.close();
  });

  async function create(role: 'finance' | 'support' | 'administrator' = 'support') {
    const username = uniqueOperatorName('new');
    const password = 'First#Pass2024';
    const data = expectSuccess(
      await t.call(
        admin.operatorCreate,
        { username, password: pw(password), role },
        { token: administrator.token, ip: '192.0.2.44' },
      ),
    );
    return { data, operator: { id: data.operator.id, username, password, secret: data.totpSecret, role } };
  }

  async function sessionsOf(operatorId: number) {
    return t.db.selectFrom('operator_sessions').selectAll().where('operator_id', '=', operatorId).execute();
  }

  it('creates an operator and answers its TOTP secret and otpauth URI, with which it signs in', async () => {
    const { data, operator } = await create('finance');
    expect(data.operator).toMatchObject({
      username: operator.username,
      role: 'finance',
      active: true,
      lastLoginAt: null,
    });
    expect(data.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(data.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(data.totpSecret);
    expect(uri.searchParams.get('issuer')).toBe('Vela console');
    expect(decodeURIComponent(uri.pathname)).toContain(operator.username);

    const row = await t.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: administrator.id, role: 'finance', status: 1 });
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);

    const token = await operatorLogin(t, operator);
    expect(expectSuccess(await t.call(admin.operatorMe, {}, { token }))).toMatchObject({
      username: operator.username,
      role: 'finance',
    });
    // The secret is never answered again: neither the list nor me carry it.
    const list = expectSuccess(await t.call(admin.operatorList, {}, { token: administrator.token }));
    expect(JSON.stringify(list)).not.toContain(data.totpSecret);
  });

  it('refuses a taken username in any letter case, and a malformed role or password', async () => {
    const { operator } = await create();
    const before = await countRows(t.db, 'operators');
    const taken = await t.call(
      admin.operatorCreate,
      { username: operator.username.toUpperCase(), password: pw('x#Y12345'), role: 'support' },
      { token: administrator.token, lang: 'pt' },
    );
    expectFailure(taken, 'USERNAME_TAKEN', { field: 'username' });
    await expectLocalized(taken.body.message, 'pt', 'error.USERNAME_TAKEN');
    const cases: [unknown, string][] = [
      [{ username: 'fresh1', password: pw('x'), role: 'root' }, 'role'],
      [{ username: 'fresh1', password: 'plain', role: 'support' }, 'password'],
      [{ username: '9fresh', password: pw('x'), role: 'support' }, 'username'],
      [{ username: 'fresh1', password: pw('x'), role: 'support', totpSecret: 'AAAA' }, 'totpSecret'],
    ];
    for (const [body, field] of cases) {
      expectFailure(
        await t.post(admin.operatorCreate.path, body, { token: administrator.token }),
        'VALIDATION_FAILED',
        {
          field,
        },
      );
    }
    expect(await countRows(t.db, 'operators')).toBe(before);
  });

  it('lets one of two concurrent creations of one name through', async () => {
    const username = uniqueOperatorName('race');
    const body = { username, password: pw('Race#2024'), role: 'support' as const };
    const results = await Promise.all([
      t.call(admin.operatorCreate, body, { token: administrator.token }),
      t.call(admin.operatorCreate, body, { token: administrator.token }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expectFailure(
      results.find((r) => !r.body.success)!,
      'USERNAME_TAKEN',
    );
  });

  it('disables an operator: their sessions end, they cannot sign in; enabling lets them back', async () => {
    const { operator } = await create();
    const token = await operatorLogin(t, operator);
    const disabled = expectSuccess(
      await t.call(
        admin.operatorDisable,
        { operatorId: operator.id, reason: 'left the company' },
        { token: administrator.token },
      ),
    );
    expect(disabled.active).toBe(false);
    expect((await sessionsOf(operator.id)).every((s) => s.revoked_at !== null)).toBe(true);
    expectFailure(await t.call(admin.operatorMe, {}, { token }), 'SESSION_EXPIRED', { forceLogout: true });
    expectFailure(
      await t.call(
        admin.operatorLogin,
        operatorLoginBody(operator.username, operator.password, await freshCode(t, operator)),
      ),
      'OPERATOR_DISABLED',
    );

    // Disabling again changes nothing and records nothing.
    const rowsBefore = await countRows(t.db, 'audit_log');
    expectSuccess(
      await t.call(
        admin.operatorDisable,
        { operatorId: operator.id, reason: 'again' },
        { token: administrator.token },
      ),
    );
    expect(await countRows(t.db, 'audit_log')).toBe(rowsBefore);

    const enabled = expectSuccess(
      await t.call(
        admin.operatorEnable,
        { operatorId: operator.id, reason: 'came back' },
        { token: administrator.token },
      ),
    );
    expect(enabled.active).toBe(true);
    // Both codes of this step and the next may be spent by now; the row's last step decides.
    await t.db.updateTable('operators').set({ totp_last_step: 0 }).where('id', '=', operator.id).execute();
    await operatorLogin(t, operator);
  });

  it('refuses an administrator disabling themselves, and unknown operators', async () => {
    const self = await t.call(
      admin.operatorDisable,
      { operatorId: administrator.id, reason: 'oops' },
      { token: administrator.token, lang: 'id' },
    );
    expectFailure(self, 'OPERATOR_SELF_DISABLE');
    await expectLocalized(self.body.message, 'id', 'error.OPERATOR_SELF_DISABLE');
    expectSuccess(await t.call(admin.operatorMe, {}, { token: administrator.token }));

    for (const endpoint of [admin.operatorDisable, admin.operatorEnable, admin.operatorResetTotp]) {
      expectFailure(
        await t.call(endpoint, { operatorId: 987_654, reason: 'x' }, { token: administrator.token }),
        'OPERATOR_NOT_FOUND',
        { field: 'operatorId' },
      );
    }
  });

  it('requires a reason and a whole positive id for disable, enable and reset', async () => {
    const { operator } = await create();
    const cases: [unknown, string][] = [
      [{ operatorId: operator.id }, 'reason'],
      [{ operatorId: operator.id, reason: '   ' }, 'reason'],
      [{ operatorId: operator.id, reason: 'x'.repeat(501) }, 'reason'],
      [{ operatorId: -1, reason: 'x' }, 'operatorId'],
      [{ operatorId: 1.5, reason: 'x' }, 'operatorId'],
      [{ operatorId: '1', reason: 'x' }, 'operatorId'],
    ];
    for (const endpoint of [admin.operatorDisable, admin.operatorEnable, admin.operatorResetTotp]) {
      for (const [body, field] of cases) {
        expectFailure(
          await t.post(endpoint.path, body, { token: administrator.token }),
          'VALIDATION_FAILED',
          { field },
        );
      }
    }
    const row = await t.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
  });

  it('resets an operator TOTP: a new secret answered once, the old one refused, sessions ended', async () => {
    const { operator } = await create();
    const token = await operatorLogin(t, operator);
    const reset = expectSuccess(
      await t.call(
        admin.operatorResetTotp,
        { operatorId: operator.id, reason: 'lost phone' },
        { token: administrator.token },
      ),
    );
    expect(reset.totpSecret).not.toBe(operator.secret);
    expect(new URL(reset.otpauthUri).searchParams.get('secret')).toBe(reset.totpSecret);
    const session = await t.db
      .selectFrom('operator_sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
    expectFailure(await t.call(admin.operatorMe, {}, { token }), 'SESSION_EXPIRED');

    const oldCode = await currentTotp(operator.secret);
    const newCode = await currentTotp(reset.totpSecret);
    if (oldCode !== newCode) {
      expectFailure(
        await t.call(admin.operatorLogin, operatorLoginBody(operator.username, operator.password, oldCode)),
        'GOOGLE_CODE_INVALID',
      );
    }
    await operatorLogin(t, { ...operator, secret: reset.totpSecret });
  });

  it('records every account action with its operator, target, reason and address', async () => {
    const from = (await auditRows(t)).at(-1)?.id ?? 0;
    const { operator } = await create('support');
    for (const endpoint of [admin.operatorDisable, admin.operatorEnable, admin.operatorResetTotp]) {
      expectSuccess(
        await t.call(
          endpoint,
          { operatorId: operator.id, reason: `because ${endpoint.path}` },
          { token: administrator.token, ip: '192.0.2.44' },
        ),
      );
    }
    const rows = (await auditRows(t)).filter((row) => row.id > from);
    expect(rows.map((row) => row.action)).toEqual([
      'operator.create',
      'operator.disable',
      'operator.enable',
      'operator.reset_totp',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        operator_id: administrator.id,
        target_type: 'operator',
        target_id: String(operator.id),
        ip: '192.0.2.44',
      });
    }
    expect(JSON.parse(rows[0]!.detail!)).toEqual({ username: operator.username, role: 'support' });
    expect(rows.slice(1).map((row) => row.reason)).toEqual([
      `because ${admin.operatorDisable.path}`,
      `because ${admin.operatorEnable.path}`,
      `because ${admin.operatorResetTotp.path}`,
    ]);
    // No secret ever reaches the log.
    expect(JSON.stringify(rows)).not.toMatch(/[A-Z2-7]{32}/);
  });
});
