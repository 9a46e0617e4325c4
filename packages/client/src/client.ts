import type { Envelope, Route, RouteBodyOf, RouteDataOf } from '@vela/contract';
import { ApiError, type TransportFailure } from './api-error.ts';

/** Every call gives up after 40 s: a request the server has not answered by then is reported as a timeout. */
export const REQUEST_TIMEOUT_MS = 40_000;

/**
 * What differs between the apps that call the API. Each getter is read per request, so a change
 * (a new session, another language, another server line) applies to the next call.
 */
export interface ClientOptions {
  /** The origin the `/api` paths live under; the page's own origin when absent. */
  baseUrl?: () => string;
  /** Sent as the `lang` header: the language the server writes its messages in. */
  language: () => string;
  /** The session token, sent as `authorization` to every endpoint that is not `auth: 'none'`. */
  token: () => string | null;
  /**
   * Runs when an answer carries `forceLogout` (the session expired, was revoked or never was one),
   * with the server's message.
   */
  onForceLogout: (message: string) => void;
  /** The message of the `ApiError` raised when the server did not answer in time or cannot be reached. */
  transportMessage: (failure: TransportFailure) => string;
  /** Told about each transport failure, for the app's logs. */
  onTransportFailure?: (path: string, error: unknown) => void;
  timeoutMs?: number;
}

export interface CallOptions {
  /** Cancels the request; the caller's own abort is rethrown as it is, never turned into an `ApiError`. */
  signal?: AbortSignal;
  /**
   * Whether an answer carrying `forceLogout` runs `onForceLogout` (the default). Signing out turns
   * it off: the screen ends the session itself, and an already expired session must not also say
   * that it has ended.
   */
  handleForceLogout?: boolean;
  /**
   * Sent as the `Idempotency-Key` header, which money-moving endpoints require: the server runs a
   * request once per key and answers a repeat with the first result. Take one key per form (see
   * `newIdempotencyKey`), not per click.
   */
  idempotencyKey?: string;
}

export interface ApiClient {
  /**
   * Calls an endpoint through its zod-free route (`@vela/contract/routes`): the body and the answer
   * are typed by the endpoint's schemas. Every call is a POST with a JSON body. A failed answer
   * becomes an `ApiError` with the server's message.
   */
  call<R extends Route>(route: R, body: RouteBodyOf<R>, options?: CallOptions): Promise<RouteDataOf<R>>;
  /** The full address of an endpoint path, for requests that are not JSON (uploads). */
  url(path: string): string;
}

export function createClient(options: ClientOptions): ApiClient {
  const url = (path: string) => `${options.baseUrl?.() ?? ''}/api${path}`;

  const headersFor = (route: Route, callOptions: CallOptions): Record<string, string> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', lang: options.language() };
    const token = options.token();
    if (route.auth !== 'none' && token) headers.authorization = token;
    if (callOptions.idempotencyKey) headers['idempotency-key'] = callOptions.idempotencyKey;
    return headers;
  };

  const send = async <Data>(
    route: Route,
    body: unknown,
    callOptions: CallOptions,
  ): Promise<Envelope<Data>> => {
    const deadline = abortAfter(options.timeoutMs ?? REQUEST_TIMEOUT_MS, callOptions.signal);
    try {
      const response = await fetch(url(route.path), {
        method: 'POST',
        headers: headersFor(route, callOptions),
        body: JSON.stringify(body ?? {}),
        signal: deadline.signal,
      });
      return (await response.json()) as Envelope<Data>;
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      options.onTransportFailure?.(route.path, error);
      const failure = transportFailureOf(error);
      throw new ApiError(failure, options.transportMessage(failure));
    } finally {
      deadline.dispose();
    }
  };

  return {
    url,
    async call<R extends Route>(route: R, body: RouteBodyOf<R>, callOptions: CallOptions = {}) {
      const envelope = await send<RouteDataOf<R>>(route, body, callOptions);
      if (envelope.forceLogout && callOptions.handleForceLogout !== false) {
        options.onForceLogout(envelope.message);
      }
      if (!envelope.success) throw apiErrorOf(envelope);
      return envelope.data as RouteDataOf<R>;
    },
  };
}

/**
 * A signal that aborts after `ms` with a `TimeoutError`, or as soon as the caller's own signal does.
 * `dispose` stops the clock and lets go of the caller's signal once the request is over.
 */
function abortAfter(ms: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms);
  const followCaller = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) followCaller();
  else callerSignal?.addEventListener('abort', followCaller, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', followCaller);
    },
  };
}

function transportFailureOf(error: unknown): TransportFailure {
  return error instanceof DOMException && error.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK';
}

/** A failed answer as an error; `field` names the input the server refused, when it names one. */
function apiErrorOf(envelope: Envelope<unknown>): ApiError {
  const data = envelope.data as { field?: unknown } | null;
  const field = data && typeof data.field === 'string' ? data.field : null;
  return new ApiError(envelope.code, envelope.message, field, envelope.data);
}
