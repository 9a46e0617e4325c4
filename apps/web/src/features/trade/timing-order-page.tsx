import { useMemo, useState, type ReactNode } from 'react';
import type { TimingOrder } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageTabs } from '../../components/page-tabs.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useLiveMarket } from '../../system/live-market.ts';
import { useTickers } from '../../system/market-api.ts';
import { ActiveOrderCard, OrderDetail, SettledOrderCard } from './timing-parts.tsx';
import { ordersOf, useActiveOrders, useServerNow, useTimingOrders, type TimingScope } from './trade-api.ts';
import { NextPageTrigger } from '../../components/next-page-trigger.tsx';

const TABS: { key: TimingScope; label: MessageKey }[] = [
  { key: 'active', label: 'timing.tab.active' },
  { key: 'history', label: 'timing.tab.history' },
];

function SkeletonCards() {
  return (
    <ul className="timing-list timing-list--page" aria-busy="true" data-testid="orders-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="timing-card timing-card--skeleton">
          <span className="skeleton-line" style={{ width: '45%' }} />
          <span className="skeleton-line" style={{ width: '85%' }} />
          <span className="skeleton-line" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

type Orders = ReturnType<typeof useTimingOrders> & { orders: TimingOrder[] };

/** One tab's list: loading, failed, empty, or the orders with the next page or "no more data" below. */
function OrderPages({ query, renderOrder }: { query: Orders; renderOrder(order: TimingOrder): ReactNode }) {
  const pages = query.data?.pages.length ?? 0;
  if (query.isPending) return <SkeletonCards />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (query.orders.length === 0) return <EmptyState kind="noData" />;
  let footer: ReactNode;
  if (query.isFetchNextPageError) {
    footer = <EmptyState kind="loadFailed" onRetry={() => void query.fetchNextPage()} />;
  } else if (query.hasNextPage) {
    footer = (
      <>
        <NextPageTrigger
          testId="orders-next-page"
          key={pages}
          onVisible={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
        />
        <div className="timing-orders__loading">
          {query.isFetchingNextPage ? <Spinner size="sm" /> : null}
        </div>
      </>
    );
  } else footer = <EmptyState kind="noMoreData" />;
  return (
    <>
      <ul className="timing-list timing-list--page" data-testid="orders-list">
        {query.orders.map((order) => (
          <li key={order.id}>{renderOrder(order)}</li>
        ))}
      </ul>
      {footer}
    </>
  );
}

/**
 * /timing-trade-order: the user's timed orders. "In progress" holds the open ones with their
 * countdown and live estimate, and those past their expiry "in settlement" until the settlement
 * commits; "History" holds the settled ones with their results. Both scroll page by page and refresh
 * by a pull; a tap opens the order with its settlement receipt.
 */
export default function TimingOrderPage() {
  const [scope, setScope] = useState<TimingScope>('active');
  // Both lists are kept: the active one is watched for orders that settle, which refreshes the history.
  const active = useActiveOrders();
  const historyQuery = useTimingOrders('history');
  const history = { ...historyQuery, orders: ordersOf(historyQuery.data) };
  const tickers = useTickers();
  useLiveMarket();
  const prices = useMemo(
    () => new Map((tickers.data ?? []).map((ticker) => [ticker.a, ticker.g])),
    [tickers.data],
  );
  const now = useServerNow(scope === 'active' && active.orders.length > 0);
  // The order stays after closing, so the sheet slides away with its content.
  const [opened, setOpened] = useState<TimingOrder | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const open = (order: TimingOrder) => {
    setOpened(order);
    setDetailOpen(true);
  };
  const query = scope === 'active' ? active : history;

  return (
    <div className="timing-orders" data-testid="timing-orders">
      <PageTabs tabs={TABS} value={scope} onChange={setScope} testId="timing-tab" />
      <PullToRefresh onRefresh={() => query.refetch()}>
        <OrderPages
          key={scope}
          query={query}
          renderOrder={(order) =>
            scope === 'active' ? (
              <ActiveOrderCard
                order={order}
                now={now}
                price={prices.get(order.vcId)}
                onOpen={() => open(order)}
              />
            ) : (
              <SettledOrderCard order={order} onOpen={() => open(order)} />
            )
          }
        />
      </PullToRefresh>
      <OrderDetail order={opened} open={detailOpen} onClose={() => setDetailOpen(false)} prices={prices} />
    </div>
  );
}
