import { useState, type ReactNode } from 'react';
import { FilterOutline } from 'antd-mobile-icons';
import type { Bill } from '@vela/contract';
import { EmptyState } from '../../components/empty-state.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { BillFilterPopup } from './bill-filter-popup.tsx';
import { EMPTY_FILTER, isFiltered, type BillFilter } from './bill-filter.ts';
import { BILL_TYPE_TITLES, billLine } from './bill-lines.ts';
import { useOverviewQuery } from '../../system/wallet-overview.ts';
import { useBills } from './wallet-queries.ts';
import './wallet.css';
import { NextPageTrigger } from '../../components/next-page-trigger.tsx';

function BillLine({ bill }: { bill: Bill }) {
  const t = useT();
  const line = billLine(bill, t);
  return (
    <li className="bill" data-testid="bill-line" data-type={bill.type} data-account={bill.account}>
      <div className="bill__row">
        <span className="bill__title">{line.title}</span>
        <span className={`bill__amount num ${line.tone}`} data-testid="bill-amount">
          {line.amount}
        </span>
      </div>
      <div className="bill__row bill__row--meta">
        <span className="bill__what">
          <span className="bill__account">{line.account}</span>
          {line.reference ? <span data-testid="bill-reference"> · {line.reference}</span> : null}
        </span>
        <span className="bill__balance" data-testid="bill-balance">
          {line.balance}
        </span>
      </div>
      <div className="bill__row bill__row--meta">
        <span className="bill__memo" data-testid="bill-memo">
          {line.memo ?? ''}
        </span>
        <time className="bill__time num" dateTime={new Date(bill.createdAt).toISOString()}>
          {line.time}
        </time>
      </div>
    </li>
  );
}

function SkeletonLines() {
  return (
    <ul className="bills__list" aria-busy="true" data-testid="bills-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="bill bill--skeleton">
          <span className="skeleton-line" style={{ width: '55%' }} />
          <span className="skeleton-line" style={{ width: '80%' }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /user-bills: every posting of the user's own accounts, newest first, filtered by type, currency
 * and days, one keyset page after another as the list scrolls.
 */
export default function BillsPage() {
  const t = useT();
  const [filter, setFilter] = useState<BillFilter>(EMPTY_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const bills = useBills(filter);
  // The currencies the filter offers are the wallet's; the overview is usually cached already.
  const overview = useOverviewQuery();
  const currencies = overview.data?.currencies ?? [];
  const lines = bills.data?.pages.flatMap((page) => page.list) ?? [];
  const pages = bills.data?.pages.length ?? 0;

  const summary: string[] = [];
  if (filter.types.length > 0) summary.push(filter.types.map((type) => t(BILL_TYPE_TITLES[type])).join(', '));
  const symbol = currencies.find((c) => c.vcId === filter.vcId)?.symbol;
  if (symbol) summary.push(symbol);
  if (filter.startDate && filter.endDate) summary.push(`${filter.startDate} – ${filter.endDate}`);

  let body: ReactNode;
  if (bills.isPending) body = <SkeletonLines />;
  else if (bills.isError && !bills.data) {
    body = <EmptyState kind="loadFailed" onRetry={() => void bills.refetch()} />;
  } else if (lines.length === 0) body = <EmptyState kind="noData" />;
  else {
    let footer: ReactNode;
    if (bills.isFetchNextPageError) {
      footer = <EmptyState kind="loadFailed" onRetry={() => void bills.fetchNextPage()} />;
    } else if (bills.hasNextPage) {
      footer = (
        <>
          <NextPageTrigger
            testId="bills-next-page"
            key={pages}
            onVisible={() => {
              if (!bills.isFetchingNextPage) void bills.fetchNextPage();
            }}
          />
          <div className="bills__loading">{bills.isFetchingNextPage ? <Spinner size="sm" /> : null}</div>
        </>
      );
    } else footer = <EmptyState kind="noMoreData" />;
    body = (
      <>
        <ul className="bills__list" data-testid="bills-list">
          {lines.map((bill) => (
            <BillLine key={bill.id} bill={bill} />
          ))}
        </ul>
        {footer}
      </>
    );
  }

  return (
    <div className="bills">
      <div className="bills__bar">
        <div className="bills__summary" data-testid="bills-summary">
          {summary.length > 0 ? (
            summary.map((text) => (
              <span key={text} className="bill-chip bill-chip--on bill-chip--static">
                {text}
              </span>
            ))
          ) : (
            <span className="muted">{t('bills.all')}</span>
          )}
        </div>
        <button
          type="button"
          className={`bills__filter${isFiltered(filter) ? ' bills__filter--on' : ''}`}
          onClick={() => setFilterOpen(true)}
          data-testid="bills-filter-open"
        >
          <FilterOutline aria-hidden />
          <span>{t('bills.filters')}</span>
        </button>
      </div>
      <PullToRefresh onRefresh={() => bills.refetch()}>{body}</PullToRefresh>
      <BillFilterPopup
        open={filterOpen}
        value={filter}
        currencies={currencies}
        onApply={(next) => {
          setFilter(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
    </div>
  );
}
