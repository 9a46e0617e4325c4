import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@vela/contract/routes';
import { ApiError, call } from '../../src/lib/api-client.ts';
import {
  createIdempotencyKeys,
  IDEMPOTENCY_KEY_PATTERN,
  newIdempotencyKey,
  outcomeUnknown,
  useIdempotencyKey,
} from '../../src/lib/use-idempotency-key.ts';
import { setupWebTests, signInAs } from '../setup.tsx';
import { envelopeResponse } from '../support/helpers.tsx';

setupWebTests();

/** A key source that counts, so each test sees which key an attempt used. */
function counter() {
  let n = 0;
  return () => `key-${String((n += 1)).padStart(12, '0')}`;
}

const network = () => new ApiError('NETWORK', 'Network error');
const refused = () => new ApiError('INSUFFICIENT_BALANCE', 'Insufficient balance', null);

async function attempt(keys: ReturnType<typeof createIdempotencyKeys>, outcome: 'ok' | Error) {
  let used = '';
  await keys
    .run(async (key) => {
      used = key;
      if (outcome !== 'ok') throw outcome;
      return 'done';
    })
    .catch(() => undefined);
  return used;
}

describe('idempotency keys', () => {
  it('makes keys the server accepts, a different one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('reuses the key after a network error or a timeout, until an answer arrives', async () => {
    const keys = createIdempotencyKeys(counter());
    const first = await attempt(keys, network());
    const second = await attempt(keys, new ApiError('TIMEOUT', 'Request timed out'));
    const third = await attempt(keys, 'ok');
    expect(second).toBe(first);
    expect(third).toBe(first);
    // The success ended that attempt: the next submission is a new request.
    expect(await attempt(keys, 'ok')).not.toBe(first);
  });

  it('makes a new key after a refusal from the server', async () => {
    const keys = createIdempotencyKeys(counter());
    const first = await attempt(keys, refused());
    const second = await attempt(keys, 'ok');
    expect(second).not.toBe(first);
    expect(keys.peek()).not.toBe(second);
  });

  it('keeps the key when the request was cancelled or failed in an unknown way', async () => {
    const keys = createIdempotencyKeys(counter());
    const first = await attempt(keys, new DOMException('aborted', 'AbortError'));
    expect(await attempt(keys, network())).toBe(first);
    expect(outcomeUnknown(new Error('?'))).toBe(true);
    expect(outcomeUnknown(refused())).toBe(false);
  });

  it('passes the failure on unchanged', async () => {
    const keys = createIdempotencyKeys(counter());
    const error = refused();
    await expect(keys.run(() => Promise.reject(error))).rejects.toBe(error);
  });

  it('gives a form the same keys across renders', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current;
    const key = first.peek();
    rerender();
    expect(result.current).toBe(first);
    expect(result.current.peek()).toBe(key);
  });

  it('sends the key as the Idempotency-Key header, and no such header without one', async () => {
    signInAs();
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      envelopeResponse({
        success: true,
        code: 'OK',
        message: '',
        data: { transferId: 1, vcId: 1, spot: '0', contract: '1' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const body = { vcId: 1, from: 'spot', to: 'contract', amount: '1' } as const;
    await call(routes.wallet.walletTransfer, body, { idempotencyKey: 'abcdef0123456789abcdef' });
    await call(routes.wallet.walletOverview, {});
    const headers = fetchMock.mock.calls.map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
    expect(headers[0]?.['idempotency-key']).toBe('abcdef0123456789abcdef');
    expect(headers[1]).not.toHaveProperty('idempotency-key');
  });
});
