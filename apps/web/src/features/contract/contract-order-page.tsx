import { useState, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContractClose, ContractOrder } from '@vela/contract';
import { SETTLEMENT_SYMBOL } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { PageTabs } from '../../components/page-tabs.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import {
  rowsOf,
  useContractAccount,
  useContractCloses,
  useContractOrders,
  useContractTerms,
} from './contract-api.ts';
import { useCancelWithConfirm, useOpened } from './contract-open-orders.tsx';
import { PositionsView, SkeletonCards, useLivePrices } from './contract-positions.tsx';
import { CloseCard, CloseDetail, OrderCard, OrderDetail } from './contract-records.tsx';
import './contract.css';

type OrderTab = 'positions' | 'open' | 'history';
type HistoryView = 'closes' | 'orders';

const TABS: { key: OrderTab; label: MessageKey }[] = [
  { key: 'positions', label: 'contract.positions' },
  { key: 'open', label: 'timing.openOrders' },
  { key: 'history', label: 'timing.tab.history' },
];

const HISTORY_VIEWS: { key: HistoryView; label: MessageKey }[] = [
  { key: 'closes', label: 'contract.history.closes' },
  { key: 'orders', label: 'contract.history.orders' },
];

type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<{ list: T[]; nextCursor: number | null }>>;

/** A list one page at a time, with its skeleton, its failure and its empty state. */
function PagedList<T extends { id: number }>({
  query,
  testId,
  empty,
  render,
}: {
  query: PagedQuery<T>;
  testId: string;
  empty?: string;
  render(item: T): ReactNode;
}) {
  const rows = rowsOf(query.data);
  if (query.isPending) return <SkeletonCards testId={`${testId}-skeleton`} />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <EmptyState kind="noData" message={empty} />;
  return (
    <>
      <ul className="contract-list contract-list--page" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id}>{render(row)}</li>
        ))}
      </ul>
      <ListFooter query={query} testId={`${testId}-next-page`} />
    </>
  );
}

/** The segmented choice inside History: the close receipts, or the orders that ended. */
function HistorySwitch({ view, onView }: { view: HistoryView; onView(view: HistoryView): void }) {
  const t = useT();
  return (
    <div className="contract-segments" role="radiogroup" aria-label={t('timing.tab.history')}>
      {HISTORY_VIEWS.map((item) => (
        <button
          key={item.key}
          type="button"
          role="radio"
          aria-checked={view === item.key}
          className={`contract-segment${view === item.key ? ' contract-segment--on' : ''}`}
          onClick={() => onView(item.key)}
          data-testid={`contract-history-${item.key}`}
        >
          {t(item.label)}
        </button>
      ))}
    </div>
  );
}

/** Every list of the page, each asked for only while its tab (or view) is shown. */
function usePageQueries(tab: OrderTab, view: HistoryView) {
  return {
    account: useContractAccount(),
    open: useContractOrders('open', tab === 'open'),
    history: useContractOrders('history', tab === 'history' && view === 'orders'),
    closes: useContractCloses(tab === 'history' && view === 'closes'),
  };
}

/**
 * /contract-trade-order: the positions (with the account's figures, the targets and closes), the
 * open orders with their cancel buttons, and the history: close receipts or ended orders. Lists
 * scroll page by page and refresh by a pull; a tap opens a record's receipt.
 */
export default function ContractOrderPage() {
  const t = useT();
  const [tab, setTab] = useState<OrderTab>('positions');
  const [view, setView] = useState<HistoryView>('closes');
  const queries = usePageQueries(tab, view);
  const terms = useContractTerms();
  const prices = useLivePrices();
  const orderSheet = useOpened<ContractOrder>();
  const closeSheet = useOpened<ContractClose>();
  const cancel = useCancelWithConfirm();
  const settle = queries.account.data?.settleSymbol ?? SETTLEMENT_SYMBOL;
  const refresh = () => {
    if (tab === 'positions') return queries.account.refetch();
    if (tab === 'open') return queries.open.refetch();
    return view === 'closes' ? queries.closes.refetch() : queries.history.refetch();
  };
  const orderCard = (order: ContractOrder, cancellable: boolean) => (
    <OrderCard
      order={order}
      settleSymbol={settle}
      onOpen={() => orderSheet.open(order)}
      onCancel={cancellable ? () => void cancel(order) : undefined}
    />
  );
  return (
    <div className="contract-orders-page" data-testid="contract-order-page">
      <PageTabs tabs={TABS} value={tab} onChange={setTab} testId="contract-tab" />
      {tab === 'history' ? <HistorySwitch view={view} onView={setView} /> : null}
      <PullToRefresh onRefresh={refresh}>
        {tab === 'positions' ? (
          <PositionsView query={queries.account} terms={terms.data?.list} prices={prices} />
        ) : null}
        {tab === 'open' ? (
          <PagedList
            query={queries.open}
            testId="contract-open-list"
            empty={t('timing.noOpenOrders')}
            render={(o) => orderCard(o, true)}
          />
        ) : null}
        {tab === 'history' && view === 'orders' ? (
          <PagedList
            query={queries.history}
            testId="contract-history-orders"
            render={(o) => orderCard(o, false)}
          />
        ) : null}
        {tab === 'history' && view === 'closes' ? (
          <PagedList
            query={queries.closes}
            testId="contract-history-closes"
            empty={t('contract.noCloses')}
            render={(c) => <CloseCard close={c} settleSymbol={settle} onOpen={() => closeSheet.open(c)} />}
          />
        ) : null}
      </PullToRefresh>
      <OrderDetail
        order={orderSheet.opened}
        open={orderSheet.isOpen}
        settleSymbol={settle}
        onClose={orderSheet.close}
      />
      <CloseDetail
        close={closeSheet.opened}
        open={closeSheet.isOpen}
        settleSymbol={settle}
        onClose={closeSheet.close}
      />
    </div>
  );
}
