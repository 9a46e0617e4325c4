/**
 * Enumerations shared by server and clients. Numeric values are fixed wire values (VcTypeEnum: 1
 * crypto, 2 forex, 3 metals, 4 indices, decision 006; TradeOrderDirectionEnum: 1 = buy long, 2 = sell
 * short); the labels live in the i18n catalogues under `dict.<Enum>.<value>`.
 */
export const VC_TYPES = [1, 2, 3, 4] as const;
export type VcType = (typeof VC_TYPES)[number];

export const TRADE_ORDER_DIRECTIONS = [1, 2] as const;
export type TradeOrderDirection = (typeof TRADE_ORDER_DIRECTIONS)[number];

/** Ordinary members trade; agents also lead a team and own an invite code. */
export const USER_TYPES = [1, 2] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_MEMBER: UserType = 1;
export const USER_TYPE_AGENT: UserType = 2;

export const DICTIONARY_NAMES = ['VcTypeEnum', 'TradeOrderDirectionEnum', 'UserTypeEnum'] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

export const CONFIG_GROUPS = ['REGISTER', 'PORTAL', 'WITHDRAW', 'RECHARGE', 'GLOBAL'] as const;
export type ConfigGroup = (typeof CONFIG_GROUPS)[number];

export const CACHE_TYPES = [
  'SYS_CONFIG',
  'SYS_NOTICE',
  'VC_TIMING_TRADE_CONFIG',
  'VC_SPOT_TRADE_CONFIG',
  'VC_CONTRACT_TRADE_CONFIG',
  'BANK',
  'VC',
  'SYS_BANNER',
  'I18N_LANGUAGE',
] as const;
export type CacheType = (typeof CACHE_TYPES)[number];

export const DEVICE_TYPES = ['H5', 'PC', 'IOS', 'ANDROID'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const REAL_NAME_STATUSES = ['NONE', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export type RealNameStatus = (typeof REAL_NAME_STATUSES)[number];
