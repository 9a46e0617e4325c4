import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { demoOperatorBanner, DEMO_OPERATORS } from '../../../src/modules/operators/operators-seed.ts';
import {
  createOperatorCommand,
  operatorCodeCommand,
  OpsCommandError,
  resetOperatorCommand,
} from '../../../src/modules/operators/operator-commands.ts';
import { currentTotp } from '../../../src/modules/users/totp.ts';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { auditRows, freshCode, operatorLogin, operatorLoginBody } from './operator-helpers.ts';

const { admin } = endpoints;

/** The ops commands (`npm run ops -- operator-...`) and the demo operators of the start banner. */
describe('operator ops commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds one operator per role, each printed in the start banner with its otpauth URI', async () => {
    const rows = await t.db.selectFrom('operators').select(['username', 'role', 'totp_secret']).execute();
    expect(rows.map((row) => row.role).sort()).toEqual(['administrator', 'finance', 'support']);
    const banner = await demoOperatorBanner(t.db, 'http://localhost:8080');
    for (const demo of DEMO_OPERATORS) {
      expect(banner).toContain(`${demo.username} / ${demo.password}`);
      expect(banner).toContain(`secret=${demo.totpSecret}`);
    }
    expect(banner).toContain('npm run ops -- operator-code <username>');
  });

  it('creates an operator with a random password and TOTP secret that sign in', async () => {
    const issued = await createOperatorCommand(t.db, 'opsmade1', 'finance');
    expect(issued.password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(issued.otpauthUri).toContain(`secret=${issued.totpSecret}`);
    const row = await t.db
      .selectFrom('operators')
      .selectAll()
      .where('username_key', '=', 'opsmade1')
      .executeTakeFirstOrThrow();
    const operator = {
      id: row.id,
      username: 'opsmade1',
      password: issued.password,
      secret: issued.totpSecret,
      role: 'finance' as const,
    };
    const token = await operatorLogin(t, operator);
    expect(expectSuccess(await t.call(admin.operatorMe, {}, { token })).role).toBe('finance');
    expect(
      (await auditRows(t)).find((r) => r.action === 'operator.create' && r.target_id === String(row.id)),
    ).toMatchObject({
      operator_id: null,
    });

    await expect(createOperatorCommand(t.db, 'OpsMade1', 'support')).rejects.toThrow(OpsCommandError);
    await expect(createOperatorCommand(t.db, 'opsmade2', 'root')).rejects.toThrow(
      /administrator, finance, support/,
    );
    await expect(createOperatorCommand(t.db, '2bad', 'support')).rejects.toThrow(OpsCommandError);
  });

  it('prints the current code of an operator', async () => {
    const now = Date.now();
    const { code, secondsLeft } = await operatorCodeCommand(t.db, 'admin', now);
    expect(code).toBe(await currentTotp(DEMO_OPERATORS[0].totpSecret, now));
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(30);
    await expect(operatorCodeCommand(t.db, 'nobody')).rejects.toThrow(OpsCommandError);
  });

  it('rotates a demo operator: the old login stops working, the new one works, the banner drops it', async () => {
    const demo = DEMO_OPERATORS[1];
    const row = await t.db
      .selectFrom('operators')
      .selectAll()
      .where('username_key', '=', demo.username)
      .executeTakeFirstOrThrow();
    const oldToken = await operatorLogin(t, {
      id: row.id,
      username: demo.username,
      password: demo.password,
      secret: demo.totpSecret,
      role: demo.role,
    });

    const issued = await resetOperatorCommand(t.db, demo.username);
    expectFailure(await t.call(admin.operatorMe, {}, { token: oldToken }), 'SESSION_EXPIRED');
    expectFailure(
      await t.call(
        admin.operatorLogin,
        operatorLoginBody(
          demo.username,
          demo.password,
          await freshCode(t, { id: row.id, secret: issued.totpSecret }),
        ),
      ),
      'LOGIN_FAILED',
    );
    await operatorLogin(t, {
      id: row.id,
      username: demo.username,
      password: issued.password,
      secret: issued.totpSecret,
      role: demo.role,
    });

    const banner = await demoOperatorBanner(t.db, 'http://localhost:8080');
    expect(banner).not.toContain(`${demo.username} / `);
    expect(banner).toContain(`${DEMO_OPERATORS[0].username} / `);
    const resets = (await auditRows(t)).filter((r) => r.action === 'operator.reset_credentials');
    expect(resets).toHaveLength(1);
    expect(resets[0]).toMatchObject({ operator_id: null, target_id: String(row.id) });
  });
});
