import { useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import type { IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet, useOverviewQuery, walletKeys } from '../../system/wallet-api.ts';
import { useTickers } from '../../system/market-api.ts';
import { billsRequest, type BillFilter } from './bill-filter-logic.ts';
import { serverErrorField, type TransferField, type transferBody } from './transfer-logic.ts';
import { pricesOf, revalue, type WalletOverview } from './wallet-logic.ts';

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

/**
 * Sends a transfer, one idempotency key per attempt. On success the popup closes (`onDone`) and the
 * balances take the answer; a refusal goes under its field when it has one, else in a toast, and a
 * refusal for the balance reloads it, since the one shown was out of date.
 */
export function useTransferRequest(
  keys: IdempotencyKeys,
  handlers: { onDone(): void; onFieldError(field: TransferField, message: string): void },
) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: ReturnType<typeof transferBody>) =>
      keys.run((key) => call(routes.wallet.walletTransfer, body, { idempotencyKey: key })),
    onSuccess: async (answer) => {
      toastSuccess(translate('wallet.transferDone'));
      handlers.onDone();
      await applyTransfer(client, token, answer);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        toastError(errorMessage(error));
        return;
      }
      const field = serverErrorField(error.code, error.field);
      if (field) handlers.onFieldError(field, error.message);
      else toastError(error.message);
      if (error.code === 'INSUFFICIENT_BALANCE') void refreshWallet(client);
    },
  });
}
