import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestBatcher, type BatchOutcome } from '../../../src/modules/storage/request-batcher.ts';
import { countRows, createTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * Requests batched into one unit of the group committer (decision 027), against a real database:
 * each request gets its own outcome, batches follow each other, and a batch failing on a unique key
 * is split so that only the duplicate fails.
 */
describe('request batcher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const keyRow = (key: string) => ({
    owner: 'batcher',
    idem_key: key,
    endpoint: '/test',
    request_hash: key,
    response: 'null',
    created_at: Date.now(),
  });

  it('answers each request of a batch on its own and runs one batch at a time', async () => {
    const sizes: number[] = [];
    let running = 0;
    const batcher = new RequestBatcher<string, string>(t.money.committer, async (trx, items) => {
      running += 1;
      expect(running).toBe(1);
      sizes.push(items.length);
      const outcomes: BatchOutcome<string>[] = [];
      for (const item of items) {
        if (item.startsWith('refuse')) {
          outcomes.push({ ok: false, error: new Error(`refused ${item}`) });
          continue;
        }
        await trx.insertInto('idempotency_key').values(keyRow(item)).execute();
        outcomes.push({ ok: true, value: item.toUpperCase() });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return outcomes;
    });
    const first = await Promise.allSettled(['a1', 'refuse-1', 'a2'].map((item) => batcher.submit(item)));
    expect(first.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      'A1',
      'Error: refused refuse-1',
      'A2',
    ]);
    // Requests arriving while a batch is in the committer wait and go together in the next one.
    const pending = ['b1', 'b2'].map((item) => batcher.submit(item));
    await new Promise((resolve) => setImmediate(resolve));
    pending.push(...['b3', 'b4', 'b5'].map((item) => batcher.submit(item)));
    expect(await Promise.all(pending)).toEqual(['B1', 'B2', 'B3', 'B4', 'B5']);
    expect(sizes).toEqual([3, 2, 3]);
  });

  it('splits a batch that fails on a unique key, so that only the duplicate fails', async () => {
    await t.db.insertInto('idempotency_key').values(keyRow('taken')).execute();
    const before = await countRows(t.db, 'idempotency_key');
    const batcher = new RequestBatcher<string, string>(t.money.committer, async (trx, items) => {
      await trx
        .insertInto('idempotency_key')
        .values(items.map((item) => keyRow(item)))
        .execute();
      return items.map((item) => ({ ok: true, value: item }));
    });
    const results = await Promise.allSettled(['c1', 'taken', 'c2'].map((item) => batcher.submit(item)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await countRows(t.db, 'idempotency_key')).toBe(before + 2);
  });
});
