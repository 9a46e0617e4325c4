import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  BodyOf,
  DataOf,
  adminFinanceOrders,
  adminFinanceProductSave,
  adminFinanceSettlements,
} from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

// The shapes are named from the endpoint declarations themselves, so every call below is held to
// its declaration even where a route's own type would let anything through.
export type FinanceProductInput = BodyOf<typeof adminFinanceProductSave>;
export type FinanceProductSaved = DataOf<typeof adminFinanceProductSave>;
export type FinanceOrderScope = BodyOf<typeof adminFinanceOrders>['scope'];
export type FinanceOrdersPage = DataOf<typeof adminFinanceOrders>;
export type FinanceOrderRow = FinanceOrdersPage['list'][number];
export type FinanceSettlementsPage = DataOf<typeof adminFinanceSettlements>;
export type FinanceSettlementRow = FinanceSettlementsPage['list'][number];

export const FINANCE_PRODUCTS_KEY = ['finance-products'] as const;
export const FINANCE_ORDERS_KEY = ['finance-orders'] as const;
export const FINANCE_SETTLEMENTS_KEY = ['finance-settlements'] as const;

/** The number of orders or settlements asked for per page. */
export const FINANCE_PAGE = 50;

/** Every finance product, closed ones included, with its translations and its sales. */
export function useFinanceProducts() {
  return useQuery({
    queryKey: FINANCE_PRODUCTS_KEY,
    queryFn: () => call(routes.finance.adminFinanceProducts, {}),
    staleTime: 0,
  });
}

/** Creates or changes a product; the server records the values before and after in the audit log. */
export function saveFinanceProduct(body: FinanceProductInput): Promise<FinanceProductSaved> {
  return call(routes.finance.adminFinanceProductSave, body);
}

/**
 * The coins a product can be linked to: the currency list, which leaves the settlement coin out.
 * Only crypto coins have wallets, and a product is bought from the wallet; the server refuses any
 * other coin with its own message on the field.
 */
export function useFinanceCoins() {
  return useQuery({
    queryKey: ['finance-coins'],
    queryFn: async () => {
      const coins = await call(routes.market.vcList, {});
      return coins.filter((coin) => coin.type === 1).map((coin) => ({ vcId: coin.id, symbol: coin.symbol }));
    },
    staleTime: 300_000,
  });
}

/**
 * Orders of a scope, page by page: the holding ones by end instant (soonest first), or the history
 * newest first; all users' or one user's. Orders end every minute, so the list is read fresh
 * whenever it is shown.
 */
export function useFinanceOrders(scope: FinanceOrderScope, userId: number | null) {
  const orders = useInfiniteQuery({
    queryKey: [...FINANCE_ORDERS_KEY, scope, userId],
    queryFn: ({ pageParam }): Promise<FinanceOrdersPage> =>
      call(routes.finance.adminFinanceOrders, {
        scope,
        limit: FINANCE_PAGE,
        ...(userId === null ? {} : { userId }),
        ...(pageParam === null ? {} : { cursor: pageParam }),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  return { orders, rows };
}

/** The settlement log, newest first, page by page. */
export function useFinanceSettlements() {
  const settlements = useInfiniteQuery({
    queryKey: FINANCE_SETTLEMENTS_KEY,
    queryFn: ({ pageParam }): Promise<FinanceSettlementsPage> =>
      call(routes.finance.adminFinanceSettlements, {
        limit: FINANCE_PAGE,
        ...(pageParam === null ? {} : { cursor: pageParam }),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const rows = settlements.data?.pages.flatMap((page) => page.list) ?? [];
  return { settlements, rows };
}
