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
  /** 1 while the user still has the default password an agent created them with. */
  must_change_password: Generated<number>;
  /** How many members are below the user at any depth (decision 049). */
  team_size: Generated<number>;
  /** When the report roll-up saw the user's first credited deposit. */
  first_recharge_at: Generated<number | null>;
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
  /** 1 when users hold the coin in wallets (deposits, withdrawals, balances). */
  wallet: Generated<number>;
  /** Decimals of wallet amounts: balances and postings are in units of 10^-amount_scale. */
  amount_scale: Generated<number>;
}

/** A coin's name in one language (decision 025); `vc.name` is the default for the others. */
export interface VcNameTable {
  vc_id: number;
  /** The app's language code (`zh-CN`, `kr`…). */
  language_code: string;
  name: string;
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

/** One UTC day's secret of the simulator's live walk (migration 0011, decision 034). */
export interface FeedSecretTable {
  /** The UTC day, "YYYY-MM-DD". */
  day: string;
  /** 32 bytes in hex; served only once the day has ended. */
  secret: string;
  /** Hex SHA-256 of the secret's bytes, published before the day starts. */
  commitment: string;
  created_at: number;
  /** The first second (epoch ms) the secret governs. */
  effective_from_ms: number;
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

// ---- ledger (migration 0003) ----------------------------------------------------------------

export interface LedgerAccountTable {
  id: Generated<number>;
  /** Null for the platform's accounts. */
  user_id: number | null;
  vc_id: number;
  kind: string;
  balance_minor: Generated<bigint>;
  created_at: number;
}

export interface JournalEntryTable {
  id: Generated<number>;
  type: string;
  vc_id: number;
  ref_type: string;
  ref_id: number;
  memo: string | null;
  created_at: number;
}

export interface JournalPostingTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  user_id: number | null;
  vc_id: number;
  entry_type: string;
  amount_minor: bigint;
  balance_after_minor: bigint;
  created_at: number;
  /** The business row this posting concerns when it is not its entry's (a payout in a batch). */
  ref_type: string | null;
  ref_id: number | null;
}

export interface IdempotencyKeyTable {
  owner: string;
  idem_key: string;
  endpoint: string;
  request_hash: string;
  /** The JSON of the first answer's `data`. */
  response: string;
  created_at: number;
}

export interface WalletTransferTable {
  id: Generated<number>;
  user_id: number;
  vc_id: number;
  from_kind: string;
  to_kind: string;
  amount_minor: bigint;
  created_at: number;
}

export interface BalanceAdjustmentTable {
  id: Generated<number>;
  user_id: number;
  vc_id: number;
  operator_id: number;
  delta_minor: bigint;
  reason: string;
  created_at: number;
}

/** Operators' console accounts (decision 016); never deleted, only disabled. */
export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  /** Lower-case username, unique. */
  username_key: string;
  /** One of the contract's OPERATOR_ROLES. */
  role: string;
  password_hash: string;
  totp_secret: string;
  /** The TOTP time step of the last accepted code; a code of that step or earlier is refused. */
  totp_last_step: Generated<number>;
  /** 1 active, 0 disabled. */
  status: Generated<number>;
  created_at: number;
  created_by: number | null;
  last_login_at: number | null;
  last_login_ip: string | null;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  operator_id: number;
  ip: string | null;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** Append-only: triggers refuse UPDATE and DELETE (migration 0005). Write it with `recordAudit`. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: number;
  operator_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  /** JSON object of text values. */
  detail: string | null;
  ip: string | null;
}

// ---- payment methods, real-name verification, uploads (migration 0004) ---------------------

export interface BankTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** ISO 3166 alpha-2; Japanese banks need katakana, Peruvian ones a CCI (decision 014). */
  country: string;
  enabled: Generated<number>;
  sort: Generated<number>;
  created_at: number;
}

export interface VcChainTable {
  id: Generated<number>;
  vc_id: number;
  chain_name: string;
  /** One of the payment module's ADDRESS_FORMATS. */
  address_format: string;
  enabled: Generated<number>;
  sort: Generated<number>;
}

/** An uploaded image, re-encoded without metadata; private to its owner and operators (decision 015). */
export interface UploadTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  mime: string;
  width: number;
  height: number;
  byte_size: number;
  sha256: string;
  file_name: string | null;
  content: Buffer;
  created_at: number;
  used_at: number | null;
  /** What took the image: "verification:12", "recharge:7". */
  used_by: string | null;
}

/** Columns customer service sets when it changes or removes a user's payment method. */
interface SupportedMethodColumns {
  created_at: number;
  updated_at: number | null;
  updated_by: number | null;
  updated_reason: string | null;
  removed_at: number | null;
  removed_by: number | null;
  removed_reason: string | null;
}

export interface UserBankCardTable extends SupportedMethodColumns {
  id: Generated<number>;
  user_id: number;
  bank_id: number;
  /** Letters and digits only, upper case. */
  card_number: string;
  holder_name: string;
  branch_address: string | null;
  branch_code: string | null;
  id_card_number: string;
  cci: string | null;
  katakana: string | null;
  zsk_id: string | null;
}

export interface UserWalletAddressTable extends SupportedMethodColumns {
  id: Generated<number>;
  user_id: number;
  vc_id: number;
  chain_id: number;
  address: string;
  /** The address as its chain compares addresses (case-folded where case does not matter). */
  address_key: string;
  remark: string | null;
}

export interface UserZskAccountTable extends SupportedMethodColumns {
  id: Generated<number>;
  user_id: number;
  holder_name: string;
  zsk_id: string;
  zsk_key: string;
}

export interface RealNameVerificationTable {
  id: Generated<number>;
  user_id: number;
  /** One of the contract's CERT_TYPES. */
  cert_type: string;
  real_name: string;
  cert_number: string;
  front_upload_id: number;
  back_upload_id: number;
  handheld_upload_id: number;
  /** PENDING, APPROVED or REJECTED. */
  status: string;
  reject_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  /** The operator who decided. */
  reviewed_by: number | null;
}

// ---- deposits and withdrawals (migration 0006) ----------------------------------------------

export interface FundingChannelTable {
  id: Generated<number>;
  direction: string;
  method: string;
  vc_id: number;
  pay_currency: string;
  pay_scale: number;
  name: string;
  chain_name: string | null;
  address: string | null;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  min_amount: string;
  max_amount: string | null;
  fee_rate: string;
  rate: string;
  enabled: number;
  sort: number;
  created_at: number;
}

export interface RechargeOrderTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  vc_id: number;
  pay_amount_minor: bigint;
  fee_minor: bigint;
  receive_minor: bigint;
  credited_minor: bigint | null;
  /** Bank and fast-payment deposits: who paid. Null for crypto deposits. */
  payer_name: string | null;
  payer_mobile: string | null;
  voucher_upload_id: number;
  status: string;
  reject_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
  /** Crypto deposits: the transaction hash as its network compares hashes; unique. */
  tx_hash: string | null;
}

export interface WithdrawOrderTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  vc_id: number;
  amount_minor: bigint;
  fee_minor: bigint;
  payout_pay_minor: bigint;
  target: string;
  target_id: number;
  target_label: string;
  target_detail: string;
  /** 'pending', 'approved' (paid out), 'rejected' or 'cancelled' (by its user while pending). */
  status: string;
  reject_reason: string | null;
  payout_reference: string | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
}

export interface TimingOrderTable {
  id: Generated<number>;
  user_id: number;
  vc_id: number;
  settle_vc_id: number;
  direction: 'up' | 'down';
  period_seconds: number;
  stake_minor: bigint;
  payout_rate: string;
  tie_rule: 'refund' | 'loss';
  /** When the order was accepted; it opens at the first tick recorded after this instant. */
  created_at: number;
}

/**
 * Where an order accepted before decision 035 opened: at its placement (`opened_at = created_at`,
 * migrations 0012 and 0014). Nothing writes here any more: any other order's open tick is read
 * from the recorded ticks until its settlement stores it with the result.
 */
export interface TimingOrderOpenedTable {
  order_id: number;
  open_tick_id: number;
  open_tick_time_ms: number;
  open_price_minor: bigint;
  /** The open tick's time plus the order's period. */
  expires_at: number;
  opened_at: number;
}

/** The open timed orders (decision 023): an order's id is here from its placement to its settlement. */
export interface TimingOrderOpenTable {
  id: number;
}

/** A settled timed order's result, written once, in the transaction of its settlement. */
export interface TimingOrderResultTable {
  order_id: number;
  /** The settlement batch that settled the order. */
  settle_batch_id: number;
  /** The tick the order opened at (the first recorded after its acceptance), and its expiry. */
  open_tick_id: number;
  open_tick_time_ms: number;
  open_price_minor: bigint;
  expires_at: number;
  settle_tick_id: number;
  settle_tick_time_ms: number;
  settle_price_minor: bigint;
  outcome: 'win' | 'loss' | 'tie';
  payout_minor: bigint;
  settled_at: number;
}

/** One settler round's settlement of one currency: the business row of its journal entry. */
export interface TimingSettlementTable {
  id: Generated<number>;
  vc_id: number;
  order_count: number;
  stake_minor: bigint;
  payout_minor: bigint;
  settled_at: number;
}

/** A coin's contract terms (decision 047); decimal text for rates and quantities. */
export interface ContractTermsTable {
  vc_id: number;
  enabled: number;
  leverages: string;
  open_fee_rate: string;
  close_fee_rate: string;
  min_quantity: string;
  max_quantity: string | null;
  price_decimals: number;
  quantity_decimals: number;
  sort: number;
  updated_at: number;
}

export interface ContractLevelsTable {
  id: number;
  adjustment_bp: number;
  updated_at: number;
}

/** A contract order as accepted, written once: an open, or a market close of a position. */
export interface ContractOrderTable {
  id: Generated<number>;
  user_id: number;
  vc_id: number;
  settle_vc_id: number;
  action: 'open' | 'close';
  side: 'long' | 'short';
  kind: 'market' | 'limit';
  quantity_minor: bigint;
  leverage: number;
  limit_price_minor: bigint | null;
  take_profit_minor: bigint | null;
  stop_loss_minor: bigint | null;
  position_id: number | null;
  held_minor: bigint;
  open_fee_rate: string;
  close_fee_rate: string;
  price_scale: number;
  quantity_scale: number;
  settle_scale: number;
  created_at: number;
}

export interface ContractOrderOpenTable {
  id: number;
}

export interface ContractOrderEndTable {
  order_id: number;
  state: 'filled' | 'cancelled' | 'refused';
  reason: string | null;
  tick_id: number | null;
  tick_time_ms: number | null;
  price_minor: bigint | null;
  margin_minor: bigint | null;
  fee_minor: bigint | null;
  profit_minor: bigint | null;
  ended_at: number;
}

export interface ContractPositionTable {
  id: number;
  user_id: number;
  vc_id: number;
  settle_vc_id: number;
  side: 'long' | 'short';
  leverage: number;
  entry_price_minor: bigint;
  quantity_minor: bigint;
  margin_minor: bigint;
  take_profit_minor: bigint | null;
  stop_loss_minor: bigint | null;
  open_tick_id: number;
  open_tick_time_ms: number;
  open_fee_minor: bigint;
  close_fee_rate: string;
  price_scale: number;
  quantity_scale: number;
  settle_scale: number;
  opened_at: number;
  closed_at: number | null;
}

export interface ContractCloseTable {
  id: Generated<number>;
  position_id: number;
  user_id: number;
  reason: 'market' | 'take_profit' | 'stop_loss' | 'forced';
  order_id: number | null;
  forced_id: number | null;
  quantity_minor: bigint;
  price_minor: bigint;
  tick_id: number;
  tick_time_ms: number;
  profit_minor: bigint;
  fee_minor: bigint;
  margin_minor: bigint;
  closed_at: number;
}

export interface ContractForcedTable {
  id: Generated<number>;
  user_id: number;
  settle_vc_id: number;
  time_ms: number;
  risk_bp: bigint;
  margin_minor: bigint;
  equity_minor: bigint;
  available_minor: bigint;
  freed_minor: bigint;
  profit_minor: bigint;
  fee_minor: bigint;
  shortfall_minor: bigint;
  positions: number;
  created_at: number;
}

export interface ContractCursorTable {
  id: number;
  time_ms: number;
}

/** A coin's spot terms (decision 046); decimal text for rates, amounts and quantities. */
export interface SpotTermsTable {
  vc_id: number;
  enabled: number;
  fee_rate: string;
  min_amount: string;
  max_amount: string | null;
  min_quantity: string;
  max_quantity: string | null;
  price_decimals: number;
  quantity_decimals: number;
  sort: number;
  updated_at: number;
}

/** A spot order as accepted, written once. */
export interface SpotOrderTable {
  id: Generated<number>;
  user_id: number;
  vc_id: number;
  settle_vc_id: number;
  side: 'buy' | 'sell';
  kind: 'market' | 'limit';
  held_minor: bigint;
  limit_price_minor: bigint | null;
  fee_rate: string;
  quantity_decimals: number;
  created_at: number;
}

export interface SpotOrderOpenTable {
  id: number;
}

export interface SpotFillTable {
  order_id: number;
  tick_id: number;
  tick_time_ms: number;
  price_minor: bigint;
  quantity_minor: bigint;
  quote_minor: bigint;
  fee_minor: bigint;
  credit_minor: bigint;
  filled_at: number;
}

export interface SpotCancelTable {
  order_id: number;
  reason: 'user' | 'too_small';
  cancelled_at: number;
}

export interface SpotHoldingTable {
  user_id: number;
  vc_id: number;
  quantity_minor: bigint;
  cost_minor: bigint;
}

export interface SpotCursorTable {
  vc_id: number;
  tick_time_ms: number;
}

/** A pledge finance product (decision 048); rates are decimal text fractions. */
export interface FinanceProductTable {
  id: Generated<number>;
  vc_id: number;
  settle_vc_id: number;
  name: string;
  remark: string;
  buy_type: 'coin' | 'usdt';
  rate: string;
  service_rate: string;
  cycle: number;
  cycle_type: 'day' | 'hour' | 'minute';
  linked_price_minor: bigint;
  min_amount_minor: bigint;
  max_amount_minor: bigint | null;
  quota_minor: bigint;
  sold_minor: bigint;
  order_count: number;
  enabled: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface FinanceProductTextTable {
  product_id: number;
  language_code: string;
  name: string;
  remark: string;
}

/** A finance order as bought, with the terms it was bought on; written once. */
export interface FinanceOrderTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  vc_id: number;
  settle_vc_id: number;
  buy_type: 'coin' | 'usdt';
  amount_minor: bigint;
  coins_minor: bigint;
  rate: string;
  service_rate: string;
  cycle: number;
  cycle_type: 'day' | 'hour' | 'minute';
  linked_price_minor: bigint;
  start_at: number;
  end_at: number;
}

export interface FinanceOrderOpenTable {
  id: number;
  end_at: number;
}

export interface FinanceOrderEndTable {
  order_id: number;
  state: 'redeemed' | 'settled';
  fee_minor: bigint | null;
  refund_minor: bigint | null;
  settle_batch_id: number | null;
  settle_tick_id: number | null;
  settle_tick_time_ms: number | null;
  settle_price_minor: bigint | null;
  payout_vc_id: number | null;
  payout_minor: bigint | null;
  income_minor: bigint | null;
  ended_at: number;
}

export interface FinanceSettlementTable {
  id: Generated<number>;
  vc_id: number;
  order_count: number;
  coin_paid_minor: bigint;
  usdt_paid_minor: bigint;
  settled_at: number;
}

/** One ancestor of one user (decision 049); depth 1 is the direct agent. */
export interface TeamPathTable {
  ancestor_id: number;
  member_id: number;
  depth: number;
}

/** The one row moves of a team update first, so they happen one at a time (decision 049). */
export interface TeamLockTable {
  id: number;
  moves: number;
}

/** One differential rebate of one trade to one ancestor (decision 049). */
export interface RebateTable {
  id: Generated<number>;
  /** 'timing', or the contract entry type whose fee it shares. */
  source_type: string;
  ref_type: string;
  ref_id: number;
  member_id: number;
  /** Who receives it. */
  user_id: number;
  vc_id: number;
  base_minor: bigint;
  rate: string;
  below_rate: string;
  amount_minor: bigint;
  created_at: number;
  entry_id: number | null;
  paid_at: number | null;
}

/** A journal entry or registration waiting for the report roll-up. */
export interface ReportQueueTable {
  id: Generated<number>;
  entry_id: number | null;
  user_id: number | null;
  created_at: number;
}

/** The report figures of one owner, scope, UTC hour and currency (decision 049). */
export interface ReportHourTable {
  owner_id: number;
  /** 'user': the owner's own; 'team': everyone below them. */
  scope: string;
  /** Hours since the epoch, UTC. */
  hour: number;
  /** 0 for the figures without a currency. */
  vc_id: number;
  profit_minor: bigint;
  order_minor: bigint;
  order_count: bigint;
  fee_minor: bigint;
  bonus_minor: bigint;
  rebate_minor: bigint;
  recharge_minor: bigint;
  recharge_fee_minor: bigint;
  recharge_count: bigint;
  withdraw_minor: bigint;
  withdraw_fee_minor: bigint;
  withdraw_count: bigint;
  exchange_minor: bigint;
  exchange_fee_minor: bigint;
  first_recharge_minor: bigint;
  first_recharge_count: bigint;
  member_count: bigint;
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
  vc_name: VcNameTable;
  vc_timing_config: VcTimingConfigTable;
  vc_timing_period: VcTimingPeriodTable;
  price_tick: PriceTickTable;
  candle: CandleTable;
  feed_state: FeedStateTable;
  feed_secret: FeedSecretTable;
  user_favor_vc: UserFavorVcTable;
  user_chart_settings: UserChartSettingsTable;
  ledger_account: LedgerAccountTable;
  journal_entry: JournalEntryTable;
  journal_posting: JournalPostingTable;
  idempotency_key: IdempotencyKeyTable;
  wallet_transfer: WalletTransferTable;
  balance_adjustment: BalanceAdjustmentTable;
  funding_channel: FundingChannelTable;
  recharge_order: RechargeOrderTable;
  withdraw_order: WithdrawOrderTable;
  timing_order: TimingOrderTable;
  timing_order_open: TimingOrderOpenTable;
  timing_order_opened: TimingOrderOpenedTable;
  timing_order_result: TimingOrderResultTable;
  timing_settlement: TimingSettlementTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  bank: BankTable;
  vc_chain: VcChainTable;
  upload: UploadTable;
  user_bank_card: UserBankCardTable;
  user_wallet_address: UserWalletAddressTable;
  user_zsk_account: UserZskAccountTable;
  real_name_verification: RealNameVerificationTable;
  spot_terms: SpotTermsTable;
  spot_order: SpotOrderTable;
  spot_order_open: SpotOrderOpenTable;
  spot_fill: SpotFillTable;
  spot_cancel: SpotCancelTable;
  spot_holding: SpotHoldingTable;
  spot_cursor: SpotCursorTable;
  contract_terms: ContractTermsTable;
  contract_levels: ContractLevelsTable;
  contract_order: ContractOrderTable;
  contract_order_open: ContractOrderOpenTable;
  contract_order_end: ContractOrderEndTable;
  contract_position: ContractPositionTable;
  contract_close: ContractCloseTable;
  contract_forced: ContractForcedTable;
  contract_cursor: ContractCursorTable;
  finance_product: FinanceProductTable;
  finance_product_text: FinanceProductTextTable;
  finance_order: FinanceOrderTable;
  finance_order_open: FinanceOrderOpenTable;
  finance_order_end: FinanceOrderEndTable;
  finance_settlement: FinanceSettlementTable;
  team_path: TeamPathTable;
  team_lock: TeamLockTable;
  rebate: RebateTable;
  report_queue: ReportQueueTable;
  report_hour: ReportHourTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type VcRow = Selectable<VcTable>;
export type NewVc = Insertable<VcTable>;
export type VcNameRow = Selectable<VcNameTable>;
export type CandleRow = Selectable<CandleTable>;
export type OperatorRow = Selectable<OperatorsTable>;
