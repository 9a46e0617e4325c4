import { useEffect, useMemo, useRef, useState } from 'react';
import { create } from 'zustand';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChartSettings, KlineInterval, TimingOrder } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import type { IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { marketKeys } from '../../system/market-api.ts';
import { useLiveUserChannel } from '../../system/live-market.ts';
import { refreshWallet, useOverviewQuery } from '../../system/wallet-api.ts';
import { DEFAULT_CHART_SETTINGS } from './chart-settings-logic.ts';
import { KLINE_LIMIT } from './kline-logic.ts';
import { clockOffset, detailRefreshMs, leftIds, nextRefreshMs } from './timing-logic.ts';

const { market, timing } = routes;

export type TimingScope = 'active' | 'history';

/**
 * The timed-trade screens' server data. Keys carry the session token, so one user's orders can never
 * show for another, even for the moment before a logout clears the cache.
 */
export const timingKeys = {
  all: () => ['timing'] as const,
  list: (token: string | null, scope: TimingScope) => ['timing', 'list', token, scope] as const,
  detail: (token: string | null, id: number) => ['timing', 'detail', token, id] as const,
};

// ---- the server's clock ---------------------------------------------------------------------------

/**
 * Countdowns run on the server's clock: an order expires at the server's `expiresAt`, and a phone's
 * clock is often seconds off. Each placement answer gives one reading (its `createdAt`); until the
 * first, the device's clock is used.
 */
let serverOffsetMs = 0;

export function serverNow(): number {
  return Date.now() + serverOffsetMs;
}

export function setServerOffsetForTests(offsetMs: number): void {
  serverOffsetMs = offsetMs;
}

/** The server's time, re-read every second while `enabled` (for countdowns). */
export function useServerNow(enabled: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!enabled) return;
    setNow(serverNow());
    // Ticks on the second boundary of the server's clock, so every countdown changes together.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = serverNow();
      setNow(current);
      timer = setTimeout(tick, 1000 - (current % 1000) + 5);
    };
    timer = setTimeout(tick, 1000 - (serverNow() % 1000) + 5);
    return () => clearTimeout(timer);
  }, [enabled]);
  return now;
}

// ---- balances -------------------------------------------------------------------------------------

/**
 * The settlement coin's spot balance, which stakes come out of and payouts go into (the coin the
 * trade configuration names): from the same overview answer (and cache entry) as the assets screen,
 * fetched on every visit.
 */
export function useSettleBalance(settleCoinId: number | undefined) {
  const overview = useOverviewQuery();
  const currency = overview.data?.currencies.find((c) => c.vcId === settleCoinId) ?? null;
  return { overview, currency };
}

// ---- orders ---------------------------------------------------------------------------------------

export const ORDERS_PAGE_SIZE = 20;

type OrdersPage = { list: TimingOrder[]; nextCursor: number | null };

export function ordersOf(data: InfiniteData<OrdersPage> | undefined): TimingOrder[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/** Whether settlements arrive by push now: the user's live channel is subscribed (decision 024). */
function useLiveSettlements(): boolean {
  return useLiveUserChannel((s) => s.status === 'subscribed');
}

/**
 * The user's orders of one scope, newest first, one keyset page at a time. The active ones are asked
 * for again just after the next expiry and then every 2 s while any waits for its settlement, until
 * none is left; while the live channel is subscribed its events refresh them instead, with a slow
 * safety refetch (`nextRefreshMs`).
 */
export function useTimingOrders(scope: TimingScope) {
  const token = useSession((s) => s.token);
  const live = useLiveSettlements();
  return useInfiniteQuery({
    queryKey: timingKeys.list(token, scope),
    queryFn: ({ pageParam, signal }) =>
      call(
        timing.timingOrderList,
        { scope, limit: ORDERS_PAGE_SIZE, ...(pageParam !== null ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
    refetchInterval:
      scope === 'active' ? (query) => nextRefreshMs(ordersOf(query.state.data), serverNow(), live) : false,
  });
}

/**
 * The open and settling orders, watched for the ones that leave: an order gone from the active list
 * has settled, so the balances, the bills and the history are refreshed, and `onSettled` hears of it.
 */
export function useActiveOrders(onSettled?: (ids: number[]) => void) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const query = useTimingOrders('active');
  const orders = useMemo(() => ordersOf(query.data), [query.data]);
  const seen = useRef<{ token: string | null; ids: Set<number> } | null>(null);
  const latest = useRef(onSettled);
  useEffect(() => {
    latest.current = onSettled;
  });
  useEffect(() => {
    if (!query.data) return;
    const ids = new Set(orders.map((order) => order.id));
    const previous = seen.current;
    seen.current = { token, ids };
    if (!previous || previous.token !== token) return;
    const gone = leftIds(previous.ids, ids);
    if (gone.length === 0) return;
    void refreshWallet(client);
    void client.invalidateQueries({ queryKey: timingKeys.list(token, 'history') });
    latest.current?.(gone);
  }, [client, orders, query.data, token]);
  return { ...query, orders };
}

export function detailQuery(token: string | null, id: number) {
  return {
    queryKey: timingKeys.detail(token, id),
    queryFn: () => call(timing.timingOrderDetail, { id }),
  };
}

/**
 * One order with its receipt, starting from what the list showed, while its sheet is open. While it
 * waits for its settlement it is asked for every 2 s (or, with the live channel subscribed, when the
 * settlement's event comes); the first settled answer refreshes the balances and both lists.
 */
export function useOrderDetail(order: TimingOrder | null, open: boolean) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const live = useLiveSettlements();
  const id = order?.id ?? 0;
  const query = useQuery({
    ...detailQuery(token, id),
    // Closed, the sheet keeps showing what it had while it slides away, and asks for nothing more.
    enabled: Boolean(token) && order !== null && open,
    staleTime: 0,
    initialData: order ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data ? detailRefreshMs(q.state.data, serverNow(), live) : false),
  });
  const state = query.data?.state;
  const wasSettled = useRef<boolean | null>(null);
  useEffect(() => {
    if (state === undefined) return;
    const settled = state === 'settled';
    if (wasSettled.current === false && settled) {
      void refreshWallet(client);
      void client.invalidateQueries({ queryKey: timingKeys.list(token, 'active') });
      void client.invalidateQueries({ queryKey: timingKeys.list(token, 'history') });
    }
    wasSettled.current = settled;
  }, [client, state, token]);
  return query;
}

export type PlaceBody = {
  vcId: number;
  periodSeconds: number;
  direction: TimingOrder['direction'];
  amount: string;
};

/**
 * Sends one order with its idempotency key and reads the server's clock from the answer. The caller
 * runs it through its `IdempotencyKeys`, so a retry after a lost answer cannot place it twice.
 */
export async function sendOrder(body: PlaceBody, key: string): Promise<TimingOrder> {
  const sentAt = Date.now();
  const order = await call(timing.timingOrderRequest, body, { idempotencyKey: key });
  serverOffsetMs = clockOffset(order.createdAt, sentAt, Date.now());
  return order;
}

/** After a placement: the new order leads the active list at once, then both lists and the balances refresh. */
export async function afterPlacement(client: QueryClient, token: string | null, order: TimingOrder) {
  client.setQueryData<InfiniteData<OrdersPage>>(timingKeys.list(token, 'active'), (previous) => {
    if (!previous) return previous;
    const [first, ...rest] = previous.pages;
    if (!first || previous.pages.some((page) => page.list.some((o) => o.id === order.id))) return previous;
    return { ...previous, pages: [{ ...first, list: [order, ...first.list] }, ...rest] };
  });
  await Promise.all([
    refreshWallet(client),
    client.invalidateQueries({ queryKey: timingKeys.list(token, 'active') }),
  ]);
}

/** The server's refusal of a stake, in its words; `insufficient` when the balance was short. */
export interface AmountRefusal {
  text: string;
  insufficient: boolean;
}

/**
 * Places timed orders, one idempotency key per attempt. A refusal of the stake goes to
 * `onAmountRefused` (the screen shows it under the amount); the other refusals (a closed pair, no
 * price) are toasts. A refusal for the balance also reloads it, since the one shown was out of date.
 */
export function usePlaceOrder(keys: IdempotencyKeys, onAmountRefused: (refusal: AmountRefusal) => void) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: PlaceBody) => keys.run((key) => sendOrder(body, key)),
    onSuccess: async (order) => {
      toastSuccess(translate('timing.placed'));
      await afterPlacement(client, token, order);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        toastError(errorMessage(error));
        return;
      }
      const insufficient = error.code === 'INSUFFICIENT_BALANCE';
      if (error.field === 'amount' || insufficient) onAmountRefused({ text: error.message, insufficient });
      else toastError(error.message);
      if (insufficient) void refreshWallet(client);
    },
  });
}

// ---- chart settings -------------------------------------------------------------------------------

/**
 * The chart's interval and indicators. A user's choice is saved on the server, so it is the same on
 * every device; a visitor's lasts for the visit.
 */
/** A visitor's settings: kept in memory for the visit (moving between tabs keeps them). */
export const useVisitorChartSettings = create<{
  settings: ChartSettings;
  set(settings: ChartSettings): void;
}>()((set) => ({ settings: DEFAULT_CHART_SETTINGS, set: (settings) => set({ settings }) }));

export interface ChartSettingsState {
  settings: ChartSettings;
  /** False until a user's saved settings have loaded (the chart waits, rather than jump). */
  ready: boolean;
  scope: 'account' | 'visit';
  update(next: ChartSettings): void;
}

export function useChartSettings(): ChartSettingsState {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const signedIn = useSession(isSignedIn);
  const visitor = useVisitorChartSettings();
  const key = marketKeys.chartSettings(token);
  const saved = useQuery({
    queryKey: key,
    queryFn: () => call(market.chartSettingsGet, {}),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (next: ChartSettings) => call(market.chartSettingsSave, next),
    onMutate: (next) => {
      const previous = client.getQueryData<ChartSettings>(key);
      client.setQueryData(key, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toastError(errorMessage(error));
    },
    onSuccess: (settings) => client.setQueryData(key, settings),
  });

  if (!signedIn) {
    return { settings: visitor.settings, ready: true, scope: 'visit', update: visitor.set };
  }
  return {
    // A failed load shows the defaults; the next change saves over them.
    settings: saved.data ?? DEFAULT_CHART_SETTINGS,
    ready: !saved.isPending,
    scope: 'account',
    update: (next) => save.mutate(next),
  };
}

// ---- chart and ticks ------------------------------------------------------------------------------

/**
 * The chart's first candles of a coin at one interval. The trade screen asks for them as soon as it
 * knows the coin, while the chart's own code is still downloading (`usePrefetchCandles`), and the
 * chart takes that answer when it starts: it then draws its candles in the task that creates it,
 * instead of a round trip later. The answer is kept only for a moment; from then on the chart
 * follows the live kline topic itself.
 */
export function candlesQuery(vcId: number, interval: KlineInterval) {
  return queryOptions({
    queryKey: marketKeys.kline(vcId, interval),
    queryFn: () => call(market.marketKline, { vcId, interval, limit: KLINE_LIMIT }),
    staleTime: 2000,
    gcTime: 10_000,
  });
}

/** Asks for the chart's first candles early, while the chart's code downloads (see `candlesQuery`). */
export function usePrefetchCandles(vcId: number, interval: KlineInterval, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (enabled) void client.prefetchQuery(candlesQuery(vcId, interval));
  }, [client, vcId, interval, enabled]);
}

/** The candles of a coin in a past range, as the chart asks for them when scrolled back. */
export function fetchOlderCandles(
  vcId: number,
  interval: KlineInterval,
  range: { startTime: number; endTime: number },
) {
  return call(market.marketDetailKline, { vcId, interval, ...range });
}

/** The public ticks of a coin in a window; a window that has ended never changes, so it is kept. */
export function useTicks(vcId: number, window: { startTime: number; endTime: number }) {
  return useQuery({
    queryKey: ['market', 'ticks', vcId, window.startTime, window.endTime],
    queryFn: ({ signal }) => call(market.marketTicks, { vcId, ...window }, { signal }),
    staleTime: (query) => (query.state.data && Date.now() > window.endTime + 2_000 ? Infinity : 1_000),
  });
}
