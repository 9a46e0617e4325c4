import { act } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Declares the whole file an act environment, as Testing Library does itself when Vitest globals
 * are on. Otherwise the flag is on only inside each `act` call, and an animation frame or query
 * notification landing just as an `act` scope closes is reported as "not configured to support act".
 */
export function setupActEnvironment(): void {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let previous: boolean | undefined;
  beforeAll(() => {
    previous = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  });
}

/**
 * Helpers shared by the shell tests. Time moves only through `advance`, which wraps the fake-timer
 * step in `act` so React commits what the timers caused before the assertions run.
 */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Lets antd-mobile's imperative dialogs and toasts, once closed, finish their closing animation on
 * the fake clock (react-spring reads the faked `performance.now` and `requestAnimationFrame`), so they are
 * unmounted before the next test.
 */
export async function settleOverlays(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await advance(100);
}

/** Lets pending promises and React work settle without moving the clock. */
export async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

/**
 * Waits on the real clock until `check` passes, letting React commit inside `act` between tries.
 * Unlike `waitFor`, it keeps the act environment on, so animation and query updates that land while
 * waiting are not reported as unwrapped.
 */
export async function until(check: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** A fetch answer carrying the given envelope, as the server sends it. */
export function envelopeResponse(envelope: unknown): Response {
  return { ok: true, status: 200, json: async () => envelope } as Response;
}

/** The URL a fetch stub was called with, whatever form the caller used. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}
