import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { FinanceOrder } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageTabs } from '../../components/page-tabs.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { financeOrdersOf, useFinanceOrders, useRedeemFinance, type FinanceScope } from './finance-api.ts';
import { HistoryOrderCard, HoldingOrderCard } from './finance-order-card.tsx';
import { FinanceOrderDetail, RedeemConfirm } from './finance-order-sheets.tsx';
import { ListFooter, SkeletonCards } from './finance-parts.tsx';
import { useNow } from './use-now.ts';
import './finance.css';

const TABS: { key: FinanceScope; label: MessageKey }[] = [
  { key: 'holding', label: 'finance.tab.holding' },
  { key: 'history', label: 'timing.tab.history' },
];

/** An order chosen for a sheet; it stays after closing, so the sheet slides away with its content. */
function useChosenOrder() {
  const [order, setOrder] = useState<FinanceOrder | null>(null);
  const [open, setOpen] = useState(false);
  return {
    order,
    open,
    choose: (chosen: FinanceOrder) => {
      setOrder(chosen);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

/** No orders yet: with no holding, the way to the products, as the empty list's next step. */
function NoOrders({ scope }: { scope: FinanceScope }) {
  const t = useT();
  return (
    <>
      <EmptyState kind="noData" />
      {scope === 'holding' ? (
        <Link to="/all-finance" className="finance-empty-link" data-testid="finance-browse-products">
          {t('finance.products')}
        </Link>
      ) : null}
    </>
  );
}

/** One scope's orders, page after page, or what stands in for them. */
function OrderList({
  query,
  scope,
  renderOrder,
}: {
  query: ReturnType<typeof useFinanceOrders>;
  scope: FinanceScope;
  renderOrder(order: FinanceOrder): ReactNode;
}) {
  const orders = financeOrdersOf(query.data);
  if (query.isPending) return <SkeletonCards testId="finance-orders-skeleton" />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (orders.length === 0) return <NoOrders scope={scope} />;
  return (
    <>
      <ul className="finance-list" data-testid={`finance-${scope}`}>
        {orders.map((order) => (
          <li key={order.id}>{renderOrder(order)}</li>
        ))}
      </ul>
      <ListFooter query={query} testId={`finance-${scope}-next-page`} />
    </>
  );
}

/**
 * /finance-orders: the user's holding orders and the history of ended ones, each scrolled page by
 * page and refreshed by a pull. A holding order counts down to its end and may be redeemed early
 * after a confirmation that shows the fee and the refund; a tap on any order opens its receipt.
 */
export default function FinanceOrdersPage() {
  const [tab, setTab] = useState<FinanceScope>('holding');
  const holding = useFinanceOrders('holding');
  const history = useFinanceOrders('history');
  const now = useNow();
  const detail = useChosenOrder();
  const redeeming = useChosenOrder();
  const redeem = useRedeemFinance();
  const confirmRedeem = () => {
    redeeming.close();
    if (redeeming.order && !redeem.isPending) redeem.mutate(redeeming.order.id);
  };
  const query = tab === 'holding' ? holding : history;
  return (
    <div className="finance" data-testid="finance-orders-page">
      <PageTabs tabs={TABS} value={tab} onChange={setTab} testId="finance-tab" />
      <PullToRefresh onRefresh={() => query.refetch()}>
        <OrderList
          key={tab}
          query={query}
          scope={tab}
          renderOrder={(order) =>
            tab === 'holding' ? (
              <HoldingOrderCard
                order={order}
                now={now}
                onOpen={() => detail.choose(order)}
                onRedeem={() => redeeming.choose(order)}
              />
            ) : (
              <HistoryOrderCard order={order} onOpen={() => detail.choose(order)} />
            )
          }
        />
      </PullToRefresh>
      <RedeemConfirm
        order={redeeming.order}
        open={redeeming.open}
        onConfirm={confirmRedeem}
        onCancel={redeeming.close}
      />
      <FinanceOrderDetail order={detail.order} open={detail.open} onClose={detail.close} />
    </div>
  );
}
