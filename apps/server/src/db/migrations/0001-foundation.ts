import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Accounts, sessions, mail and the system tables (configuration, dictionaries, languages, notices,
 * banners and cache versions). One migration file serves both dialects; the only difference is how
 * an auto-increment id is declared.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await id('users')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('login_pwd_hash', 'text', (c) => c.notNull())
    .addColumn('fund_pwd_hash', 'text')
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('invite_code', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('nickname_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_secret', 'text')
    .addColumn('google_secret_pending', 'text')
    .addColumn('google_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('real_name_status', 'text', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('point_percent_timing', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('point_percent_contract', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('register_way', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('last_login_ip', 'text')
    .execute();
  await db.schema.createIndex('users_parent_idx').on('users').column('parent_id').execute();

  await id('sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await id('email_codes')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_codes_email_idx')
    .on('email_codes')
    .columns(['email', 'purpose'])
    .execute();

  await id('mail_outbox')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('sys_config')
    .addColumn('config_group', 'text', (c) => c.notNull())
    .addColumn('config_key', 'text', (c) => c.notNull())
    .addColumn('config_value', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sys_config_pk', ['config_group', 'config_key'])
    .execute();

  await db.schema
    .createTable('sys_dict_item')
    .addColumn('dict_name', 'text', (c) => c.notNull())
    .addColumn('item_value', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sys_dict_item_pk', ['dict_name', 'item_value'])
    .execute();

  await db.schema
    .createTable('i18n_language')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('locale_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await id('sys_notice')
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('popup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_notice_lang_idx')
    .on('sys_notice')
    .columns(['language_code', 'created_at'])
    .execute();

  await id('sys_banner')
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('fallback_img', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('cache_version')
    .addColumn('cache_type', 'text', (c) => c.primaryKey())
    .addColumn('finish_update_time', 'bigint', (c) => c.notNull())
    .execute();
}
