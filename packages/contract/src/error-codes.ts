/**
 * Stable error codes. Clients branch on `code`, never on `message` (which is localized). Each code
 * has a catalogue entry `error.<CODE>` in every language; a test enforces it.
 */
export const ERROR_CODES = [
  'OK',
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'REGISTRATION_CLOSED',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'INVITE_CODE_INVALID',
  'PASSWORDS_MISMATCH',
  'EMAIL_CODE_INVALID',
  'LOGIN_FAILED',
  'ACCOUNT_DISABLED',
  'GOOGLE_CODE_REQUIRED',
  'GOOGLE_CODE_INVALID',
  'GOOGLE_CODE_REPLAYED',
  'GOOGLE_ALREADY_BOUND',
  'GOOGLE_SECRET_MISSING',
  'PASSWORD_WRONG',
  'FUND_PASSWORD_ALREADY_SET',
  'FUND_PASSWORD_NOT_SET',
  'FUND_PASSWORD_WRONG',
  'NEW_PASSWORD_SAME',
  'NOT_AGENT',
  'VC_NOT_FOUND',
  'RANGE_TOO_LARGE',
  // Money: ledger, wallets, transfers
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'INSUFFICIENT_BALANCE',
  'AMOUNT_INVALID',
  // Payment methods, real-name verification, uploads
  // Operators' console
  // Deposits and withdrawals
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP statuses go with codes so that proxies, logs and monitoring see failures for what they are. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  OK: 200,
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  REGISTRATION_CLOSED: 403,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  INVITE_CODE_INVALID: 400,
  PASSWORDS_MISMATCH: 400,
  EMAIL_CODE_INVALID: 400,
  LOGIN_FAILED: 401,
  ACCOUNT_DISABLED: 403,
  GOOGLE_CODE_REQUIRED: 401,
  GOOGLE_CODE_INVALID: 401,
  GOOGLE_CODE_REPLAYED: 401,
  GOOGLE_ALREADY_BOUND: 409,
  GOOGLE_SECRET_MISSING: 409,
  PASSWORD_WRONG: 400,
  FUND_PASSWORD_ALREADY_SET: 409,
  FUND_PASSWORD_NOT_SET: 409,
  FUND_PASSWORD_WRONG: 400,
  NEW_PASSWORD_SAME: 400,
  NOT_AGENT: 403,
  VC_NOT_FOUND: 404,
  RANGE_TOO_LARGE: 400,
  // Money: ledger, wallets, transfers
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  INSUFFICIENT_BALANCE: 409,
  AMOUNT_INVALID: 400,
  // Payment methods, real-name verification, uploads
  // Operators' console
  // Deposits and withdrawals
};
