import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrateTo } from '../../../src/db/migrate.ts';
import { allTimingOrders, earliestOpenAcceptance } from '../../../src/modules/timing/timing-repository.ts';
import { createTestStorage, EXPECTED_DIALECT, type TestStorage } from '../../helpers/test-app.ts';

/**
 * Migration 0014 stops writing open ticks at the opening (decision 035): the results of settled
 * orders take theirs from `timing_order_opened`, whose rows then stay only for orders accepted
 * before 0012 (they opened at their placement and cannot be computed again). The rows are written
 * as the code before 0014 wrote them. Runs on SQLite and on PostgreSQL.
 */
describe(`migration 0014: the opening is read, not written (${EXPECTED_DIALECT})`, () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage();
    await migrateTo(ts.storage, '0013-unread-settings');
  });
  afterAll(async () => {
    await ts.dispose();
  });

  it('moves settled open ticks into the results and keeps only the orders opened at their placement', async () => {
    const db = ts.storage.db as unknown as Kysely<unknown>;
    const now = 1_790_000_000_000;
    const id = async (query: ReturnType<typeof sql<{ id: number }>>) => {
      const row = (await query.execute(db)).rows[0];
      if (!row) throw new Error('no row');
      return Number(row.id);
    };
    const userId = await id(sql`
      INSERT INTO users (username, username_key, login_pwd_hash, user_type, nickname, register_way, created_at)
      VALUES ('opener', 'opener', 'x', 1, 'opener', 'test', ${now}) RETURNING id`);
    const vcId = await id(sql`
      INSERT INTO vc (symbol, name, type, enabled, settle_vc, price_scale, volume_scale, display_precision,
        icon, sort, sim_start_price_minor, sim_volatility, sim_drift, sim_volume_per_second, created_at,
        wallet, amount_scale)
      VALUES ('USDT', 'Tether', 1, 1, 1, 4, 2, 4, '', 0, 10000, '0', '0', '0', ${now}, 1, 6) RETURNING id`);
    const tick = (timeMs: number, price: number) =>
      id(sql`INSERT INTO price_tick (vc_id, time_ms, price_minor, volume_minor, turnover_minor)
        VALUES (${vcId}, ${timeMs}, ${price}, 1, 1) RETURNING id`);
    const before = await tick(now - 1000, 100);
    const after = await tick(now + 1000, 101);
    const order = () =>
      id(sql`
        INSERT INTO timing_order (user_id, vc_id, settle_vc_id, direction, period_seconds, stake_minor,
          payout_rate, tie_rule, created_at)
        VALUES (${userId}, ${vcId}, ${vcId}, 'up', 30, 10, '0.8', 'refund', ${now}) RETURNING id`);
    const opened = (orderId: number, tickId: number, tickTime: number, price: number, openedAt: number) =>
      sql`INSERT INTO timing_order_opened (order_id, open_tick_id, open_tick_time_ms, open_price_minor,
        expires_at, opened_at)
        VALUES (${orderId}, ${tickId}, ${tickTime}, ${price}, ${tickTime + 30_000}, ${openedAt})`.execute(db);
    // Accepted before 0012, still open: it opened at its placement, at the tick before it.
    const legacy = await order();
    await opened(legacy, before, now - 1000, 100, now);
    await sql`INSERT INTO timing_order_open (id) VALUES (${legacy})`.execute(db);
    // Opened by the batch at the next tick: one still open, one settled.
    const open = await order();
    await opened(open, after, now + 1000, 101, now + 1200);
    await sql`INSERT INTO timing_order_open (id) VALUES (${open})`.execute(db);
    const settled = await order();
    await opened(settled, after, now + 1000, 101, now + 1200);
    const batch = await id(sql`
      INSERT INTO timing_settlement (vc_id, order_count, stake_minor, payout_minor, settled_at)
      VALUES (${vcId}, 1, 10, 18, ${now + 32_000}) RETURNING id`);
    await sql`
      INSERT INTO timing_order_result (order_id, settle_batch_id, settle_tick_id, settle_tick_time_ms,
        settle_price_minor, outcome, payout_minor, settled_at)
      VALUES (${settled}, ${batch}, ${after}, ${now + 31_000}, 102, 'win', 18, ${now + 32_000})`.execute(db);

    expect(await migrateTo(ts.storage, '0014-opening-on-read')).toEqual(['0014-opening-on-read']);

    const kept = await ts.storage.db.selectFrom('timing_order_opened').select('order_id').execute();
    expect(kept.map((row) => Number(row.order_id))).toEqual([legacy]);
    const result = await ts.storage.db
      .selectFrom('timing_order_result')
      .select(['open_tick_id', 'open_tick_time_ms', 'open_price_minor', 'expires_at'])
      .where('order_id', '=', settled)
      .executeTakeFirstOrThrow();
    expect(
      [result.open_tick_id, result.open_tick_time_ms, result.open_price_minor, result.expires_at].map(Number),
    ).toEqual([after, now + 1000, 101, now + 31_000]);
    // Every order answers the open tick it had: kept, read from the ticks, or from its result.
    const answers = await allTimingOrders(ts.storage.db);
    expect(answers.map((row) => [Number(row.id), Number(row.open_tick_id), Number(row.expires_at)])).toEqual([
      [legacy, before, now + 29_000],
      [open, after, now + 31_000],
      [settled, after, now + 31_000],
    ]);
    // The feed keeps every tick from the earliest acceptance of an open order on.
    expect(await earliestOpenAcceptance(ts.storage.db)).toBe(now);
    await ts.storage.db.deleteFrom('timing_order_open').execute();
    expect(await earliestOpenAcceptance(ts.storage.db)).toBeUndefined();
  });
});
