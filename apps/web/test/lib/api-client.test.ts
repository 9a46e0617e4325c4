import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@vela/contract/routes';
import { ApiError, call, REQUEST_TIMEOUT_MS, setForceLogoutListener } from '../../src/lib/api-client.ts';
import { usePreferences } from '../../src/stores/preferences-store.ts';
import { setupWebTests, signInAs, TEST_TOKEN } from '../setup.tsx';
import { envelopeResponse, urlOf } from '../support/helpers.tsx';

setupWebTests();

const registerBody = {
  username: 'bob01',
  loginPwd: 'a'.repeat(64),
  preLoginPwd: 'a'.repeat(64),
  fundPwd: 'b'.repeat(64),
  inviteCode: '123456',
};

/** Stubs fetch with one answer and returns the mock, so the request can be inspected. */
function answerWith(envelope: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    envelopeResponse(envelope),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function request(fetchMock: ReturnType<typeof answerWith>) {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [input, init] = fetchMock.mock.calls[0]!;
  return { url: urlOf(input), init: init!, headers: (init?.headers ?? {}) as Record<string, string> };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
  setForceLogoutListener(() => undefined);
});

describe('api client', () => {
  it('POSTs JSON to /api<path> with the language header and returns data', async () => {
    usePreferences.setState({ locale: 'pt' });
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: [] });

    await expect(call(routes.system.languageList, {})).resolves.toEqual([]);

    const { url, init, headers } = request(fetchMock);
    expect(url).toBe('/api/i18n-language/simple-list');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.lang).toBe('pt');
  });

  it('sends the token in authorization for user routes', async () => {
    signInAs();
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: null });
    await call(routes.user.getLoginInfo, {});
    const { url, headers } = request(fetchMock);
    expect(url).toBe('/api/user/get-login-info');
    expect(headers.authorization).toBe(TEST_TOKEN);
    expect(headers.lang).toBe('en');
  });

  it('never sends the token for registration (auth: none)', async () => {
    signInAs();
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: { username: 'bob01' } });
    await expect(call(routes.user.register, registerBody)).resolves.toEqual({ username: 'bob01' });
    const { url, init, headers } = request(fetchMock);
    expect(url).toBe('/api/user/register');
    expect(JSON.parse(init.body as string)).toEqual(registerBody);
    expect(headers).not.toHaveProperty('authorization');
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers.lang).toBe('en');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: null });
    await call(routes.user.getLoginInfo, {});
    expect(request(fetchMock).headers).not.toHaveProperty('authorization');
  });

  it('uses the chosen server line', async () => {
    usePreferences.setState({ lineUrl: 'https://line2.example' });
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: [] });
    await call(routes.system.cacheRefreshList, {});
    expect(request(fetchMock).url).toBe('https://line2.example/api/sys-cache-refresh/list');
  });

  it('turns a failed envelope into an ApiError with code, message and field', async () => {
    answerWith({
      success: false,
      code: 'USERNAME_TAKEN',
      message: 'The username is already taken',
      data: { field: 'username' },
    });
    const error = await rejection(call(routes.user.register, registerBody));
    expect(error.code).toBe('USERNAME_TAKEN');
    expect(error.message).toBe('The username is already taken');
    expect(error.field).toBe('username');
    expect(error.data).toEqual({ field: 'username' });
  });

  it('leaves field null when the failure names none', async () => {
    answerWith({ success: false, code: 'INTERNAL_ERROR', message: 'Boom', data: null });
    const error = await rejection(call(routes.system.languageList, {}));
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.field).toBeNull();
  });

  it('calls the forced-logout listener when the answer carries forceLogout', async () => {
    const listener = vi.fn();
    setForceLogoutListener(listener);
    signInAs();
    answerWith({
      success: false,
      code: 'SESSION_EXPIRED',
      message: 'Expired',
      data: null,
      forceLogout: true,
    });
    const error = await rejection(call(routes.user.getLoginInfo, {}));
    expect(error.code).toBe('SESSION_EXPIRED');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not call the listener when handleForceLogout is false', async () => {
    const listener = vi.fn();
    setForceLogoutListener(listener);
    signInAs();
    answerWith({
      success: false,
      code: 'SESSION_EXPIRED',
      message: 'Expired',
      data: null,
      forceLogout: true,
    });
    await rejection(call(routes.user.getLoginInfo, {}, { handleForceLogout: false }));
    expect(listener).not.toHaveBeenCalled();
  });

  it('does not call the listener for an ordinary failure', async () => {
    const listener = vi.fn();
    setForceLogoutListener(listener);
    answerWith({ success: false, code: 'X', message: 'x', data: null });
    await rejection(call(routes.system.languageList, {}));
    expect(listener).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError NETWORK with the English message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await rejection(call(routes.system.languageList, {}));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toBe('Network error, please check your connection and try again');
    expect(logged).toHaveBeenCalled();
  });

  it('gives up after 40 s with ApiError TIMEOUT', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(40_000);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(signal?.reason));
          }),
      ),
    );
    let settled = false;
    const pending = call(routes.system.languageList, {}).finally(() => {
      settled = true;
    });
    const result = rejection(pending);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(signal?.aborted).toBe(true);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('The request timed out, please try again');
  });

  it("rethrows the caller's own abort as is", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    const pending = call(routes.system.languageList, {}, { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });
});
