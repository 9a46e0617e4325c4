import type { ErrorCode } from '@vela/contract';
import type { MessageKey, MessageParams } from '@vela/i18n';

/**
 * A failure the caller should see, with a stable code. The message is produced later, in the
 * caller's language, from `messageKey` (default `error.<code>`) and `params`.
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
