import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Ticker } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { selectVc as checkCoinId } from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import { call } from '../lib/api-client.ts';
import { toastError } from '../lib/feedback.tsx';
import { translate } from '../lib/i18n.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../stores/session-store.ts';
import { loadStoredTickers, mergeTickers, storeTickers } from './market-tickers-logic.ts';

const { market } = routes;

/**
 * Market data. Keys start with the cache type the server versions ('VC',
 * 'VC_TIMING_TRADE_CONFIG'), so the cache re-check refetches them when an operator changes coins or
 * the trade configuration. Tickers are written by the live client too (see live-market.ts).
 */
export const marketKeys = {
  tickers: () => ['VC', 'tickers'] as const,
  coins: (locale: LocaleCode) => ['VC', 'coins', locale] as const,
  kline: (vcId: number, interval: string) => ['VC', 'kline', vcId, interval] as const,
  timingConfig: () => ['VC_TIMING_TRADE_CONFIG'] as const,
  favourites: (token: string | null) => ['user', 'favourites', token] as const,
  chartSettings: (token: string | null) => ['user', 'chart-settings', token] as const,
};

/** Prices change every second; while the socket is open they arrive by push, not by refetching. */
export const TICKERS_STALE_MS = 3000;

/**
 * The ticker list in the app's language. An answer that comes back after the language changed is
 * in the old one (the request carried it), so the list is asked again rather than shown.
 */
export async function fetchTickers(): Promise<Ticker[]> {
  for (;;) {
    const locale = usePreferences.getState().locale;
    const list = await call(market.marketList, {});
    if (usePreferences.getState().locale === locale) return list;
  }
}

export const tickersQuery = () => {
  // Read only when the query is first created, not at every render.
  let stored: ReturnType<typeof loadStoredTickers> | undefined;
  const load = () =>
    stored === undefined ? (stored = loadStoredTickers(usePreferences.getState().locale)) : stored;
  return queryOptions({
    queryKey: marketKeys.tickers(),
    queryFn: fetchTickers,
    staleTime: TICKERS_STALE_MS,
    // The last known prices show at once; being old, they are refetched immediately.
    initialData: () => load()?.list,
    initialDataUpdatedAt: () => load()?.savedAt,
  });
};

export function useTickers() {
  return useQuery(tickersQuery());
}

/** How often the price list is written to local storage at most. */
export const STORE_TICKERS_EVERY_MS = 5000;
let lastStoredAt = 0;

/**
 * Puts tickers into the query cache: a complete list (an answer to a poll) replaces it, a push is
 * merged into it. A push never starts the list: it carries the coins' default names (decision 025),
 * and a list started from it would show and store them as the app's language until the next answer.
 * The list is saved to local storage at most every few seconds.
 */
export function writeTickers(client: QueryClient, tickers: Ticker[], complete: boolean): void {
  // An updater answering undefined leaves the cache as it is.
  const next = client.setQueryData<Ticker[]>(marketKeys.tickers(), (previous) =>
    complete ? tickers : previous && mergeTickers(previous, tickers),
  );
  const now = Date.now();
  if (next && now - lastStoredAt >= STORE_TICKERS_EVERY_MS) {
    lastStoredAt = now;
    storeTickers(next, usePreferences.getState().locale, now);
  }
}

export function useCoins() {
  const locale = usePreferences((s) => s.locale);
  return useQuery({
    queryKey: marketKeys.coins(locale),
    queryFn: () => call(market.vcList, {}),
    staleTime: Infinity,
  });
}

export const timingConfigQuery = () =>
  queryOptions({
    queryKey: marketKeys.timingConfig(),
    queryFn: () => call(market.timingConfigList, {}),
    staleTime: Infinity,
  });

export function useTimingConfig() {
  return useQuery(timingConfigQuery());
}

/**
 * The server reads the trade screen shows on its first render (see router.tsx's `firstReads`): the
 * prices, whose live price is the screen's largest text, and the configuration that picks the coin.
 */
export function tradeReads(client: QueryClient): (() => Promise<void>)[] {
  return [() => client.prefetchQuery(tickersQuery()), () => client.prefetchQuery(timingConfigQuery())];
}

/** The coins of the timed-trade configuration, in its order. */
export function configuredCoinIds(
  config: readonly { vcId: number; enabled: boolean }[] | undefined,
): number[] {
  return (config ?? []).filter((c) => c.enabled).map((c) => c.vcId);
}

/**
 * Selecting a coin: stores its id, or refuses an empty one with the
 * 'No Such vcId' toast. Returns whether the coin was selected.
 */
export function chooseCoin(vcId: number | string | null | undefined): boolean {
  const result = checkCoinId(vcId);
  if (!result.ok) {
    toastError(translate('toast.noSuchVcId'));
    return false;
  }
  usePreferences.getState().selectCoin(result.vcId);
  return true;
}

/** The signed-in user's favourite coins; kept in the preferences store too (cleared at logout). */
export function useFavouriteList() {
  const token = useSession((s) => s.token);
  const signedIn = useSession(isSignedIn);
  return useQuery({
    queryKey: marketKeys.favourites(token),
    queryFn: async () => {
      const list = await call(market.favourList, {});
      const ids = list.map((f) => f.vcId);
      usePreferences.getState().setFavourites(ids);
      return ids;
    },
    enabled: signedIn,
    staleTime: 60_000,
  });
}
