import type { Envelope, Route, RouteBodyOf, RouteDataOf } from '@vela/contract';
import { currentSession, endSession } from './session.ts';

/**
 * Calls an endpoint through its zod-free route (`@vela/contract/routes`), typed by the contract, the
 * way the web app does. The console is in English and asks the server for English messages; the
 * server would answer in any of the product's languages through the same `lang` header (decision
 * 017). An answer with `forceLogout` (the operator session expired, was revoked or never was one)
 * ends the session here, and the sign-in screen shows the server's reason.
 */
export const REQUEST_TIMEOUT_MS = 40_000;
export const CONSOLE_LANGUAGE = 'en';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /**
   * Sent as the `Idempotency-Key` header, which money-moving endpoints require (the balance
   * adjustment): the server runs a request once per key and answers a repeat with the first result.
   * Take one from `newIdempotencyKey()` per form, not per click.
   */
  idempotencyKey?: string;
}

export async function call<R extends Route>(
  route: R,
  body: RouteBodyOf<R>,
  options: CallOptions = {},
): Promise<RouteDataOf<R>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: CONSOLE_LANGUAGE };
  const session = currentSession();
  if (route.auth !== 'none' && session) headers.authorization = session.token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let envelope: Envelope<RouteDataOf<R>>;
  try {
    const response = await fetch(`/api${route.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    envelope = (await response.json()) as Envelope<RouteDataOf<R>>;
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      timedOut ? 'TIMEOUT' : 'NETWORK',
      timedOut ? 'The server did not answer in time. Try again.' : 'The server cannot be reached. Try again.',
    );
  }
  if (envelope.forceLogout) endSession(envelope.message);
  if (!envelope.success) {
    const data = envelope.data as { field?: unknown } | null;
    throw new ApiError(envelope.code, envelope.message, typeof data?.field === 'string' ? data.field : null);
  }
  return envelope.data as RouteDataOf<R>;
}

/**
 * 32 hex digits from the browser's random source, in the server's accepted shape (16 to 64 of
 * [A-Za-z0-9_-]). `crypto.randomUUID` would do the same but exists only in secure contexts, and the
 * console may be opened over plain http inside an office network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
