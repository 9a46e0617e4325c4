import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceChange } from '../../../src/modules/ledger/balance-changes.ts';
import { postAdjustment } from '../../../src/modules/wallet/adjustments.ts';
import { createTestApp, login, registerUser, userRow, type TestApp } from '../../helpers/test-app.ts';
import { vcIdOf } from './ledger-helpers.ts';

/**
 * What the group committer runs after a commit (decision 024): the announcements of units that
 * committed, never of a unit that rolled back, and the ledger's balance changes among them.
 */
describe('after-commit effects', () => {
  let t: TestApp;
  let userId: number;
  let usdt: number;

  beforeAll(async () => {
    t = await createTestApp();
    const member = await registerUser(t);
    await login(t, member.username, member.password);
    userId = (await userRow(t.db, member.username))?.id ?? 0;
    usdt = (await vcIdOf(t, 'USDT')).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const keyRow = (key: string) => ({
    owner: 'test',
    idem_key: key,
    endpoint: '/test',
    request_hash: key,
    response: 'null',
    created_at: Date.now(),
  });

  it("runs a committed unit's effects once, after the commit, and never a failed unit's", async () => {
    const ran: string[] = [];
    const committed = t.money.committer.run(async (trx) => {
      await trx.insertInto('idempotency_key').values(keyRow('after-commit-a')).execute();
      t.money.committer.afterCommit(trx, () => ran.push('a'));
      return 'a';
    });
    const failed = t.money.committer.run(async (trx) => {
      await trx.insertInto('idempotency_key').values(keyRow('after-commit-b')).execute();
      t.money.committer.afterCommit(trx, () => ran.push('b'));
      throw new Error('refused after asking');
    });
    // Both units joined one batch (same turn): the failed one rolled back alone.
    expect(ran).toEqual([]);
    await expect(committed).resolves.toBe('a');
    await expect(failed).rejects.toThrow('refused after asking');
    expect(ran).toEqual(['a']);
    const rows = await t.db
      .selectFrom('idempotency_key')
      .select('idem_key')
      .where('owner', '=', 'test')
      .execute();
    expect(rows.map((r) => r.idem_key)).toEqual(['after-commit-a']);
  });

  it('drops an effect asked for outside a running unit', async () => {
    let ran = false;
    const asked = await t.db
      .transaction()
      .execute(async (trx) => t.money.committer.afterCommit(trx, () => (ran = true)));
    expect(asked).toBe(false);
    await t.money.committer.run(async () => null);
    expect(ran).toBe(false);
  });

  it("announces the ledger's balance changes of committed units only", async () => {
    const heard: BalanceChange[][] = [];
    const stop = t.money.balanceChanges.subscribe((changes) => heard.push([...changes]));
    try {
      const adjustment = { operatorId: 0, userId, vcId: usdt, reason: 'test' };
      await expect(
        t.money.committer.run(async (trx) => {
          await postAdjustment(t.money, trx, { ...adjustment, deltaMinor: 5_000_000n });
          throw new Error('rolled back after posting');
        }),
      ).rejects.toThrow('rolled back after posting');
      expect(heard).toEqual([]);

      await t.money.committer.run((trx) => postAdjustment(t.money, trx, { ...adjustment, deltaMinor: 7n }));
      // The house's side of the entry belongs to nobody: only the user's account is announced.
      expect(heard).toEqual([[{ userId, vcId: usdt, entryType: 'adjustment' }]]);
    } finally {
      stop();
    }
  });
});
