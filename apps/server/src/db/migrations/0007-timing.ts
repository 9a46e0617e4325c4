import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Timed trades. An order cites the recorded ticks it opened and settled at (`price_tick.id`), so its
 * outcome can be recomputed from the price history. Its status changes once, from 'open' to
 * 'settled', by a conditional UPDATE in the transaction that posts the settlement entry, which is
 * what makes every order settle exactly once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await id('timing_order')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    // The currency of the stake and the payout (the settlement coin).
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    // 'up' or 'down'.
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('period_seconds', 'integer', (c) => c.notNull())
    .addColumn('stake_minor', 'bigint', (c) => c.notNull())
    // Fixed when the order is placed: later configuration changes never reach an open order.
    .addColumn('payout_rate', 'text', (c) => c.notNull())
    .addColumn('tie_rule', 'text', (c) => c.notNull())
    .addColumn('open_tick_id', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // 'open' or 'settled'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settle_tick_id', 'bigint')
    .addColumn('settle_tick_time_ms', 'bigint')
    .addColumn('settle_price_minor', 'bigint')
    // 'win', 'loss' or 'tie'.
    .addColumn('outcome', 'text')
    .addColumn('payout_minor', 'bigint')
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema.createIndex('timing_order_user').on('timing_order').columns(['user_id', 'id']).execute();
  // The settler's start-up and sweep read open orders in expiry order.
  await db.schema
    .createIndex('timing_order_open_expiry')
    .on('timing_order')
    .columns(['status', 'expires_at'])
    .execute();
}
