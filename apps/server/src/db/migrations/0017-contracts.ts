import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Perpetual contracts (decision 047). The tables follow spot's (decision 046):
 * - `contract_terms`: each coin's terms; `contract_levels`: the system adjustment ratio, one row;
 * - `contract_order`: an order as accepted, written once: an open, or a market close of a position;
 * - `contract_order_open`: the ids of the orders not ended yet. Ending an order (a fill, a refusal,
 *   a cancellation) starts by deleting its id from here, so whichever comes first is the only one;
 * - `contract_order_end`: how each ended order ended, with the recorded tick it filled or was
 *   refused at;
 * - `contract_position`: an open or closed position; its id is the id of the order that opened it.
 *   Its quantity and margin shrink with each partial close; `closed_at` is set by the last;
 * - `contract_close`: the receipt of each close (in part or whole) by its owner, a target or a
 *   forced close, with the tick it closed on;
 * - `contract_forced`: the forced-close log, one row per account closed;
 * - `contract_cursor`: the last recorded second the engine has run, one row: a commit advances it
 *   only from the value its round started at, so a second is applied once on any number of nodes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';

  await db.schema
    .createTable('contract_terms')
    .addColumn('vc_id', idType, (c) => c.primaryKey().references('vc.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // Ascending whole numbers, comma separated: "5,10,20,50,100".
    .addColumn('leverages', 'text', (c) => c.notNull())
    .addColumn('open_fee_rate', 'text', (c) => c.notNull())
    .addColumn('close_fee_rate', 'text', (c) => c.notNull())
    .addColumn('min_quantity', 'text', (c) => c.notNull())
    .addColumn('max_quantity', 'text')
    .addColumn('price_decimals', 'integer', (c) => c.notNull())
    .addColumn('quantity_decimals', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contract_levels')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // Basis points: 1,000 is 10 %, which puts forced closing at 90 %.
    .addColumn('adjustment_bp', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('contract_order')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    // 'open' or 'close'; 'long' or 'short'; 'market' or 'limit'.
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('quantity_minor', 'bigint', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('limit_price_minor', 'bigint')
    .addColumn('take_profit_minor', 'bigint')
    .addColumn('stop_loss_minor', 'bigint')
    .addColumn('position_id', 'bigint')
    // What a limit open set aside: its margin and opening fee at its limit.
    .addColumn('held_minor', 'bigint', (c) => c.notNull())
    // Fixed at acceptance: later changes of the terms never reach an accepted order.
    .addColumn('open_fee_rate', 'text', (c) => c.notNull())
    .addColumn('close_fee_rate', 'text', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('quantity_scale', 'integer', (c) => c.notNull())
    .addColumn('settle_scale', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contract_order_user')
    .on('contract_order')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('contract_order_open')
    .addColumn('id', idType, (c) => c.primaryKey().references('contract_order.id'))
    .execute();

  await db.schema
    .createTable('contract_order_end')
    .addColumn('order_id', idType, (c) => c.primaryKey().references('contract_order.id'))
    // 'filled', 'cancelled' or 'refused'; the reason of the last two.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('tick_id', 'bigint')
    .addColumn('tick_time_ms', 'bigint')
    .addColumn('price_minor', 'bigint')
    .addColumn('margin_minor', 'bigint')
    .addColumn('fee_minor', 'bigint')
    .addColumn('profit_minor', 'bigint')
    .addColumn('ended_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contract_position')
    .addColumn('id', idType, (c) => c.primaryKey().references('contract_order.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('entry_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('quantity_minor', 'bigint', (c) => c.notNull())
    .addColumn('margin_minor', 'bigint', (c) => c.notNull())
    .addColumn('take_profit_minor', 'bigint')
    .addColumn('stop_loss_minor', 'bigint')
    .addColumn('open_tick_id', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('close_fee_rate', 'text', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('quantity_scale', 'integer', (c) => c.notNull())
    .addColumn('settle_scale', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('contract_position_user')
    .on('contract_position')
    .columns(['user_id', 'closed_at'])
    .execute();

  await id('contract_forced')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    // The risk degree that reached the level, basis points (10^12 when the equity was gone).
    .addColumn('risk_bp', 'bigint', (c) => c.notNull())
    .addColumn('margin_minor', 'bigint', (c) => c.notNull())
    .addColumn('equity_minor', 'bigint', (c) => c.notNull())
    .addColumn('available_minor', 'bigint', (c) => c.notNull())
    .addColumn('freed_minor', 'bigint', (c) => c.notNull())
    .addColumn('profit_minor', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('shortfall_minor', 'bigint', (c) => c.notNull())
    .addColumn('positions', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('contract_close')
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('contract_position.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    // 'market', 'take_profit', 'stop_loss' or 'forced'.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('forced_id', 'bigint')
    .addColumn('quantity_minor', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('tick_id', 'bigint', (c) => c.notNull())
    .addColumn('tick_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('profit_minor', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('margin_minor', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contract_close_user')
    .on('contract_close')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('contract_cursor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .execute();
}
