import { useMemo, useState, type ReactNode } from 'react';
import type { SpotHolding, SpotOrder } from '@vela/contract';
import { SETTLEMENT_SYMBOL } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { EmptyState } from '../../components/empty-state.tsx';
import { NextPageTrigger } from '../../components/next-page-trigger.tsx';
import { PageTabs } from '../../components/page-tabs.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { useTickers } from '../../system/market-api.ts';
import { spotOrdersOf, useSpotHoldings, useSpotOrders } from './spot-api.ts';
import { useOpenedOrder } from './spot-open-orders.tsx';
import { HoldingCard, SpotOrderCard, SpotOrderDetail } from './spot-parts.tsx';
import { SpotSellSheet } from './spot-sell-sheet.tsx';
import './timing.css';
import './spot.css';

type HoldingTab = 'holding' | 'history';

const TABS: { key: HoldingTab; label: MessageKey }[] = [
  { key: 'holding', label: 'spot.tab.holding' },
  { key: 'history', label: 'timing.tab.history' },
];

function SkeletonCards() {
  return (
    <ul className="timing-list timing-list--page" aria-busy="true" data-testid="spot-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="timing-card timing-card--skeleton">
          <span className="skeleton-line" style={{ width: '45%' }} />
          <span className="skeleton-line" style={{ width: '85%' }} />
          <span className="skeleton-line" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

/** The live prices by coin, from the ticker list the live feed keeps current. */
function useLivePrices(): ReadonlyMap<number, string> {
  const tickers = useTickers();
  useLiveMarket();
  return useMemo(() => new Map((tickers.data ?? []).map((ticker) => [ticker.a, ticker.g])), [tickers.data]);
}

/** The holdings, each with its live value and profit and the way to sell it. */
function HoldingList({
  query,
  prices,
  onSell,
}: {
  query: ReturnType<typeof useSpotHoldings>;
  prices: ReadonlyMap<number, string>;
  onSell(holding: SpotHolding): void;
}) {
  const t = useT();
  if (query.isPending) return <SkeletonCards />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  const holdings = query.data ?? [];
  if (holdings.length === 0) return <EmptyState kind="noData" message={t('spot.noHoldings')} />;
  return (
    <ul className="timing-list timing-list--page" data-testid="spot-holdings">
      {holdings.map((holding) => (
        <li key={holding.vcId}>
          <HoldingCard
            holding={holding}
            price={prices.get(holding.vcId) ?? holding.price}
            settleSymbol={SETTLEMENT_SYMBOL}
            onSell={() => onSell(holding)}
          />
        </li>
      ))}
    </ul>
  );
}

type HistoryQuery = ReturnType<typeof useSpotOrders>;

/** Below the history: the trigger of the next page, its failure, or "no more data". */
function HistoryFooter({ query }: { query: HistoryQuery }) {
  const pages = query.data?.pages.length ?? 0;
  if (query.isFetchNextPageError) {
    return <EmptyState kind="loadFailed" onRetry={() => void query.fetchNextPage()} />;
  }
  if (!query.hasNextPage) return <EmptyState kind="noMoreData" />;
  return (
    <>
      <NextPageTrigger
        testId="spot-next-page"
        key={pages}
        onVisible={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      />
      <div className="timing-orders__loading">{query.isFetchingNextPage ? <Spinner size="sm" /> : null}</div>
    </>
  );
}

/** Filled and cancelled orders, newest first, one page at a time; a tap opens the receipt. */
function HistoryList({
  query,
  renderOrder,
}: {
  query: HistoryQuery;
  renderOrder(order: SpotOrder): ReactNode;
}) {
  const orders = spotOrdersOf(query.data);
  if (query.isPending) return <SkeletonCards />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (orders.length === 0) return <EmptyState kind="noData" />;
  return (
    <>
      <ul className="timing-list timing-list--page" data-testid="spot-history">
        {orders.map((order) => (
          <li key={order.id}>{renderOrder(order)}</li>
        ))}
      </ul>
      <HistoryFooter query={query} />
    </>
  );
}

/**
 * /spot-holding: the user's spot holdings and the history of their spot orders. A holding shows
 * its quantity, average cost, and its value and unrealized profit at the live price, and can be
 * sold from a sheet; the history scrolls page by page, and a tap opens an order's fill receipt.
 * Both refresh by a pull; holdings are asked for every 3 s while shown.
 */
export default function SpotHoldingPage() {
  const [tab, setTab] = useState<HoldingTab>('holding');
  const holdings = useSpotHoldings();
  const history = useSpotOrders('history', null);
  const prices = useLivePrices();
  const detail = useOpenedOrder();
  // The holding stays after closing, so the sheet slides away with its content.
  const [selling, setSelling] = useState<SpotHolding | null>(null);
  const [sellOpen, setSellOpen] = useState(false);
  const sell = (holding: SpotHolding) => {
    setSelling(holding);
    setSellOpen(true);
  };
  return (
    <div className="timing-orders spot-holdings-page" data-testid="spot-holding-page">
      <PageTabs tabs={TABS} value={tab} onChange={setTab} testId="spot-tab" />
      <PullToRefresh onRefresh={() => (tab === 'holding' ? holdings.refetch() : history.refetch())}>
        {tab === 'holding' ? (
          <HoldingList query={holdings} prices={prices} onSell={sell} />
        ) : (
          <HistoryList
            query={history}
            renderOrder={(order) => <SpotOrderCard order={order} onOpen={() => detail.open(order)} />}
          />
        )}
      </PullToRefresh>
      <SpotSellSheet
        holding={selling}
        open={sellOpen}
        price={selling ? prices.get(selling.vcId) : undefined}
        onClose={() => setSellOpen(false)}
      />
      <SpotOrderDetail order={detail.opened} open={detail.detailOpen} onClose={detail.close} />
    </div>
  );
}
