/**
 * The HTTP client of the web app and the operators' console: one POST per endpoint of the contract,
 * with the session token, the language, a timeout and idempotency keys. What differs between the
 * apps (where the token lives, the language, what a forced logout does) is given to `createClient`.
 */
export { ApiError, errorText, type TransportFailure } from './api-error.ts';
export {
  createClient,
  REQUEST_TIMEOUT_MS,
  type ApiClient,
  type CallOptions,
  type ClientOptions,
} from './client.ts';
export { newIdempotencyKey } from './idempotency-key.ts';
