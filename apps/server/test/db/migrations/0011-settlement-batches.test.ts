import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrateTo, migrateToLatest } from '../../../src/db/migrate.ts';
import { checkBooks } from '../../../src/books.ts';
import { createTestStorage, EXPECTED_DIALECT, type TestStorage } from '../../helpers/test-app.ts';

/**
 * Migration 0008 converts timed orders booked the earlier way (stakes in each user's trade hold,
 * one settlement entry per order) into settlement batches with the stakes in the escrow, so the
 * invariant checker sees one kind of history. The rows are written as the earlier code wrote them.
 * Runs on SQLite and on PostgreSQL.
 */
describe(`migration 0008: settlement batches (${EXPECTED_DIALECT})`, () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage();
    await migrateTo(ts.storage, '0007-timing');
  });
  afterAll(async () => {
    await ts.dispose();
  });

  const STAKE = 10_000_000n;
  const PAYOUT = 18_000_000n;

  it('moves open stakes to the escrow and turns each settled order into a batch of one', async () => {
    const db = ts.storage.db as unknown as Kysely<unknown>;
    const now = Date.now();
    const one = async <Row>(query: ReturnType<typeof sql<Row>>) => {
      const result = await query.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('no row');
      return row;
    };
    const userId = Number(
      (
        await one<{ id: number }>(sql`
          INSERT INTO users (username, username_key, login_pwd_hash, user_type, nickname, register_way, created_at)
          VALUES ('legacy', 'legacy', 'x', 1, 'legacy', 'test', ${now}) RETURNING id`)
      ).id,
    );
    const vcId = Number(
      (
        await one<{ id: number }>(sql`
          INSERT INTO vc (symbol, name, type, enabled, settle_vc, price_scale, volume_scale, display_precision,
            icon, sort, sim_start_price_minor, sim_volatility, sim_drift, sim_volume_per_second, created_at,
            wallet, amount_scale)
          VALUES ('USDT', 'Tether', 1, 1, 1, 4, 2, 4, '', 0, 10000, '0', '0', '0', ${now}, 1, 6) RETURNING id`)
      ).id,
    );
    const account = async (user: number | null, kind: string, balance: bigint) =>
      Number(
        (
          await one<{ id: number }>(sql`
            INSERT INTO ledger_account (user_id, vc_id, kind, balance_minor, created_at)
            VALUES (${user}, ${vcId}, ${kind}, ${balance}, ${now}) RETURNING id`)
        ).id,
      );
    // The user had 100 and placed three orders of 10: one still open, one won, one lost.
    const external = await account(null, 'external', -100_000_000n);
    const house = await account(null, 'house', STAKE - (PAYOUT - STAKE));
    const spot = await account(userId, 'spot', 100_000_000n - 3n * STAKE + PAYOUT);
    const hold = await account(userId, 'trade_hold', STAKE);
    const postings: [number, number, number | null, string, bigint][] = [];
    const entry = async (
      type: string,
      refType: string,
      refId: number,
      lines: [number, number | null, bigint][],
    ) => {
      const row = await one<{ id: number }>(sql`
        INSERT INTO journal_entry (type, vc_id, ref_type, ref_id, memo, created_at)
        VALUES (${type}, ${vcId}, ${refType}, ${refId}, NULL, ${now}) RETURNING id`);
      for (const [accountId, user, amount] of lines)
        postings.push([Number(row.id), accountId, user, type, amount]);
    };
    const order = async (status: 'open' | 'settled', outcome: string | null, payout: bigint | null) =>
      Number(
        (
          await one<{ id: number }>(sql`
            INSERT INTO timing_order (user_id, vc_id, settle_vc_id, direction, period_seconds, stake_minor,
              payout_rate, tie_rule, open_tick_id, open_tick_time_ms, open_price_minor, created_at, expires_at,
              status, settle_tick_id, settle_tick_time_ms, settle_price_minor, outcome, payout_minor, settled_at)
            VALUES (${userId}, ${vcId}, ${vcId}, 'up', 30, ${STAKE}, '0.8', 'refund', 1, ${now}, 100, ${now},
              ${now + 30_000}, ${status}, ${status === 'open' ? null : 2}, ${status === 'open' ? null : now + 30_000},
              ${status === 'open' ? null : 101}, ${outcome}, ${payout}, ${status === 'open' ? null : now})
            RETURNING id`)
        ).id,
      );
    await entry('adjustment', 'adjustment', 1, [
      [external, null, -100_000_000n],
      [spot, userId, 100_000_000n],
    ]);
    const open = await order('open', null, null);
    const won = await order('settled', 'win', PAYOUT);
    const lost = await order('settled', 'loss', 0n);
    for (const id of [open, won, lost]) {
      await entry('timing_stake', 'timing', id, [
        [spot, userId, -STAKE],
        [hold, userId, STAKE],
      ]);
    }
    await entry('timing_settlement', 'timing', won, [
      [hold, userId, -STAKE],
      [spot, userId, PAYOUT],
      [house, null, STAKE - PAYOUT],
    ]);
    await entry('timing_settlement', 'timing', lost, [
      [hold, userId, -STAKE],
      [house, null, STAKE],
    ]);
    for (const [entryId, accountId, user, type, amount] of postings) {
      await sql`
        INSERT INTO journal_posting (entry_id, account_id, user_id, vc_id, entry_type, amount_minor,
          balance_after_minor, created_at)
        VALUES (${entryId}, ${accountId}, ${user}, ${vcId}, ${type}, ${amount}, 0, ${now})`.execute(db);
    }

    expect(await migrateToLatest(ts.storage)).toContain('0008-settlement-batches');

    const report = await checkBooks(ts.storage.db, ts.storage.dialect);
    // The adjustment names no adjustment row in this hand-made history; nothing else may object.
    expect(
      report.violations.filter((v) => !(v.rule === 'reference_gap' && v.gap.refType === 'adjustment')),
    ).toEqual([]);
    const accounts = await ts.storage.db
      .selectFrom('ledger_account')
      .select(['kind', 'balance_minor'])
      .where('vc_id', '=', vcId)
      .where('kind', 'in', ['trade_hold', 'timing_escrow'])
      .orderBy('kind')
      .execute();
    expect(accounts.map((a) => [a.kind, BigInt(a.balance_minor)])).toEqual([
      ['timing_escrow', STAKE],
      ['trade_hold', 0n],
    ]);
    // And split by 0010-open-orders: the open order among the open ones, the others with results.
    const orders = await ts.storage.db
      .selectFrom('timing_order as o')
      .leftJoin('timing_order_result as r', 'r.order_id', 'o.id')
      .leftJoin('timing_order_open as f', 'f.id', 'o.id')
      .select(['o.id', 'r.settle_batch_id', 'r.outcome', 'r.payout_minor', 'f.id as open_id'])
      .orderBy('o.id')
      .execute();
    expect(
      orders.map((o) => [
        o.settle_batch_id === null ? null : Number(o.settle_batch_id),
        o.outcome,
        o.payout_minor === null ? null : BigInt(o.payout_minor),
        o.open_id === null ? null : Number(o.open_id),
      ]),
    ).toEqual([
      [null, null, null, open],
      [won, 'win', PAYOUT, null],
      [lost, 'loss', 0n, null],
    ]);
    // And by 0012-opening-ticks: each order opened where it was placed, with the expiry it had.
    const openings = await ts.storage.db
      .selectFrom('timing_order_opened')
      .select([
        'order_id',
        'open_tick_id',
        'open_tick_time_ms',
        'open_price_minor',
        'expires_at',
        'opened_at',
      ])
      .orderBy('order_id')
      .execute();
    expect(
      openings.map((o) => [
        Number(o.order_id),
        Number(o.open_tick_time_ms),
        Number(o.expires_at),
        Number(o.opened_at),
      ]),
    ).toEqual([open, won, lost].map((id) => [id, now, now + 30_000, now]));
    // And by 0014-opening-on-read: the results hold the open tick and expiry of their orders.
    const results = await ts.storage.db
      .selectFrom('timing_order_result')
      .select(['order_id', 'open_tick_id', 'open_tick_time_ms', 'open_price_minor', 'expires_at'])
      .orderBy('order_id')
      .execute();
    expect(
      results.map((r) => [
        Number(r.order_id),
        Number(r.open_tick_id),
        Number(r.open_tick_time_ms),
        BigInt(r.open_price_minor),
        Number(r.expires_at),
      ]),
    ).toEqual([won, lost].map((id) => [id, 1, now, 100n, now + 30_000]));
    const payout = await ts.storage.db
      .selectFrom('journal_posting')
      .select(['ref_type', 'ref_id', 'amount_minor'])
      .where('ref_type', 'is not', null)
      .execute();
    expect(payout.map((p) => [p.ref_type, Number(p.ref_id), BigInt(p.amount_minor)])).toEqual([
      ['timing', won, PAYOUT],
    ]);
    // The next batch is numbered after the converted ones.
    const next = await ts.storage.db
      .insertInto('timing_settlement')
      .values({ vc_id: vcId, order_count: 0, stake_minor: 0n, payout_minor: 0n, settled_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(Math.max(won, lost));
  });
});
