import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** The columns of a deposit before 0015, copied as they are. */
const COLUMNS = `id, user_id, channel_id, vc_id, pay_amount_minor, fee_minor, receive_minor, credited_minor,
  payer_name, payer_mobile, voucher_upload_id, status, reject_reason, reviewed_by, reviewed_at, created_at`;

/**
 * A crypto deposit names the transaction that paid it (decision 041): `tx_hash`, as the network
 * compares hashes (hex in lower case), unique among all deposits, so one transaction cannot be
 * credited twice. The payer's name and mobile belong to bank and fast-payment deposits only, so they
 * become optional. SQLite cannot drop a NOT NULL constraint: the table is rebuilt there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`ALTER TABLE recharge_order RENAME TO recharge_order_before_0015`.execute(db);
    await sql`DROP INDEX recharge_order_user`.execute(db);
    await sql`DROP INDEX recharge_order_status`.execute(db);
    await db.schema
      .createTable('recharge_order')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('channel_id', 'bigint', (c) => c.notNull().references('funding_channel.id'))
      .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
      .addColumn('pay_amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('fee_minor', 'bigint', (c) => c.notNull())
      .addColumn('receive_minor', 'bigint', (c) => c.notNull())
      .addColumn('credited_minor', 'bigint')
      .addColumn('payer_name', 'text')
      .addColumn('payer_mobile', 'text')
      .addColumn('voucher_upload_id', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reject_reason', 'text')
      .addColumn('reviewed_by', 'bigint')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('tx_hash', 'text')
      .execute();
    await sql`INSERT INTO recharge_order (${sql.raw(COLUMNS)})
      SELECT ${sql.raw(COLUMNS)} FROM recharge_order_before_0015 ORDER BY id`.execute(db);
    await sql`DROP TABLE recharge_order_before_0015`.execute(db);
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
  } else {
    await sql`ALTER TABLE recharge_order ALTER COLUMN payer_name DROP NOT NULL,
      ALTER COLUMN payer_mobile DROP NOT NULL, ADD COLUMN tx_hash text`.execute(db);
  }
  // Deposits without a hash (bank and fast-payment ones) hold NULL, which a unique index allows
  // any number of times on both dialects.
  await db.schema
    .createIndex('recharge_order_tx_hash')
    .on('recharge_order')
    .column('tx_hash')
    .unique()
    .execute();
}
