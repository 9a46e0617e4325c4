import { ApiError } from './api-client.ts';

/**
 * Puts a server failure next to the input it concerns. The server names the wire field
 * (`preLoginPwd`); `fieldMap` translates it to the form's own field (`confirmPassword`). Failures
 * without a known field return null and are shown as a toast by the caller.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fieldMap: Partial<Record<string, F>>,
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const field = fieldMap[error.field];
  return field ? { field, message: error.message } : null;
}
