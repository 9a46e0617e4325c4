import { useQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../lib/api-client.ts';
import { useSession } from '../stores/session-store.ts';

const { wallet } = routes;

/**
 * The wallet's cache keys and its overview query, shared by every screen that shows a balance (the
 * assets screen, "me", the withdrawal form, the trade panel), so they read one cached answer and one
 * invalidation refreshes them all. Keys carry the session token, so one user's balances can never
 * show for another, even for the moment before a logout clears the cache.
 */
export const walletKeys = {
  all: () => ['wallet'] as const,
  overview: (token: string | null) => ['wallet', 'overview', token] as const,
};

/**
 * Balances change by the user's own requests and by what happens elsewhere: a deposit approved, a
 * withdrawal reviewed, a timed trade settled. The overview is therefore fetched on every visit and
 * whenever the app comes back to the foreground, and every 30 s while the page is visible.
 */
export const OVERVIEW_REFRESH_MS = 30_000;

export function useOverviewQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.overview(token),
    queryFn: () => call(wallet.walletOverview, {}),
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

/** Balances and bills are out of date once money has moved. */
export function refreshWallet(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: walletKeys.all() });
}
