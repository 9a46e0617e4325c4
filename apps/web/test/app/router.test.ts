import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@vela/contract/routes';
import { FIRST_READS_WAIT_MS, preloadPage } from '../../src/app/router.tsx';
import { tickersQuery } from '../../src/system/market-api.ts';
import { bannersQuery, configQuery, noticesQuery } from '../../src/system/system-api.ts';
import { usePreferences } from '../../src/stores/preferences-store.ts';
import { envelopeResponse, urlOf } from '../support/helpers.tsx';

const ANSWERS: Record<string, unknown> = {
  [routes.market.marketList.path]: [],
  [routes.system.sysConfigList.path]: { list: [], dict: [] },
  [routes.system.noticeList.path]: [],
  [routes.system.bannerList.path]: [],
};

function answer(path: string): Response {
  return envelopeResponse({ success: true, code: 'OK', message: 'OK', data: ANSWERS[path] });
}

/** The path of the API a fetch went to. */
function apiPath(input: RequestInfo | URL): string {
  return new URL(urlOf(input), 'http://localhost').pathname.replace(/^\/api/, '');
}

let client: QueryClient;
beforeEach(() => {
  localStorage.clear();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the first screen’s server reads', () => {
  it('are in the cache when the home page has preloaded, so its first render shows them', async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) => Promise.resolve(answer(apiPath(input))));
    vi.stubGlobal('fetch', fetchMock);

    await preloadPage('/', client);

    const locale = usePreferences.getState().locale;
    for (const query of [tickersQuery(), configQuery(locale), noticesQuery(locale), bannersQuery(locale)]) {
      expect(client.getQueryState(query.queryKey)?.status, String(query.queryKey)).toBe('success');
    }
    expect(fetchMock.mock.calls.map(([input]) => apiPath(input)).sort()).toEqual(Object.keys(ANSWERS).sort());
  });

  it('hold the first render no longer than the deadline when the server is slow', async () => {
    vi.useFakeTimers();
    // The notices never answer; the other reads do.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const path = apiPath(input);
        return path === routes.system.noticeList.path
          ? new Promise<Response>(() => undefined)
          : Promise.resolve(answer(path));
      }),
    );
    let preloaded = false;
    void preloadPage('/home', client).then(() => {
      preloaded = true;
    });

    await vi.advanceTimersByTimeAsync(FIRST_READS_WAIT_MS - 1);
    expect(preloaded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(preloaded).toBe(true);
    expect(client.getQueryState(['VC', 'tickers'])?.status).toBe('success');
  });

  it('are not made for a page the visitor is sent away from', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer('')));
    vi.stubGlobal('fetch', fetchMock);

    // A visitor opening the wallet is shown the login page, which reads nothing before it renders.
    await preloadPage('/fund', client);

    expect(fetchMock).not.toHaveBeenCalled();
  });
});
