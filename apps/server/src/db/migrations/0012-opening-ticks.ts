import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A timed order opens at the first tick recorded after it was accepted (decision 035), which the
 * feed records a moment after the placement committed. The open tick, its price and the expiry
 * counted from it are therefore written once, by the opening batch, into `timing_order_opened`,
 * and the placed order itself stays a row that is never changed (decision 023). An order without a
 * row here is "opening".
 *
 * Existing orders opened at their placement: their open columns move to the new table as they are,
 * and leave `timing_order`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  await db.schema
    .createTable('timing_order_opened')
    .addColumn('order_id', idType, (c) => c.primaryKey().references('timing_order.id'))
    .addColumn('open_tick_id', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    INSERT INTO timing_order_opened (order_id, open_tick_id, open_tick_time_ms, open_price_minor,
      expires_at, opened_at)
    SELECT id, open_tick_id, open_tick_time_ms, open_price_minor, expires_at, created_at
    FROM timing_order ORDER BY id`.execute(db);
  // SQLite drops one column per statement; none of these is indexed or referenced.
  for (const column of ['open_tick_id', 'open_tick_time_ms', 'open_price_minor', 'expires_at'])
    await sql`ALTER TABLE timing_order DROP COLUMN ${sql.raw(column)}`.execute(db);
}
