import type { Bill } from '@vela/contract';
import { EmptyState } from '../../components/empty-state.tsx';
import { NextPageTrigger } from '../../components/next-page-trigger.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { billLine } from './bill-lines-logic.ts';
import type { useBills } from './wallet-api.ts';

type BillsQuery = ReturnType<typeof useBills>;

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
 * Below the last line: a retry when the next page failed, the trigger that reads the next page as
 * it scrolls into view (with a spinner while it loads), or the end of the list.
 */
function ListEnd({ bills }: { bills: BillsQuery }) {
  const pages = bills.data?.pages.length ?? 0;
  if (bills.isFetchNextPageError) {
    return <EmptyState kind="loadFailed" onRetry={() => void bills.fetchNextPage()} />;
  }
  if (!bills.hasNextPage) return <EmptyState kind="noMoreData" />;
  return (
    <>
      <NextPageTrigger
        testId="bills-next-page"
        // Re-created for every page, so a page too short to fill the screen is followed by the next.
        key={pages}
        onVisible={() => {
          if (!bills.isFetchingNextPage) void bills.fetchNextPage();
        }}
      />
      <div className="bills__loading">{bills.isFetchingNextPage ? <Spinner size="sm" /> : null}</div>
    </>
  );
}

/** The bills of every page read so far, or what stands in for them. */
export function BillList({ bills }: { bills: BillsQuery }) {
  const lines = bills.data?.pages.flatMap((page) => page.list) ?? [];
  if (bills.isPending) return <SkeletonLines />;
  if (bills.isError && !bills.data) {
    return <EmptyState kind="loadFailed" onRetry={() => void bills.refetch()} />;
  }
  if (lines.length === 0) return <EmptyState kind="noData" />;
  return (
    <>
      <ul className="bills__list" data-testid="bills-list">
        {lines.map((bill) => (
          <BillLine key={bill.id} bill={bill} />
        ))}
      </ul>
      <ListEnd bills={bills} />
    </>
  );
}
