import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@vela/contract/routes';
import { ApiError, call, setForceLogoutListener } from '../../src/lib/api-client.ts';
import { usePreferences } from '../../src/stores/preferences-store.ts';
import { setupWebTests, signInAs, TEST_TOKEN } from '../setup.tsx';
import { envelopeResponse, urlOf } from '../support/helpers.tsx';

setupWebTests();

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

// The client's own behaviour (envelopes, timeouts, aborts, keys) is tested with @vela/client; these
// tests cover what the web app gives it: the language, the session's token, the server line, the
// forced-logout listener and the localized transport messages.
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

  it('uses the chosen server line', async () => {
    usePreferences.setState({ lineUrl: 'https://line2.example' });
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: [] });
    await call(routes.system.cacheRefreshList, {});
    expect(request(fetchMock).url).toBe('https://line2.example/api/sys-cache-refresh/list');
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
});
