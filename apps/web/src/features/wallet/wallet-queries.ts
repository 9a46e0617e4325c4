import { useMemo } from 'react';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet, useOverviewQuery, walletKeys } from '../../system/wallet-overview.ts';
import { useTickers } from '../../system/market-queries.ts';
import { billsRequest, type BillFilter } from './bill-filter.ts';
import { pricesOf, revalue, type WalletOverview } from './wallet-figures.ts';

const { wallet } = routes;

/** The bills' keys sit under the shared wallet keys, so one invalidation refreshes both. */
const billsKey = (token: string | null, request: ReturnType<typeof billsRequest>) =>
  [...walletKeys.all(), 'bills', token, request] as const;

/**
 * The overview re-valued at the live prices (the screens hold the live feed with useLiveMarket):
 * prices that arrived after the overview's answer replace the ones it was valued at, so the total
 * follows the market between two fetches. Older prices never do, so a price list kept from an
 * earlier visit cannot take the valuation back in time.
 */
export function useWalletOverview() {
  const overview = useOverviewQuery();
  const tickers = useTickers();
  const newer = tickers.data !== undefined && tickers.dataUpdatedAt > overview.dataUpdatedAt;
  const data = useMemo(
    () =>
      overview.data && newer && tickers.data ? revalue(overview.data, pricesOf(tickers.data)) : overview.data,
    [overview.data, newer, tickers.data],
  );
  return { ...overview, data };
}

/** After a transfer: the answer's balances at once, then a fresh overview and fresh bills. */
export async function applyTransfer(
  client: QueryClient,
  token: string | null,
  answer: { vcId: number; spot: string; contract: string },
): Promise<void> {
  client.setQueryData<WalletOverview>(walletKeys.overview(token), (previous) =>
    previous
      ? {
          ...previous,
          currencies: previous.currencies.map((c) =>
            c.vcId === answer.vcId ? { ...c, spot: answer.spot, contract: answer.contract } : c,
          ),
        }
      : previous,
  );
  await refreshWallet(client);
}

export const BILLS_PAGE_SIZE = 20;

/** The user's bills, newest first, one keyset page at a time (`cursor` is the last id shown). */
export function useBills(filter: BillFilter) {
  const token = useSession((s) => s.token);
  const request = billsRequest(filter);
  return useInfiniteQuery({
    queryKey: billsKey(token, request),
    queryFn: ({ pageParam, signal }) =>
      call(
        wallet.walletBills,
        { ...request, limit: BILLS_PAGE_SIZE, ...(pageParam !== null ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
  });
}
