import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The double-entry ledger (decision 018): accounts with their balances, journal
 * entries that name the business row behind them, and postings; the idempotency keys of
 * money-moving requests; the first two business tables that move money (transfers between a user's
 * accounts, operators' balance adjustments); and the wallet columns of coins.
 *
 * Balances live on the account row and are changed only in the transaction that inserts the
 * postings, by an UPDATE whose WHERE clause refuses to take a user's balance below zero.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  // Which coins can be held in a wallet, and with how many decimals amounts are kept. Existing
  // coins get the same values the seed gives new ones: crypto coins are wallet currencies, the
  // settlement coin keeps 6 decimals and the others 8.
  await db.schema
    .alterTable('vc')
    .addColumn('wallet', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('vc')
    .addColumn('amount_scale', 'integer', (c) => c.notNull().defaultTo(8))
    .execute();
  await sql`UPDATE vc SET wallet = CASE WHEN type = 1 THEN 1 ELSE 0 END,
    amount_scale = CASE WHEN settle_vc = 1 THEN 6 ELSE 8 END`.execute(db);

  await id('ledger_account')
    // Null for the platform's accounts.
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One account per owner, currency and kind. NULLs never collide in a unique index, so the
  // platform's accounts get a partial index of their own.
  await db.schema
    .createIndex('ledger_account_user_key')
    .on('ledger_account')
    .columns(['user_id', 'vc_id', 'kind'])
    .unique()
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_account_platform_key')
    .on('ledger_account')
    .columns(['vc_id', 'kind'])
    .unique()
    .where(sql.ref('user_id'), 'is', null)
    .execute();

  await id('journal_entry')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'bigint', (c) => c.notNull())
    .addColumn('memo', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entry_ref')
    .on('journal_entry')
    .columns(['ref_type', 'ref_id'])
    .execute();

  await id('journal_posting')
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entry.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    // Copied from the account and the entry so that a user's bills are one indexed range read.
    .addColumn('user_id', 'bigint')
    .addColumn('vc_id', 'bigint', (c) => c.notNull())
    .addColumn('entry_type', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_posting_user')
    .on('journal_posting')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('journal_posting_account')
    .on('journal_posting')
    .columns(['account_id'])
    .execute();
  await db.schema.createIndex('journal_posting_entry').on('journal_posting').columns(['entry_id']).execute();

  // `owner` is `u:<userId>` or `o:<operatorId>`; a key is unique per owner across all endpoints.
  await db.schema
    .createTable('idempotency_key')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['owner', 'idem_key'])
    .execute();

  await id('wallet_transfer')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('from_kind', 'text', (c) => c.notNull())
    .addColumn('to_kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('balance_adjustment')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    // The operator who posted it; operators live in the console's tables, added later.
    .addColumn('operator_id', 'bigint', (c) => c.notNull())
    .addColumn('delta_minor', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
