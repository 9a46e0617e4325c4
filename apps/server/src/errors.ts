import type { ErrorCode } from '@vela/contract';
import type { MessageKey, MessageParams } from '@vela/i18n';

/**
 * A broken rule the caller should see, with a stable code. Any layer may throw it (the ledger, the
 * idempotency keys, the services); only the HTTP edge (`http/error-handler.ts`) turns a code into a
 * status, and the message is produced there, in the caller's language, from `messageKey` (default
 * `error.<code>`) and `params`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: MessageParams | undefined;
  readonly messageKey: MessageKey;
  readonly data: unknown;
  readonly forceLogout: boolean;

  constructor(
    code: ErrorCode,
    options: { params?: MessageParams; messageKey?: MessageKey; data?: unknown; forceLogout?: boolean } = {},
  ) {
    super(code);
    this.code = code;
    this.params = options.params;
    this.messageKey = options.messageKey ?? (`error.${code}` as MessageKey);
    this.data = options.data ?? null;
    this.forceLogout = options.forceLogout ?? false;
  }
}

/** A field-level validation failure that only the server can detect (for example a taken name). */
export function fieldError(code: ErrorCode, field: string, messageKey?: MessageKey): AppError {
  return new AppError(code, { data: { field }, ...(messageKey ? { messageKey } : {}) });
}
