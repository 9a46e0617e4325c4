import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

/** Which of a user's orders a list shows: the open ones, or the filled and cancelled ones. */
export type SpotOrderScope = RouteBodyOf<typeof routes.spot.adminSpotOrders>['scope'];

/** The number of orders asked for per page. */
export const SPOT_ORDERS_PAGE = 50;

export const SPOT_TERMS_KEY = ['spot-terms'] as const;

/** Every coin that can trade on spot with its terms, the disabled ones included. */
export function useSpotTerms() {
  return useQuery({
    queryKey: SPOT_TERMS_KEY,
    queryFn: () => call(routes.spot.adminSpotTermsList, {}),
    staleTime: 0,
  });
}

/** Sets one coin's terms; the server records the values before and after in the audit log. */
export function saveSpotTerms(body: RouteBodyOf<typeof routes.spot.adminSpotTermsSave>) {
  return call(routes.spot.adminSpotTermsSave, body);
}

/**
 * One user's orders of a scope, newest first, page by page. Open orders fill within a second or
 * rest until their limit is reached, so the list is read fresh whenever it is shown.
 */
export function useUserSpotOrders(userId: number, scope: SpotOrderScope) {
  const orders = useInfiniteQuery({
    queryKey: ['spot-orders', userId, scope],
    queryFn: ({ pageParam }) =>
      call(routes.spot.adminSpotOrders, {
        userId,
        scope,
        limit: SPOT_ORDERS_PAGE,
        ...(pageParam === null ? {} : { cursor: pageParam }),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  return { orders, rows };
}
