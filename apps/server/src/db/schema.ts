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

export interface VcTable {
  id: Generated<number>;
  symbol: string;
  name: string;
  /** VcTypeEnum 1..4. */
  type: number;
  enabled: number;
  /** 1 for a settlement coin (USDT), which prices the others and is not traded itself. */
  settle_vc: number;
  price_scale: number;
  volume_scale: number;
  display_precision: number;
  icon: string;
  sort: number;
  /** The simulator's reference price in price minor units: history ends near it. */
  sim_start_price_minor: bigint;
  /** Annualised volatility, drift and typical volume per second (base units), as decimal text. */
  sim_volatility: string;
  sim_drift: string;
  sim_volume_per_second: string;
  created_at: number;
}

export interface VcTimingConfigTable {
  vc_id: number;
  enabled: number;
  sort: number;
}

export interface VcTimingPeriodTable {
  vc_id: number;
  seconds: number;
  /** Profit on a win as a fraction of the stake ("0.85"). */
  payout_rate: string;
  min_amount: string;
  /** null: uncapped. */
  max_amount: string | null;
  enabled: number;
  sort: number;
}

export interface PriceTickTable {
  id: Generated<number>;
  vc_id: number;
  /** The second the tick belongs to (epoch ms, a whole second). */
  time_ms: number;
  price_minor: bigint;
  volume_minor: bigint;
  /** Settlement-coin minor units at TURNOVER_SCALE. */
  turnover_minor: bigint;
}

export interface CandleTable {
  vc_id: number;
  /** One of the contract's KLINE_INTERVALS. */
  interval: string;
  open_time: number;
  o_minor: bigint;
  h_minor: bigint;
  l_minor: bigint;
  c_minor: bigint;
  v_minor: bigint;
  q_minor: bigint;
}

export interface FeedStateTable {
  vc_id: number;
  last_time_ms: number;
  last_price_minor: bigint;
}

export interface UserFavorVcTable {
  user_id: number;
  vc_id: number;
  /** Strictly increasing per user, so the list keeps the order the coins were added in. */
  created_at: number;
}

export interface UserChartSettingsTable {
  user_id: number;
  /** JSON of the contract's chart settings. */
  settings: string;
  updated_at: number;
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
  vc: VcTable;
  vc_timing_config: VcTimingConfigTable;
  vc_timing_period: VcTimingPeriodTable;
  price_tick: PriceTickTable;
  candle: CandleTable;
  feed_state: FeedStateTable;
  user_favor_vc: UserFavorVcTable;
  user_chart_settings: UserChartSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type VcRow = Selectable<VcTable>;
export type NewVc = Insertable<VcTable>;
export type CandleRow = Selectable<CandleTable>;
