import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Payment methods, real-name verification and image uploads (decisions 014 and 015).
 *
 * Rules the database enforces itself, so that two racing requests cannot both pass a check:
 * - a user cannot hold the same card, address or fast-payment id twice (unique over live rows; a row
 *   removed by customer service no longer counts);
 * - a user has at most one verification that is pending or approved, and one identity document can
 *   be pending or approved for one user only (partial unique indexes over those states).
 *
 * Methods are never deleted: withdrawals refer to them, so customer service's removal sets
 * `removed_at`. Images live in the database (`upload.content`), which every API node shares.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());
  const binary = dialect === 'sqlite' ? 'blob' : 'bytea';

  await id('bank')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // ISO 3166 alpha-2: decides the extra fields a card of this bank needs (katakana, CCI).
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Chain types per coin ("vcChainNameId" of the wallet-address form). `address_format` names the
  // validator of addresses on that chain (see the payment module's address-formats.ts).
  await id('vc_chain')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('chain_name', 'text', (c) => c.notNull())
    .addColumn('address_format', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('vc_chain_vc_name_uq', ['vc_id', 'chain_name'])
    .execute();

  await id('upload')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('content', binary, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set once, when a deposit or a verification takes the image: "verification:12", "recharge:7".
    .addColumn('used_at', 'bigint')
    .addColumn('used_by', 'text')
    .execute();
  await db.schema.createIndex('upload_user_idx').on('upload').columns(['user_id', 'created_at']).execute();

  await id('user_bank_card')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('bank_id', 'bigint', (c) => c.notNull().references('bank.id'))
    // Letters and digits only, upper case: "6222 0212-3456" and "622202123456" are one card.
    .addColumn('card_number', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('branch_address', 'text')
    .addColumn('branch_code', 'text')
    .addColumn('id_card_number', 'text', (c) => c.notNull())
    .addColumn('cci', 'text')
    .addColumn('katakana', 'text')
    .addColumn('zsk_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_reason', 'text')
    .addColumn('removed_at', 'bigint')
    .addColumn('removed_by', 'bigint')
    .addColumn('removed_reason', 'text')
    .execute();
  await db.schema
    .createIndex('user_bank_card_live_uq')
    .on('user_bank_card')
    .columns(['user_id', 'card_number'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();

  await id('user_wallet_address')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('vc_chain.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    // The address as the chain compares it: hex (EVM) and bech32 addresses ignore case, base58 ones do not.
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_reason', 'text')
    .addColumn('removed_at', 'bigint')
    .addColumn('removed_by', 'bigint')
    .addColumn('removed_reason', 'text')
    .execute();
  await db.schema
    .createIndex('user_wallet_address_live_uq')
    .on('user_wallet_address')
    .columns(['user_id', 'chain_id', 'address_key'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();

  await id('user_zsk_account')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('zsk_id', 'text', (c) => c.notNull())
    // Spaces removed and lower case: an identifier typed twice differently is still one account.
    .addColumn('zsk_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_reason', 'text')
    .addColumn('removed_at', 'bigint')
    .addColumn('removed_by', 'bigint')
    .addColumn('removed_reason', 'text')
    .execute();
  await db.schema
    .createIndex('user_zsk_account_live_uq')
    .on('user_zsk_account')
    .columns(['user_id', 'zsk_key'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();

  // One row per submission; a resubmission after a rejection is a new row, so the history stays.
  await id('real_name_verification')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('cert_type', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('cert_number', 'text', (c) => c.notNull())
    .addColumn('front_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('back_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('handheld_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('real_name_verification_user_idx')
    .on('real_name_verification')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('real_name_verification_status_idx')
    .on('real_name_verification')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('real_name_verification_open_user_uq')
    .on('real_name_verification')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status in ('PENDING', 'APPROVED')`)
    .execute();
  await db.schema
    .createIndex('real_name_verification_open_document_uq')
    .on('real_name_verification')
    .columns(['cert_type', 'cert_number'])
    .unique()
    .where(sql<boolean>`status in ('PENDING', 'APPROVED')`)
    .execute();
}
