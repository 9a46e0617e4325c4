import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { RechargeOrder, RouteBodyOf, WithdrawOrder } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import type { MessageKey } from '@vela/i18n';
import { call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import type { IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet } from '../../system/wallet-api.ts';
import { statusFilter, type Direction, type OrderTab } from './funding-logic.ts';

const { funding } = routes;

/**
 * The deposit and withdrawal screens' server data. Keys carry the session token, so one user's
 * orders can never show for another, even for the moment before a logout clears the cache.
 */
export const fundingKeys = {
  all: () => ['funding'] as const,
  channels: (direction: Direction, token: string | null) =>
    ['funding', 'channels', direction, token] as const,
  orders: (direction: Direction, token: string | null, tab: OrderTab) =>
    ['funding', 'orders', direction, token, tab] as const,
};

/** Enabled channels in display order; fetched on every visit, since operators change them. */
export function useChannels(direction: Direction) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: fundingKeys.channels(direction, token),
    queryFn: () => call(direction === 'deposit' ? funding.rechargeChannels : funding.withdrawChannels, {}),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

export const ORDERS_PAGE_SIZE = 20;

/** A page of either list; the screens tell deposits from withdrawals by their fields. */
export interface OrdersPage {
  list: (RechargeOrder | WithdrawOrder)[];
  nextCursor: number | null;
}

function fetchOrders(
  direction: Direction,
  tab: OrderTab,
  cursor: number | null,
  signal: AbortSignal,
): Promise<OrdersPage> {
  const body = { ...statusFilter(tab), limit: ORDERS_PAGE_SIZE, ...(cursor !== null ? { cursor } : {}) };
  return direction === 'deposit'
    ? call(funding.rechargeOrders, body, { signal })
    : call(funding.withdrawOrders, body, { signal });
}

/** The user's orders of one status tab, newest first, one keyset page at a time. */
export function useOrders(direction: Direction, tab: OrderTab) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: fundingKeys.orders(direction, token, tab),
    queryFn: ({ pageParam, signal }) => fetchOrders(direction, tab, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** After a request: the order lists, and for a withdrawal the balances it held, are out of date. */
export async function afterSubmit(client: QueryClient, direction: Direction): Promise<void> {
  await client.invalidateQueries({ queryKey: fundingKeys.all() });
  if (direction === 'withdraw') await refreshWallet(client);
}

export type DepositRequest = RouteBodyOf<typeof funding.rechargeRequest>;
export type WithdrawRequest = RouteBodyOf<typeof funding.withdrawRequest>;

/** What a request does once its answer is in, besides what every funding request does. */
export interface RequestHandlers {
  /** Runs first on either answer: the screen closes its confirmation sheet. */
  onSettled(): void;
  onError(error: unknown): void;
}

const SUBMITTED: Record<Direction, { message: MessageKey; orders: string }> = {
  deposit: { message: 'funding.rechargeSubmitted', orders: '/recharge-order' },
  withdraw: { message: 'funding.withdrawSubmitted', orders: '/withdraw-order' },
};

/**
 * One funding request, sent with one idempotency key per attempt. On success the user is told, the
 * lists the request changed are refreshed, and the screen moves on to the orders of its direction.
 */
function useFundingRequest<B>(
  direction: Direction,
  send: (body: B, key: string) => Promise<unknown>,
  keys: IdempotencyKeys,
  handlers: RequestHandlers,
) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => keys.run((key) => send(body, key)),
    onSuccess: async () => {
      handlers.onSettled();
      toastSuccess(translate(SUBMITTED[direction].message));
      await afterSubmit(client, direction);
      void navigate(SUBMITTED[direction].orders);
    },
    onError: (error) => {
      handlers.onSettled();
      handlers.onError(error);
    },
  });
}

export function useDepositRequest(keys: IdempotencyKeys, handlers: RequestHandlers) {
  return useFundingRequest<DepositRequest>(
    'deposit',
    (body, key) => call(funding.rechargeRequest, body, { idempotencyKey: key }),
    keys,
    handlers,
  );
}

export function useWithdrawRequest(keys: IdempotencyKeys, handlers: RequestHandlers) {
  return useFundingRequest<WithdrawRequest>(
    'withdraw',
    (body, key) => call(funding.withdrawRequest, body, { idempotencyKey: key }),
    keys,
    handlers,
  );
}

/**
 * Cancels a pending withdrawal, with one idempotency key per attempt. Either way the order lists are
 * refreshed: after a cancellation the balance is back, and after a refusal (an operator reviewed it
 * first) the list shows what happened instead.
 */
export function useCancelWithdrawal(keys: IdempotencyKeys, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      keys.run((key) => call(funding.withdrawCancel, { orderId }, { idempotencyKey: key })),
    onSuccess: async () => {
      toastSuccess(translate('funding.withdrawCancelled'));
      onDone();
      await afterSubmit(client, 'withdraw');
    },
    onError: async (error) => {
      toastError(errorMessage(error));
      onDone();
      await afterSubmit(client, 'withdraw');
    },
  });
}

/** The voucher image of one of the user's deposits, fetched once it is asked for. */
export function useDepositVoucher(orderId: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['funding', 'voucher', token, orderId] as const,
    queryFn: () => call(funding.rechargeVoucher, { orderId: orderId ?? 0 }),
    enabled: Boolean(token) && orderId !== null,
    staleTime: Infinity,
  });
}
