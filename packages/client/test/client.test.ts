import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '@vela/contract';
import { ApiError, createClient, REQUEST_TIMEOUT_MS, type ClientOptions } from '../src/index.ts';

const userRoute = { path: '/user/get-login-info', auth: 'user' } as Route;
const publicRoute = { path: '/user/register', auth: 'none' } as Route;

interface Setup {
  token?: string | null;
  baseUrl?: string;
  timeoutMs?: number;
}

function clientWith(setup: Setup = {}) {
  const onForceLogout = vi.fn<ClientOptions['onForceLogout']>();
  const onTransportFailure = vi.fn<NonNullable<ClientOptions['onTransportFailure']>>();
  const client = createClient({
    ...(setup.baseUrl !== undefined ? { baseUrl: () => setup.baseUrl ?? '' } : {}),
    language: () => 'pt',
    token: () => (setup.token === undefined ? 'session-token' : setup.token),
    onForceLogout,
    transportMessage: (failure) => `transport ${failure}`,
    onTransportFailure,
    ...(setup.timeoutMs !== undefined ? { timeoutMs: setup.timeoutMs } : {}),
  });
  return { client, onForceLogout, onTransportFailure };
}

function answerWith(envelope: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      ({ ok: true, status: 200, json: async () => envelope }) as Response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof answerWith>) {
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(input), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

/** A fetch that never answers and, like the real one, fails with its signal's reason once that aborts. */
function hangingFetch() {
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const ok = (data: unknown) => ({ success: true, code: 'OK', message: '', data });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createClient: requests', () => {
  it('POSTs the JSON body to /api<path> with the language and the token', async () => {
    const fetchMock = answerWith(ok({ id: 7 }));
    const { client } = clientWith();

    await expect(client.call(userRoute, { a: 1 } as never)).resolves.toEqual({ id: 7 });

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/user/get-login-info');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers).toEqual({
      'content-type': 'application/json',
      lang: 'pt',
      authorization: 'session-token',
    });
  });

  it('sends an empty object for an absent body', async () => {
    const fetchMock = answerWith(ok(null));
    await clientWith().client.call(userRoute, undefined as never);
    expect(sentRequest(fetchMock).init.body).toBe('{}');
  });

  it('never sends the token to an auth: none endpoint', async () => {
    const fetchMock = answerWith(ok(null));
    await clientWith().client.call(publicRoute, {} as never);
    expect(sentRequest(fetchMock).headers).not.toHaveProperty('authorization');
  });

  it('sends no authorization without a session', async () => {
    const fetchMock = answerWith(ok(null));
    await clientWith({ token: null }).client.call(userRoute, {} as never);
    expect(sentRequest(fetchMock).headers).not.toHaveProperty('authorization');
  });

  it('prefixes the base URL when one is given', async () => {
    const fetchMock = answerWith(ok(null));
    const { client } = clientWith({ baseUrl: 'https://line2.example' });
    await client.call(userRoute, {} as never);
    expect(sentRequest(fetchMock).url).toBe('https://line2.example/api/user/get-login-info');
    expect(client.url('/upload')).toBe('https://line2.example/api/upload');
  });

  it('sends the idempotency key as a header', async () => {
    const fetchMock = answerWith(ok(null));
    await clientWith().client.call(userRoute, {} as never, { idempotencyKey: 'k'.repeat(32) });
    expect(sentRequest(fetchMock).headers['idempotency-key']).toBe('k'.repeat(32));
  });
});

describe('createClient: failed answers', () => {
  it('turns a failed envelope into an ApiError with code, message, field and data', async () => {
    answerWith({ success: false, code: 'TAKEN', message: 'Taken', data: { field: 'username' } });
    const error = await rejection(clientWith().client.call(publicRoute, {} as never));
    expect([error.code, error.message, error.field]).toEqual(['TAKEN', 'Taken', 'username']);
    expect(error.data).toEqual({ field: 'username' });
  });

  it('leaves the field null when the failure names none', async () => {
    answerWith({ success: false, code: 'BOOM', message: 'Boom', data: null });
    expect((await rejection(clientWith().client.call(userRoute, {} as never))).field).toBeNull();
  });

  it('runs onForceLogout with the server message when the answer carries forceLogout', async () => {
    answerWith({
      success: false,
      code: 'SESSION_EXPIRED',
      message: 'Expired',
      data: null,
      forceLogout: true,
    });
    const { client, onForceLogout } = clientWith();
    await rejection(client.call(userRoute, {} as never));
    expect(onForceLogout).toHaveBeenCalledExactlyOnceWith('Expired');
  });

  it('leaves a forced logout to the caller when handleForceLogout is false', async () => {
    answerWith({
      success: false,
      code: 'SESSION_EXPIRED',
      message: 'Expired',
      data: null,
      forceLogout: true,
    });
    const { client, onForceLogout } = clientWith();
    await rejection(client.call(userRoute, {} as never, { handleForceLogout: false }));
    expect(onForceLogout).not.toHaveBeenCalled();
  });

  it('does not run onForceLogout for an ordinary failure', async () => {
    answerWith({ success: false, code: 'X', message: 'x', data: null });
    const { client, onForceLogout } = clientWith();
    await rejection(client.call(userRoute, {} as never));
    expect(onForceLogout).not.toHaveBeenCalled();
  });
});

describe('createClient: no answer', () => {
  it('turns a network failure into ApiError NETWORK and reports it', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(cause)),
    );
    const { client, onTransportFailure } = clientWith();
    const error = await rejection(client.call(userRoute, {} as never));
    expect([error.code, error.message]).toEqual(['NETWORK', 'transport NETWORK']);
    expect(onTransportFailure).toHaveBeenCalledWith('/user/get-login-info', cause);
  });

  it('gives up after 40 s by default with ApiError TIMEOUT', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(40_000);
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    let settled = false;
    const pending = clientWith()
      .client.call(userRoute, {} as never)
      .finally(() => {
        settled = true;
      });
    const result = rejection(pending);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await result;
    expect(sentRequest(fetchMock).init.signal?.aborted).toBe(true);
    expect([error.code, error.message]).toEqual(['TIMEOUT', 'transport TIMEOUT']);
  });

  it('takes its timeout from the options', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const result = rejection(clientWith({ timeoutMs: 500 }).client.call(userRoute, {} as never));
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).code).toBe('TIMEOUT');
  });

  it("rethrows the caller's own abort as it is", async () => {
    hangingFetch();
    const controller = new AbortController();
    const { client, onTransportFailure } = clientWith();
    const pending = client.call(userRoute, {} as never, { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
    expect(onTransportFailure).not.toHaveBeenCalled();
  });

  it('does not send a request whose signal is already aborted', async () => {
    hangingFetch();
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    const pending = clientWith().client.call(userRoute, {} as never, { signal: controller.signal });
    await expect(pending).rejects.toThrow('gone');
  });
});
