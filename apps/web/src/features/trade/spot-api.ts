import { useEffect, useMemo, useRef, useState } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { SpotOrder, SpotOrderSide, SpotTerms } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import type { SpotKind } from '@vela/domain';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import { createIdempotencyKeys, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet, useOverviewQuery } from '../../system/wallet-api.ts';
import { SPOT_POLL_MS, orderBody } from './spot-logic.ts';
import { leftIds } from './timing-logic.ts';

const { spot } = routes;

export type SpotScope = 'open' | 'history';

/**
 * The spot screens' server data. The user's keys carry the session token, so one user's orders can
 * never show for another, even for the moment before a logout clears the cache. The live channel has
 * no spot topic: a spot order's balance entries (its wallet events) refresh these queries, and open
 * orders and holdings are also asked for every 3 s while shown (a query refetches on its interval
 * only while the page is visible) and after each action.
 */
export const spotKeys = {
  all: () => ['spot'] as const,
  /** Under the terms' cache type: an operator's change moves its version, which refetches them. */
  terms: () => ['VC_SPOT_TRADE_CONFIG'] as const,
  user: (token: string | null) => ['spot', 'user', token] as const,
  list: (token: string | null, scope: SpotScope, vcId: number | null) =>
    ['spot', 'user', token, 'list', scope, vcId] as const,
  holdings: (token: string | null) => ['spot', 'user', token, 'holdings'] as const,
  detail: (token: string | null, id: number) => ['spot', 'user', token, 'detail', id] as const,
};

/** Every coin's spot terms (public). */
export function useSpotTerms() {
  return useQuery({
    queryKey: spotKeys.terms(),
    queryFn: () => call(spot.spotTermsList, {}),
    staleTime: Infinity,
  });
}

export const SPOT_PAGE_SIZE = 20;

type OrdersPage = { list: SpotOrder[]; nextCursor: number | null };

export function spotOrdersOf(data: InfiniteData<OrdersPage> | undefined): SpotOrder[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/**
 * The user's spot orders of one scope (of one coin, or all), newest first, one keyset page at a
 * time. Open orders are asked for again every 3 s, in case a fill's live event is missed.
 */
export function useSpotOrders(scope: SpotScope, vcId: number | null) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: spotKeys.list(token, scope, vcId),
    queryFn: ({ pageParam, signal }) =>
      call(
        spot.spotOrderList,
        {
          scope,
          limit: SPOT_PAGE_SIZE,
          ...(vcId !== null ? { vcId } : {}),
          ...(pageParam !== null ? { cursor: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
    refetchInterval: scope === 'open' ? SPOT_POLL_MS : false,
  });
}

/**
 * The open orders (of one coin, or all), watched for the ones that leave: an order gone from them
 * has filled or been cancelled, so the history, the holdings and the balances are refreshed.
 */
export function useOpenSpotOrders(vcId: number | null) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const query = useSpotOrders('open', vcId);
  const orders = useMemo(() => spotOrdersOf(query.data), [query.data]);
  const seen = useRef<{ token: string | null; ids: Set<number> } | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const ids = new Set(orders.map((order) => order.id));
    const previous = seen.current;
    seen.current = { token, ids };
    if (!previous || previous.token !== token) return;
    if (leftIds(previous.ids, ids).length === 0) return;
    void afterSpotChange(client, token);
  }, [client, orders, query.data, token]);
  return { ...query, orders };
}

/** The coins the user holds on spot, with their cost; asked for every 3 s while shown. */
export function useSpotHoldings() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: spotKeys.holdings(token),
    queryFn: () => call(spot.spotHoldingList, {}),
    enabled: Boolean(token),
    staleTime: 0,
    refetchInterval: SPOT_POLL_MS,
  });
}

/** One order with its receipt, starting from what the list showed; an open one is watched. */
export function useSpotOrderDetail(order: SpotOrder | null, open: boolean) {
  const token = useSession((s) => s.token);
  const id = order?.id ?? 0;
  return useQuery({
    queryKey: spotKeys.detail(token, id),
    queryFn: () => call(spot.spotOrderDetail, { id }),
    enabled: Boolean(token) && order !== null && open,
    staleTime: 0,
    initialData: order ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data?.state === 'open' ? SPOT_POLL_MS : false),
  });
}

/** After an order or a cancellation: the orders, the holdings and the balances are out of date. */
export async function afterSpotChange(client: QueryClient, token: string | null): Promise<void> {
  await Promise.all([refreshWallet(client), client.invalidateQueries({ queryKey: spotKeys.user(token) })]);
}

export interface SpotDraft {
  vcId: number;
  side: SpotOrderSide;
  kind: SpotKind;
  /** The typed amount (buy, USDT) or quantity (sell, the coin), trimmed. */
  amount: string;
  limitPrice: string | null;
}

/** The server's refusal of one field, in its words, for the form to show under that field. */
export interface FieldRefusal {
  field: 'amount' | 'price';
  text: string;
}

/** Which of the form's fields a refusal is about; null when it is about neither (a toast). */
function refusedField(error: ApiError): FieldRefusal['field'] | null {
  if (error.field === 'limitPrice') return 'price';
  if (error.field === 'amount' || error.field === 'quantity') return 'amount';
  if (error.code === 'INSUFFICIENT_BALANCE' || error.code === 'INSUFFICIENT_HOLDING') return 'amount';
  return null;
}

/**
 * Places spot orders through `keys`: one idempotency key per submission, kept for a retry while
 * the outcome is unknown. A refusal of a field goes to `onRefused` (shown under the field); the
 * others (a closed coin, no price) are toasts. A refusal for the balance reloads it.
 */
export function usePlaceSpotOrder(
  keys: IdempotencyKeys,
  onRefused: (refusal: FieldRefusal) => void,
  onPlaced?: (order: SpotOrder) => void,
) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (draft: SpotDraft) =>
      keys.run((key) => call(spot.spotOrderRequest, orderBody(draft), { idempotencyKey: key })),
    onSuccess: async (order) => {
      toastSuccess(translate('timing.placed'));
      onPlaced?.(order);
      await afterSpotChange(client, token);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return toastError(errorMessage(error));
      const field = refusedField(error);
      if (field) onRefused({ field, text: error.message });
      else toastError(error.message);
      if (error.code.startsWith('INSUFFICIENT_')) void refreshWallet(client);
    },
  });
}

/**
 * Cancels open orders, each with its own idempotency key (kept for a retry of that order while the
 * outcome is unknown); the orders, holdings and balances refresh whatever the answer.
 */
export function useCancelSpotOrder() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const [keysById] = useState(() => new Map<number, IdempotencyKeys>());
  return useMutation({
    mutationFn: (id: number) => {
      let keys = keysById.get(id);
      if (!keys) keysById.set(id, (keys = createIdempotencyKeys()));
      return keys.run((key) => call(spot.spotOrderCancel, { id }, { idempotencyKey: key }));
    },
    onSuccess: () => toastSuccess(translate('spot.cancelled')),
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => afterSpotChange(client, token),
  });
}

/**
 * The wallet balances a coin's spot form spends, from the overview every balance screen shares: the
 * settlement coin's (a buy) and the coin's own (a sell) spot balances, with their decimals.
 */
export function useSpotBalances(terms: SpotTerms | null) {
  const overview = useOverviewQuery();
  const currencies = overview.data?.currencies ?? [];
  const quote = currencies.find((c) => c.symbol === terms?.settleSymbol) ?? null;
  const coin = currencies.find((c) => c.vcId === terms?.vcId) ?? null;
  return { overview, quote, coin };
}
