import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Markets: coins, the timed-trade configuration, the recorded price feed (per-second ticks, candles
 * of every interval, the feed's resume point) and the user's market preferences (favourite coins,
 * chart settings).
 *
 * Keys do the work of indexes here: every query of the feed and the market endpoints reads by a
 * primary key or by the unique (vc_id, time_ms) of `price_tick`, so no secondary index is needed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await id('vc')
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // VcTypeEnum: 1 crypto, 2 forex, 3 metals, 4 indices (decision 006).
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // A settlement coin (USDT) prices the others and is left out of the currency list.
    .addColumn('settle_vc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('volume_scale', 'integer', (c) => c.notNull())
    .addColumn('display_precision', 'integer', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // Simulator parameters: the reference price (in price minor units) history is anchored to, and
    // the annualised volatility, drift and typical volume per second as decimal text (never floats
    // in the database; the simulator parses them).
    .addColumn('sim_start_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('sim_volatility', 'text', (c) => c.notNull())
    .addColumn('sim_drift', 'text', (c) => c.notNull())
    .addColumn('sim_volume_per_second', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vc_timing_config')
    .addColumn('vc_id', 'bigint', (c) => c.primaryKey().references('vc.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('vc_timing_period')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc_timing_config.vc_id'))
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('payout_rate', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('vc_timing_period_pk', ['vc_id', 'seconds'])
    .execute();

  // One row per coin and second. The id is what settlements cite; the unique key makes a second
  // recorded twice impossible.
  await id('price_tick')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('volume_minor', 'bigint', (c) => c.notNull())
    .addColumn('turnover_minor', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('price_tick_vc_time_uq', ['vc_id', 'time_ms'])
    .execute();

  await db.schema
    .createTable('candle')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('o_minor', 'bigint', (c) => c.notNull())
    .addColumn('h_minor', 'bigint', (c) => c.notNull())
    .addColumn('l_minor', 'bigint', (c) => c.notNull())
    .addColumn('c_minor', 'bigint', (c) => c.notNull())
    .addColumn('v_minor', 'bigint', (c) => c.notNull())
    .addColumn('q_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('candle_pk', ['vc_id', 'interval', 'open_time'])
    .execute();

  // Where the feed resumes after a restart: the last recorded second and its price, per coin.
  await db.schema
    .createTable('feed_state')
    .addColumn('vc_id', 'bigint', (c) => c.primaryKey().references('vc.id'))
    .addColumn('last_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_price_minor', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_favor_vc')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_favor_vc_pk', ['user_id', 'vc_id'])
    .execute();

  await db.schema
    .createTable('user_chart_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
