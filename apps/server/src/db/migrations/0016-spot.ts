import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Spot trading (decision 046). The tables follow the timed orders' (decision 023):
 * - `spot_terms`: each coin's terms, one row per coin that can trade on spot;
 * - `spot_order`: an order as accepted, written once;
 * - `spot_order_open`: the ids of the orders not filled or cancelled yet. Filling and cancelling
 *   both start by deleting the id from here, so whichever comes first is the only one: a second
 *   filler, or a cancellation racing a fill, deletes nothing and writes nothing;
 * - `spot_fill` and `spot_cancel`: how each closed order ended, the fill with the recorded tick it
 *   filled on;
 * - `spot_holding`: per user and coin, the coins bought on spot still held and what they cost;
 * - `spot_cursor`: per coin, the time of the last recorded tick every open order has been checked
 *   against, so a restart replays the ticks after it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';

  await db.schema
    .createTable('spot_terms')
    .addColumn('vc_id', idType, (c) => c.primaryKey().references('vc.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // Decimal text: the fee rate, buy amounts in the settlement coin, sell quantities in the coin.
    .addColumn('fee_rate', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text')
    .addColumn('min_quantity', 'text', (c) => c.notNull())
    .addColumn('max_quantity', 'text')
    .addColumn('price_decimals', 'integer', (c) => c.notNull())
    .addColumn('quantity_decimals', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('spot_order')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    // 'buy' or 'sell'; 'market' or 'limit'.
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the order set aside: a buy's amount of the settlement coin, a sell's quantity of the coin.
    .addColumn('held_minor', 'bigint', (c) => c.notNull())
    .addColumn('limit_price_minor', 'bigint')
    // Fixed at acceptance: later changes of the terms never reach an accepted order.
    .addColumn('fee_rate', 'text', (c) => c.notNull())
    .addColumn('quantity_decimals', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_order_user').on('spot_order').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('spot_order_open')
    .addColumn('id', idType, (c) => c.primaryKey().references('spot_order.id'))
    .execute();

  await db.schema
    .createTable('spot_fill')
    .addColumn('order_id', idType, (c) => c.primaryKey().references('spot_order.id'))
    .addColumn('tick_id', 'bigint', (c) => c.notNull())
    .addColumn('tick_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('quantity_minor', 'bigint', (c) => c.notNull())
    .addColumn('quote_minor', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addColumn('filled_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('spot_cancel')
    .addColumn('order_id', idType, (c) => c.primaryKey().references('spot_order.id'))
    // 'user' or 'too_small'.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('spot_holding')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('quantity_minor', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('spot_holding_pk', ['user_id', 'vc_id'])
    .execute();

  await db.schema
    .createTable('spot_cursor')
    .addColumn('vc_id', idType, (c) => c.primaryKey().references('vc.id'))
    .addColumn('tick_time_ms', 'bigint', (c) => c.notNull())
    .execute();
}
