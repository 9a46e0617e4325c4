import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { RechargeOrder, WithdrawOrder } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet } from '../../system/wallet-overview.ts';
import { statusFilter, type Direction, type OrderTab } from './funding-figures.ts';

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
    queryFn: () => call(direction === 'recharge' ? funding.rechargeChannels : funding.withdrawChannels, {}),
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
  return direction === 'recharge'
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
