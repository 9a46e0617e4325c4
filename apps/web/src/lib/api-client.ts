import type { Envelope, Route, RouteBodyOf, RouteDataOf } from '@vela/contract';
import { usePreferences } from '../stores/preferences-store.ts';
import { useSession } from '../stores/session-store.ts';
import { translate } from './i18n.ts';

/** Spec point 7: every call is a POST with a JSON body under /api, with a 40 s timeout. */
export const REQUEST_TIMEOUT_MS = 40_000;

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field: string | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

type ForceLogoutListener = () => void;
let onForceLogout: ForceLogoutListener = () => undefined;

/** The app registers what a forced logout does (clear state, go to /login). */
export function setForceLogoutListener(listener: ForceLogoutListener): void {
  onForceLogout = listener;
}

export function apiUrl(path: string): string {
  return `${usePreferences.getState().lineUrl}/api${path}`;
}

/**
 * Calls an endpoint of the contract through its zod-free route (`@vela/contract/routes`): the body
 * and the answer are typed by the endpoint's schemas, which stay types only. The token goes
 * in `Authorization` (never for registration and other `auth: 'none'` calls) and the language in the
 * `lang` header. A failed answer becomes an `ApiError` with the server's localized message; an
 * answer carrying `forceLogout` also signs the user out.
 */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Whether an answer carrying `forceLogout` runs the app's forced-logout handling. Logging out
   * turns it off: the screen ends the session itself, and an already-expired session must not also
   * show "your session has ended".
   */
  handleForceLogout?: boolean;
  /**
   * Sent as the `Idempotency-Key` header, which money-moving endpoints require: the server runs a
   * request once per key and answers a retry with the first result (see use-idempotency-key.ts).
   */
  idempotencyKey?: string;
}

export async function call<R extends Route>(
  endpoint: R,
  body: RouteBodyOf<R>,
  init: CallOptions = {},
): Promise<RouteDataOf<R>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    lang: usePreferences.getState().locale,
  };
  const token = useSession.getState().token;
  if (endpoint.auth !== 'none' && token) headers.authorization = token;
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;

  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  init.signal?.addEventListener('abort', () => controller.abort(init.signal?.reason));
  let envelope: Envelope<RouteDataOf<R>>;
  try {
    const response = await fetch(apiUrl(endpoint.path), {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
    envelope = (await response.json()) as Envelope<RouteDataOf<R>>;
  } catch (error) {
    if (init.signal?.aborted) throw error;
    console.error(`[api] ${endpoint.path} failed`, error);
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      timedOut ? 'TIMEOUT' : 'NETWORK',
      translate(timedOut ? 'toast.requestTimeout' : 'toast.networkError'),
    );
  } finally {
    clearTimeout(timer);
  }

  if (envelope.forceLogout && init.handleForceLogout !== false) onForceLogout();
  if (!envelope.success) {
    const data = envelope.data as { field?: unknown } | null;
    const field = data && typeof data.field === 'string' ? data.field : null;
    throw new ApiError(envelope.code, envelope.message, field, envelope.data);
  }
  return envelope.data as RouteDataOf<R>;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return translate('error.INTERNAL_ERROR');
}
