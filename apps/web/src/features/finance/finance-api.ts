import { useState } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { FinanceOrder } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import { createIdempotencyKeys, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet } from '../../system/wallet-api.ts';
import { refusedField } from './finance-logic.ts';

const { finance } = routes;

export type FinanceScope = 'holding' | 'history';

/**
 * The finance screens' server data. The user's keys carry the session token, so one user's orders
 * can never show for another, even for the moment before a logout clears the cache. The products are
 * public; their remaining quota moves with every purchase, so they are asked for on every visit.
 */
export const financeKeys = {
  products: () => ['finance', 'products'] as const,
  product: (id: number) => ['finance', 'products', id] as const,
  user: (token: string | null) => ['finance', 'user', token] as const,
  overview: (token: string | null) => ['finance', 'user', token, 'overview'] as const,
  list: (token: string | null, scope: FinanceScope) => ['finance', 'user', token, 'list', scope] as const,
  detail: (token: string | null, id: number) => ['finance', 'user', token, 'detail', id] as const,
};

/** Every product open to buyers, by coin and sort order. */
export function useFinanceProducts() {
  return useQuery({
    queryKey: financeKeys.products(),
    queryFn: ({ signal }) => call(finance.financeProductList, {}, { signal }),
    staleTime: 0,
  });
}

/** One product, for the purchase screen; a closed or unknown one fails with FINANCE_PRODUCT_CLOSED. */
export function useFinanceProduct(id: number | null) {
  return useQuery({
    queryKey: financeKeys.product(id ?? 0),
    queryFn: ({ signal }) => call(finance.financeProductDetail, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The user's finance per currency: principal held, income to date, estimated income. */
export function useFinanceOverview() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: financeKeys.overview(token),
    queryFn: ({ signal }) => call(finance.financeOverview, {}, { signal }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

export const FINANCE_PAGE_SIZE = 20;

type OrdersPage = { list: FinanceOrder[]; nextCursor: number | null };

export function financeOrdersOf(data: InfiniteData<OrdersPage> | undefined): FinanceOrder[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/** The user's holding orders, or the history of ended ones, newest first, one keyset page at a time. */
export function useFinanceOrders(scope: FinanceScope) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: financeKeys.list(token, scope),
    queryFn: ({ pageParam, signal }) =>
      call(
        finance.financeOrderList,
        { scope, limit: FINANCE_PAGE_SIZE, ...(pageParam !== null ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** One order with its receipt, starting from what the list showed, read again when the sheet opens. */
export function useFinanceOrderDetail(order: FinanceOrder | null, open: boolean) {
  const token = useSession((s) => s.token);
  const id = order?.id ?? 0;
  return useQuery({
    queryKey: financeKeys.detail(token, id),
    queryFn: ({ signal }) => call(finance.financeOrderDetail, { id }, { signal }),
    enabled: Boolean(token) && order !== null && open,
    staleTime: 0,
    initialData: order ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/** After a purchase or a redemption: the orders, the overview, the quotas and the balances moved. */
export async function afterFinanceChange(client: QueryClient, token: string | null): Promise<void> {
  await Promise.all([
    refreshWallet(client),
    client.invalidateQueries({ queryKey: financeKeys.user(token) }),
    client.invalidateQueries({ queryKey: financeKeys.products() }),
  ]);
}

export interface FinanceBuyDraft {
  productId: number;
  /** The typed amount, trimmed. */
  amount: string;
  /** The fund password as typed; it is pre-hashed here, never sent as typed. */
  fundPwd: string;
}

/**
 * Buys a product through `keys`: one idempotency key per submission, kept for a retry while the
 * outcome is unknown. A refusal of the amount or the fund password goes to `onRefused` (shown under
 * that field, in the server's words); any other (a closed product) is a toast.
 */
export function useBuyFinance(
  keys: IdempotencyKeys,
  handlers: {
    onRefused(field: 'amount' | 'fundPwd', text: string): void;
    onBought(order: FinanceOrder): void;
  },
) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (draft: FinanceBuyDraft) =>
      keys.run((key) =>
        call(
          finance.financeBuy,
          { productId: draft.productId, amount: draft.amount, fundPwd: preHashPassword(draft.fundPwd) },
          { idempotencyKey: key },
        ),
      ),
    onSuccess: async (order) => {
      toastSuccess(translate('finance.bought'));
      handlers.onBought(order);
      await afterFinanceChange(client, token);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return toastError(errorMessage(error));
      const field = refusedField(error.code, error.field);
      if (field) handlers.onRefused(field, error.message);
      else toastError(error.message);
      // A refusal for the balance or the quota means the figures shown were out of date.
      if (field === 'amount') void afterFinanceChange(client, token);
    },
  });
}

/**
 * Redeems holding orders early, each with its own idempotency key (kept for a retry of that order
 * while the outcome is unknown); the orders, the overview and the balances refresh whatever the answer.
 */
export function useRedeemFinance(onRedeemed?: () => void) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const [keysById] = useState(() => new Map<number, IdempotencyKeys>());
  return useMutation({
    mutationFn: (id: number) => {
      let keys = keysById.get(id);
      if (!keys) keysById.set(id, (keys = createIdempotencyKeys()));
      return keys.run((key) => call(finance.financeRedeem, { id }, { idempotencyKey: key }));
    },
    onSuccess: () => {
      toastSuccess(translate('finance.redeemed'));
      onRedeemed?.();
    },
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => afterFinanceChange(client, token),
  });
}
