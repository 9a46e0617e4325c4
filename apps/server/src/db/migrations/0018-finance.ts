import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Pledge finance (decision 048). The tables follow the timed and spot orders' (decisions 023, 046):
 * - `finance_product`: a product's terms, its quota and what has been sold of it. A purchase adds to
 *   `sold_minor` with a conditional update, so the quota is decided once however many buy at once;
 * - `finance_product_text`: its name and remark per language (the product row keeps the default);
 * - `finance_order`: an order as bought, with the terms it was bought on, written once;
 * - `finance_order_open`: the holding orders by end instant (the settler's deadline index).
 *   Redeeming and settling both start by deleting the id from here, so whichever comes first is the
 *   only one;
 * - `finance_order_end`: how each order ended: redeemed (fee, refund) or settled (the tick, the
 *   payout and its currency, the income, the batch);
 * - `finance_settlement`: one row per coin and settler round, the business row of its entry.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';

  await id('finance_product')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    // 'coin' or 'usdt': what the principal is paid in.
    .addColumn('buy_type', 'text', (c) => c.notNull())
    // Decimal text fractions: the annual rate and the early-redemption fee rate.
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('service_rate', 'text', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    // 'day', 'hour' or 'minute'.
    .addColumn('cycle_type', 'text', (c) => c.notNull())
    .addColumn('linked_price_minor', 'bigint', (c) => c.notNull())
    // In the currency paid in, at its scale.
    .addColumn('min_amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('max_amount_minor', 'bigint')
    .addColumn('quota_minor', 'bigint', (c) => c.notNull())
    .addColumn('sold_minor', 'bigint', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('finance_product_text')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('finance_product.id'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('finance_product_text_pk', ['product_id', 'language_code'])
    .execute();

  await id('finance_order')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('finance_product.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('settle_vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    // The terms as bought: later changes never reach a bought order.
    .addColumn('buy_type', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('coins_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('service_rate', 'text', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('cycle_type', 'text', (c) => c.notNull())
    .addColumn('linked_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('finance_order_user').on('finance_order').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('finance_order_open')
    .addColumn('id', idType, (c) => c.primaryKey().references('finance_order.id'))
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('finance_order_open_end')
    .on('finance_order_open')
    .columns(['end_at', 'id'])
    .execute();

  await id('finance_settlement')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('coin_paid_minor', 'bigint', (c) => c.notNull())
    .addColumn('usdt_paid_minor', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('finance_order_end')
    .addColumn('order_id', idType, (c) => c.primaryKey().references('finance_order.id'))
    // 'redeemed' or 'settled'.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint')
    .addColumn('refund_minor', 'bigint')
    .addColumn('settle_batch_id', 'bigint', (c) => c.references('finance_settlement.id'))
    .addColumn('settle_tick_id', 'bigint')
    .addColumn('settle_tick_time_ms', 'bigint')
    .addColumn('settle_price_minor', 'bigint')
    .addColumn('payout_vc_id', 'bigint')
    .addColumn('payout_minor', 'bigint')
    .addColumn('income_minor', 'bigint')
    .addColumn('ended_at', 'bigint', (c) => c.notNull())
    .execute();
}
