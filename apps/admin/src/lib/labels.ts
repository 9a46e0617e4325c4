import type {
  AuditAction,
  AuditTargetType,
  CertType,
  ChannelMethod,
  DocumentSide,
  FinanceOrderState,
  FundingStatus,
  OperatorRole,
  PaymentMethodKind,
  RealNameStatus,
  SpotOrder,
  SpotOrderSide,
  SpotState,
  UserType,
  VerificationStatus,
  WithdrawTarget,
} from '@vela/contract';
import type { FinanceBuyType, FinanceCycleType, SpotKind } from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';

/**
 * The console's English names for the contract's values. Each map is typed over the contract's
 * union, so a value added there (a new audit action, say) does not compile until it has a name
 * here, and the console never shows a raw code to an operator.
 */
export const ROLE_LABELS: Record<OperatorRole, string> = {
  administrator: 'Administrator',
  finance: 'Finance',
  support: 'Support',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  // Operators' console
  'operator.login': 'Signed in',
  'operator.login_failed': 'Sign-in refused',
  'operator.logout': 'Signed out',
  'operator.create': 'Operator created',
  'operator.disable': 'Operator disabled',
  'operator.enable': 'Operator enabled',
  'operator.reset_totp': 'Authenticator reset',
  'operator.reset_credentials': 'Password and authenticator reset (ops command)',
  'user.view': 'User viewed',
  // Ledger: balance adjustments
  'balance.adjust': 'Balance adjusted',
  // Deposits and withdrawals
  'deposit.approve': 'Deposit approved',
  'deposit.reject': 'Deposit rejected',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  // Payment methods, real-name verification, uploads
  'verification.approve': 'Real name approved',
  'verification.reject': 'Real name rejected',
  'payment_method.update': 'Payment method changed',
  'payment_method.remove': 'Payment method removed',
  'upload.view': 'Identity document viewed',
  // Spot trading
  'spot_terms.save': 'Spot terms changed',
  // Contract trading
  'contract_terms.save': 'Contract terms changed',
  'contract_levels.save': 'Risk levels changed',
  // Pledge finance
  'finance_product.save': 'Finance product saved',
  // Teams
  'team_member.save': 'Team member changed',
  'team_member.move': 'Team member moved',
};

export const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  // Operators' console
  operator: 'Operator',
  user: 'User',
  // Ledger: balance adjustments
  // Deposits and withdrawals
  recharge_order: 'Deposit',
  withdraw_order: 'Withdrawal',
  // Payment methods, real-name verification, uploads
  verification: 'Real-name verification',
  bank_card: 'Bank card',
  wallet_address: 'Wallet address',
  zsk_account: 'Fast-payment account',
  // Spot trading (and contract terms, per coin)
  vc: 'Coin',
  // Contract trading
  contract_levels: 'Risk levels',
  // Pledge finance
  finance_product: 'Finance product',
};

export const USER_TYPE_LABELS: Record<UserType, string> = { 1: 'Member', 2: 'Agent' };

export const REAL_NAME_LABELS: Record<RealNameStatus, string> = {
  NONE: 'Not submitted',
  PENDING: 'Pending review',
  APPROVED: 'Verified',
  REJECTED: 'Rejected',
};

// Deposits and withdrawals
export const FUNDING_STATUS_LABELS: Record<FundingStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled by user',
};

export const CHANNEL_METHOD_LABELS: Record<ChannelMethod, string> = {
  chain: 'On-chain',
  bank: 'Bank transfer',
  zsk: 'Fast payment (ZSK)',
};

export const WITHDRAW_TARGET_LABELS: Record<WithdrawTarget, string> = {
  bank: 'Bank card',
  wallet: 'Wallet address',
  zsk: 'Fast-payment account',
};

// Payment methods, real-name verification, uploads
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const CERT_TYPE_LABELS: Record<CertType, string> = {
  ID_CARD: 'ID card',
  PASSPORT: 'Passport',
  DRIVING_LICENCE: 'Driving licence',
  RESIDENCE_PERMIT: 'Residence permit',
};

export const DOCUMENT_SIDE_LABELS: Record<DocumentSide, string> = {
  front: 'Front',
  back: 'Back',
  handheld: 'Held by the user',
};

export const PAYMENT_METHOD_KIND_LABELS: Record<PaymentMethodKind, string> = {
  BANK_CARD: 'Bank card',
  WALLET_ADDRESS: 'Wallet address',
  ZSK_ACCOUNT: 'Fast-payment account',
};

// Spot trading
export const SPOT_SIDE_LABELS: Record<SpotOrderSide, string> = { buy: 'Buy', sell: 'Sell' };

export const SPOT_KIND_LABELS: Record<SpotKind, string> = { market: 'Market', limit: 'Limit' };

export const SPOT_STATE_LABELS: Record<SpotState, string> = {
  open: 'Open',
  filled: 'Filled',
  cancelled: 'Cancelled',
};

export const SPOT_CANCEL_REASON_LABELS: Record<NonNullable<SpotOrder['cancelReason']>, string> = {
  user: 'by the user',
  too_small: 'too small to buy one step at the fill price',
};

// Pledge finance
export const FINANCE_BUY_TYPE_LABELS: Record<FinanceBuyType, string> = {
  coin: 'In the coin',
  usdt: 'In USDT',
};

/** A term's unit, in the plural; a term of one unit reads "1 day" (see finance's termText). */
export const FINANCE_CYCLE_TYPE_LABELS: Record<FinanceCycleType, string> = {
  day: 'Days',
  hour: 'Hours',
  minute: 'Minutes',
};

export const FINANCE_ORDER_STATE_LABELS: Record<FinanceOrderState, string> = {
  holding: 'Holding',
  redeemed: 'Redeemed early',
  settled: 'Settled',
};

/**
 * The product's eleven languages, English first because it is the default text, then in the
 * product's own order. Typed over the language codes, so a language added there needs a name here.
 */
export const LANGUAGE_LABELS: Record<LocaleCode, string> = {
  en: 'English',
  'zh-CN': 'Chinese (simplified)',
  'zh-TW': 'Chinese (traditional)',
  id: 'Indonesian',
  ms: 'Malay',
  es: 'Spanish',
  tr: 'Turkish',
  ja: 'Japanese',
  kr: 'Korean',
  ar: 'Arabic',
  pt: 'Portuguese',
};

/** The entries of a label map in declaration order, as options for a select. */
export function optionsOf<K extends string | number>(labels: Record<K, string>) {
  return (Object.entries(labels) as [string, string][]).map(([value, label]) => ({ value, label }));
}
