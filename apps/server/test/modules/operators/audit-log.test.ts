import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type BodyOf } from '@vela/contract';
import { recordAudit } from '../../../src/modules/operators/audit-log.ts';
import {
  countRows,
  createTestApp,
  EXPECTED_DIALECT,
  expectFailure,
  expectSuccess,
  type TestApp,
} from '../../helpers/test-app.ts';
import {
  addOperator,
  auditRows,
  operatorLogin,
  signedInOperator,
  type TestOperator,
} from './operator-helpers.ts';

const { admin } = endpoints;

/** The audit log: written with each action, append-only in the database itself, paged newest first. */
describe(`audit log (${EXPECTED_DIALECT})`, () => {
  let t: TestApp;
  let administrator: TestOperator & { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    administrator = await signedInOperator(t, 'administrator');
  });
  afterAll(async () => {
    await t.close();
  });

  it('records login, logout and the viewing of a user', async () => {
    const from = (await auditRows(t)).at(-1)?.id ?? 0;
    const operator = await addOperator(t, 'support');
    const token = await operatorLogin(t, operator, { ip: '198.51.100.5' });
    const demo = await t.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', 'demo01')
      .executeTakeFirstOrThrow();
    expectSuccess(await t.call(admin.adminUserDetail, { userId: demo.id }, { token, ip: '198.51.100.5' }));
    expectSuccess(await t.call(admin.operatorLogout, {}, { token, ip: '198.51.100.5' }));
    const rows = (await auditRows(t)).filter((row) => row.id > from);
    expect(rows.map((row) => [row.action, row.operator_id, row.target_type, row.target_id, row.ip])).toEqual([
      ['operator.login', operator.id, 'operator', String(operator.id), '198.51.100.5'],
      ['user.view', operator.id, 'user', String(demo.id), '198.51.100.5'],
      ['operator.logout', operator.id, 'operator', String(operator.id), '198.51.100.5'],
    ]);
  });

  it('refuses UPDATE and DELETE of its rows in the database itself', async () => {
    const id = await recordAudit(t.db, {
      operatorId: administrator.id,
      action: 'user.view',
      targetType: 'user',
      targetId: 1,
    });
    const before = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('audit_log').set({ reason: 'rewritten' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`update audit_log set operator_id = null`.execute(t.db)).rejects.toThrow(/append-only/);
    if (EXPECTED_DIALECT === 'postgres') {
      await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    }
    expect(
      await t.db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('commits with the action or not at all', async () => {
    const before = await countRows(t.db, 'audit_log');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          operatorId: administrator.id,
          action: 'user.view',
          targetType: 'user',
          targetId: 1,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await countRows(t.db, 'audit_log')).toBe(before);

    await t.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        operatorId: administrator.id,
        action: 'user.view',
        targetType: 'user',
        targetId: 2,
        reason: 'checking',
        detail: { amount: '12.5000', currency: 'USDT' },
        ip: '192.0.2.1',
      });
    });
    const [entry] = expectSuccess(
      await t.call(
        admin.auditPage,
        { targetType: 'user', targetId: '2', limit: 1 },
        { token: administrator.token },
      ),
    ).list;
    expect(entry).toMatchObject({
      operatorId: administrator.id,
      operatorUsername: administrator.username,
      action: 'user.view',
      targetType: 'user',
      targetId: '2',
      reason: 'checking',
      detail: { amount: '12.5000', currency: 'USDT' },
      ip: '192.0.2.1',
    });
  });

  it('pages newest first by keyset and filters by operator, action, target and time', async () => {
    const a = await addOperator(t, 'finance');
    const b = await addOperator(t, 'support');
    const base = Date.UTC(2030, 0, 1);
    // Twelve rows an hour apart, alternating between the two operators and two targets.
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(
        await recordAudit(t.db, {
          operatorId: i % 2 === 0 ? a.id : b.id,
          action: i % 3 === 0 ? 'operator.enable' : 'user.view',
          targetType: 'user',
          targetId: 9000 + (i % 4),
          now: base + i * 3_600_000,
        }),
      );
    }
    const token = administrator.token;
    const page = async (body: BodyOf<typeof admin.auditPage>) =>
      expectSuccess(await t.call(admin.auditPage, { from: base, ...body }, { token }));

    // Newest first, five at a time, no row twice or missed.
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const result = await page({ limit: 5, ...(before ? { before } : {}) });
      seen.push(...result.list.map((entry) => entry.id));
      if (result.nextBefore === null) break;
      before = result.nextBefore;
    }
    expect(seen).toEqual([...ids].reverse());

    expect((await page({ operator: a.username.toUpperCase() })).list.map((e) => e.operatorId)).toEqual(
      Array(6).fill(a.id),
    );
    expect((await page({ action: 'operator.enable' })).list.map((e) => e.id)).toEqual([
      ids[9],
      ids[6],
      ids[3],
      ids[0],
    ]);
    expect((await page({ targetType: 'user', targetId: '9001' })).list.map((e) => e.id)).toEqual([
      ids[9],
      ids[5],
      ids[1],
    ]);
    // `from` inclusive, `to` exclusive.
    expect(
      (await page({ from: base + 3 * 3_600_000, to: base + 6 * 3_600_000 })).list.map((e) => e.id),
    ).toEqual([ids[5], ids[4], ids[3]]);
    expect((await page({ operator: 'nobody9' })).list).toEqual([]);
    expect((await page({ from: base + 100 * 3_600_000 })).nextBefore).toBeNull();
  });

  it('refuses malformed filters', async () => {
    const cases: [unknown, string][] = [
      [{ action: 'operator.delete' }, 'action'],
      [{ targetType: 'planet' }, 'targetType'],
      [{ targetId: 'a b' }, 'targetId'],
      [{ from: -1 }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ before: 0 }, 'before'],
      [{ limit: 101 }, 'limit'],
      [{ operator: "x' or 1=1" }, 'operator'],
      [{ sql: 'drop' }, 'sql'],
    ];
    for (const [body, field] of cases) {
      expectFailure(
        await t.post(admin.auditPage.path, body, { token: administrator.token }),
        'VALIDATION_FAILED',
        {
          field,
        },
      );
    }
  });
});
