import { useState } from 'react';
import { ApiError } from './api-client.ts';

/**
 * Idempotency keys for money-moving requests (decision 019). The server runs a
 * request at most once per key and answers a retry with the first result, so a key must live exactly
 * as long as one submission attempt:
 *
 * - it is kept while the outcome is unknown (no answer: a network error, a timeout, an aborted
 *   request), so that trying again cannot move the money twice even if the first request did arrive;
 * - it is replaced after any answer from the server, a success or a refusal, because that attempt is
 *   over (a refused request changed nothing, and the next one is a new request).
 *
 * A key kept after a lost answer stays bound to that attempt even if the user edits the form before
 * retrying: if the first request did arrive, the server refuses the changed one
 * (IDEMPOTENCY_KEY_REUSED) instead of running both, and that answer then retires the key.
 */

/** The server's accepted shape: 16 to 64 characters of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * 32 hex digits from the browser's random source. `crypto.randomUUID` would do the same but exists
 * only in secure contexts, and the app may be opened over plain http on a server line.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a failure left the outcome unknown, so the same key must be used to try again. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'NETWORK' || error.code === 'TIMEOUT';
}

export interface IdempotencyKeys {
  /** Runs one attempt with the current key, then keeps or replaces the key by its outcome. */
  run<T>(send: (key: string) => Promise<T>): Promise<T>;
  /** The key the next attempt will use. */
  peek(): string;
}

export function createIdempotencyKeys(generate: () => string = newIdempotencyKey): IdempotencyKeys {
  let current: string | null = null;
  const key = () => (current ??= generate());
  return {
    peek: key,
    async run(send) {
      const used = key();
      try {
        const result = await send(used);
        if (current === used) current = null;
        return result;
      } catch (error) {
        if (current === used && !outcomeUnknown(error)) current = null;
        throw error;
      }
    },
  };
}

/** One form's keys, stable for the life of the component. */
export function useIdempotencyKey(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys());
  return keys;
}
