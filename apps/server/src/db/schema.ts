import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Conventions that hold on both SQLite and PostgreSQL:
 * - integers come back as `number`, except columns named `*_minor` (money), which come back as
 *   `bigint` (see integer-results-plugin.ts);
 * - times are integer milliseconds since the epoch (`*_at`);
 * - flags are integers 0/1, because SQLite has no boolean type and one representation is simpler
 *   than two.
 */

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-case username, unique: 'Alice' and 'alice' cannot both exist. */
  username_key: string;
  login_pwd_hash: string;
  fund_pwd_hash: string | null;
  user_type: number;
  parent_id: number | null;
  invite_code: string | null;
  email: string | null;
  nickname: string;
  nickname_changed: Generated<number>;
  google_secret: string | null;
  google_secret_pending: string | null;
  /** The TOTP time step of the last accepted code; a code of that step or earlier is refused. */
  google_last_step: Generated<number>;
  real_name_status: Generated<string>;
  point_percent_timing: Generated<string>;
  point_percent_contract: Generated<string>;
  register_way: string;
  status: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  last_login_ip: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  device_id: string;
  device_type: string;
  ip: string | null;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  transport: string;
  created_at: number;
  delivered_at: number | null;
  error: string | null;
}

export interface SysConfigTable {
  config_group: string;
  config_key: string;
  config_value: string;
  sort: number;
}

export interface SysDictItemTable {
  dict_name: string;
  item_value: string;
  sort: number;
}

export interface I18nLanguageTable {
  code: string;
  enabled: number;
  locale_name: string;
  sort: number;
}

export interface SysNoticeTable {
  id: Generated<number>;
  language_code: string;
  title: string;
  content: string;
  popup: number;
  enabled: number;
  sort: number;
  created_at: number;
}

export interface SysBannerTable {
  id: Generated<number>;
  language_code: string;
  /** 'ALL' or one of the contract's device types. */
  device_type: string;
  title: string;
  image: string;
  fallback_img: string;
  url: string;
  enabled: number;
  sort: number;
}

export interface CacheVersionTable {
  cache_type: string;
  finish_update_time: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  mail_outbox: MailOutboxTable;
  sys_config: SysConfigTable;
  sys_dict_item: SysDictItemTable;
  i18n_language: I18nLanguageTable;
  sys_notice: SysNoticeTable;
  sys_banner: SysBannerTable;
  cache_version: CacheVersionTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
