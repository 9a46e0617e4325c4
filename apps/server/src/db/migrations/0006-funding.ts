import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Deposits and withdrawals: the channels of the RECHARGE and WITHDRAW configuration, and the
 * orders. A deposit moves no money until an operator approves it; a withdrawal holds its amount
 * from the request on (see packages/domain/src/ledger/flows.ts for the entries of each step).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await id('funding_channel')
    // 'recharge' or 'withdraw'.
    .addColumn('direction', 'text', (c) => c.notNull())
    // 'chain', 'bank' or 'zsk'.
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('pay_currency', 'text', (c) => c.notNull())
    .addColumn('pay_scale', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chain_name', 'text')
    .addColumn('address', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('account_name', 'text')
    .addColumn('account_number', 'text')
    // Decimal text: deposits in the pay currency, withdrawals in the wallet currency.
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text')
    .addColumn('fee_rate', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('recharge_order')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('funding_channel.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('pay_amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('receive_minor', 'bigint', (c) => c.notNull())
    .addColumn('credited_minor', 'bigint')
    .addColumn('payer_name', 'text', (c) => c.notNull())
    .addColumn('payer_mobile', 'text', (c) => c.notNull())
    .addColumn('voucher_upload_id', 'bigint', (c) => c.notNull())
    // 'pending', 'approved' or 'rejected'; changed once, from pending, by a conditional UPDATE.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recharge_order_user')
    .on('recharge_order')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('recharge_order_status')
    .on('recharge_order')
    .columns(['status', 'id'])
    .execute();

  await id('withdraw_order')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('funding_channel.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('payout_pay_minor', 'bigint', (c) => c.notNull())
    // 'bank', 'wallet' or 'zsk', the bound method's id, and the destination as it was at request
    // time (JSON text), so a later change by customer service does not rewrite history.
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('target_detail', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('payout_reference', 'text')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('withdraw_order_user')
    .on('withdraw_order')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('withdraw_order_status')
    .on('withdraw_order')
    .columns(['status', 'id'])
    .execute();
}
