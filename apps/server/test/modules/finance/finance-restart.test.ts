import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeBuyEntry, financePayout, type EntryDraft } from '@vela/domain';
import { checkBooks } from '../../../src/books.ts';
import { insertFinanceOrder, insertFinanceProduct } from '../../../src/modules/finance/finance-repository.ts';
import { killHard, spawnServer } from '../../helpers/server-process.ts';
import { createTestApp, login, registerUser, userRow, type TestApp } from '../../helpers/test-app.ts';
import { fund, vcIdOf } from '../ledger/ledger-helpers.ts';

/**
 * Orders that ended while the server was down settle when it starts; the server is killed with
 * SIGKILL again and again, at moments that vary from run to run, and another settler then settles
 * what is left: every order ends exactly once, each user gets exactly the payouts of their orders,
 * and the books balance.
 */
describe('finance settlement across a killed server', () => {
  let t: TestApp;
  const ORDERS = 2_000;
  const USERS = 20;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('settles every order once whatever moment the kill comes at', async () => {
    const usdt = await vcIdOf(t, 'USDT');
    const btc = await vcIdOf(t, 'BTC');
    const endAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const users: number[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const member = await registerUser(t);
      await login(t, member.username, member.password);
      const userId = (await userRow(t.db, member.username))?.id ?? 0;
      await fund(t, userId, 'USDT', '100000');
      users.push(userId);
    }
    // Two products, linked above and below the settlement price: half the orders are paid back in
    // the coin, half in USDT.
    const products = await Promise.all(
      [6_500_000n, 5_500_000n].map((linked) =>
        insertFinanceProduct(t.db, {
          vc_id: btc.id,
          settle_vc_id: usdt.id,
          name: `restart ${linked}`,
          remark: '',
          buy_type: 'usdt',
          rate: '0.1',
          service_rate: '0.01',
          cycle: 1,
          cycle_type: 'minute',
          linked_price_minor: linked,
          min_amount_minor: 1n,
          max_amount_minor: null,
          quota_minor: 10n ** 15n,
          sold_minor: 0n,
          order_count: 0,
          enabled: 1,
          sort: 0,
          created_at: endAt,
          updated_at: endAt,
        }),
      ),
    );
    const expected = new Map<string, bigint>();
    // The purchases are booked in one posting of all their entries: setting up is not what this
    // test times, and on PostgreSQL an entry per round trip took most of its time budget.
    const entries: EntryDraft[] = [];
    await t.money.committer.run(async (trx) => {
      for (let i = 0; i < ORDERS; i += 1) {
        const userId = users[i % USERS]!;
        const linked = i % 2 === 0 ? 6_500_000n : 5_500_000n;
        const amount = BigInt(1_000_000 + i * 7);
        const id = await insertFinanceOrder(trx, {
          user_id: userId,
          product_id: products[i % 2]!,
          vc_id: btc.id,
          settle_vc_id: usdt.id,
          buy_type: 'usdt',
          amount_minor: amount,
          coins_minor: 0n,
          rate: '0.1',
          service_rate: '0.01',
          cycle: 1,
          cycle_type: 'minute',
          linked_price_minor: linked,
          start_at: endAt - 60_000,
          end_at: endAt + (i % 5),
        });
        entries.push(financeBuyEntry({ refType: 'finance_order', refId: id }, userId, usdt.id, amount));
        const payout = financePayout(
          { buyType: 'usdt', rateUnits: 10_000_000n, termMs: 60_000, linkedPriceMinor: linked },
          amount,
          6_000_000n,
          { coin: btc.scale, settle: usdt.scale, price: 2 },
        );
        const key = `${userId}:${payout.currency}`;
        expected.set(key, (expected.get(key) ?? 0n) + payout.amountMinor);
      }
      await t.money.ledger.post(trx, entries);
    });
    await t.db
      .insertInto('price_tick')
      .values({
        vc_id: btc.id,
        time_ms: endAt + 10,
        price_minor: 6_000_000n,
        volume_minor: 1n,
        turnover_minor: 1n,
      })
      .execute();

    // The server starts and is killed four times, each time a little later: during its start, while
    // it settles (one commit for all these orders), or after. A kill never leaves part of a batch.
    for (const delay of [700, 1_400, 2_100, 2_800]) {
      const child = spawnServer(t);
      await new Promise((resolve) => setTimeout(resolve, delay + Math.floor(Math.random() * 400)));
      await killHard({ child });
      const settled = await t.db.selectFrom('finance_order_end').select('order_id').execute();
      expect([0, ORDERS]).toContain(settled.length);
    }
    await t.finance.settleDue(Date.now());

    const ends = await t.db
      .selectFrom('finance_order_end')
      .select(['order_id', 'payout_vc_id', 'payout_minor'])
      .execute();
    expect(new Set(ends.map((e) => e.order_id)).size).toBe(ORDERS);
    expect(ends).toHaveLength(ORDERS);
    const received = new Map<string, bigint>();
    const paid = await t.db
      .selectFrom('journal_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .select(['p.user_id', 'p.vc_id', 'p.amount_minor'])
      .where('p.entry_type', '=', 'finance_settlement')
      .where('a.kind', '=', 'spot')
      .execute();
    for (const row of paid) {
      const key = `${row.user_id}:${Number(row.vc_id) === btc.id ? 'coin' : 'usdt'}`;
      received.set(key, (received.get(key) ?? 0n) + BigInt(row.amount_minor));
    }
    expect(received).toEqual(expected);
    const report = await checkBooks(t.db, t.storage.dialect);
    expect(report.violations).toEqual([]);
  }, 90_000);
});
