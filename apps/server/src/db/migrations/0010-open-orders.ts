import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** The columns of a placed order, which never change once it is placed. */
const PLACED = `id, user_id, vc_id, settle_vc_id, direction, period_seconds, stake_minor, payout_rate,
  tie_rule, open_tick_id, open_tick_time_ms, open_price_minor, created_at, expires_at`;

/**
 * A timed order is written once and never changed (decision 023): whether it is open is the presence
 * of its id in `timing_order_open`, and its settlement is a row of `timing_order_result`. Settling
 * deletes the id from the narrow table of open orders and appends the result, so a mass expiry no
 * longer rewrites every page of the orders it settles (a million such updates took 2.6 s of SQLite
 * time on this machine, the delete and the append 0.9 s). The delete is what makes a settlement
 * happen once: a second settler finds the id gone and writes nothing.
 *
 * Existing orders are split the same way; the status column, the settlement columns and the partial
 * index of open orders leave `timing_order`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // SQLite cannot drop a column that has a foreign key (settle_batch_id): the table is rebuilt,
    // the old one kept aside until the new tables have their rows.
    await sql`ALTER TABLE timing_order RENAME TO timing_order_before_0010`.execute(db);
    await sql`DROP INDEX timing_order_user`.execute(db);
    await sql`DROP INDEX timing_order_open_id`.execute(db);
    await db.schema
      .createTable('timing_order')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
      .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('period_seconds', 'integer', (c) => c.notNull())
      .addColumn('stake_minor', 'bigint', (c) => c.notNull())
      .addColumn('payout_rate', 'text', (c) => c.notNull())
      .addColumn('tie_rule', 'text', (c) => c.notNull())
      .addColumn('open_tick_id', 'bigint', (c) => c.notNull())
      .addColumn('open_tick_time_ms', 'bigint', (c) => c.notNull())
      .addColumn('open_price_minor', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO timing_order (${sql.raw(PLACED)})
      SELECT ${sql.raw(PLACED)} FROM timing_order_before_0010`.execute(db);
  }
  // On SQLite an INTEGER primary key is the rowid itself: the tables are their keys, no extra index.
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  await db.schema
    .createTable('timing_order_open')
    .addColumn('id', idType, (c) => c.primaryKey().references('timing_order.id'))
    .execute();
  await db.schema
    .createTable('timing_order_result')
    .addColumn('order_id', idType, (c) => c.primaryKey().references('timing_order.id'))
    .addColumn('settle_batch_id', 'bigint', (c) => c.notNull().references('timing_settlement.id'))
    .addColumn('settle_tick_id', 'bigint', (c) => c.notNull())
    .addColumn('settle_tick_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('settle_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('payout_minor', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint', (c) => c.notNull())
    .execute();

  const before = dialect === 'sqlite' ? sql.raw('timing_order_before_0010') : sql.raw('timing_order');
  await sql`INSERT INTO timing_order_open (id) SELECT id FROM ${before} WHERE status = 'open' ORDER BY id`.execute(
    db,
  );
  await sql`
    INSERT INTO timing_order_result (order_id, settle_batch_id, settle_tick_id, settle_tick_time_ms,
      settle_price_minor, outcome, payout_minor, settled_at)
    SELECT id, settle_batch_id, settle_tick_id, settle_tick_time_ms, settle_price_minor, outcome,
      payout_minor, settled_at
    FROM ${before} WHERE status = 'settled' ORDER BY id`.execute(db);

  if (dialect === 'sqlite') {
    await sql`DROP TABLE timing_order_before_0010`.execute(db);
    await db.schema.createIndex('timing_order_user').on('timing_order').columns(['user_id', 'id']).execute();
  } else {
    await sql`DROP INDEX timing_order_open_id`.execute(db);
    await sql`ALTER TABLE timing_order DROP COLUMN status, DROP COLUMN settle_tick_id,
      DROP COLUMN settle_tick_time_ms, DROP COLUMN settle_price_minor, DROP COLUMN outcome,
      DROP COLUMN payout_minor, DROP COLUMN settled_at, DROP COLUMN settle_batch_id`.execute(db);
  }
}
