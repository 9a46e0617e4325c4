import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import type { FinanceCycleType } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { EmptyState } from '../../components/empty-state.tsx';
import { NextPageTrigger } from '../../components/next-page-trigger.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { termLabel } from './finance-logic.ts';
import './finance.css';

/**
 * Pieces every finance screen shares: an amount with its currency, a labelled figure, the rows of a
 * sheet, a term, the placeholder cards while a list loads, the end of an infinitely scrolled list,
 * and the entries that lead to another finance screen.
 */

/** An amount with its currency, isolated as one left-to-right figure. */
export function Money({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {amount} {currency}
    </bdi>
  );
}

/** A figure: its label above, its value below. */
export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span className="finance-figure">
      <span className="finance-figure__label">{label}</span>
      <span className="finance-figure__value" data-testid={testId}>
        {children}
      </span>
    </span>
  );
}

export interface Row {
  label: string;
  value: ReactNode;
  testId: string;
}

/** A sheet's list of labelled values. */
export function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="finance-rows">
      {rows.map((row) => (
        <div key={row.testId} className="finance-rows__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A term as the product states it: "7d", "12h", "30min". */
export function TermText({ cycle, cycleType }: { cycle: number; cycleType: FinanceCycleType }) {
  const t = useT();
  const label = termLabel(cycle, cycleType);
  return <bdi className="num">{t(label.key, label.params)}</bdi>;
}

/** The shape of a list of cards while its first page loads. */
export function SkeletonCards({ testId }: { testId: string }) {
  return (
    <ul className="finance-list" aria-busy="true" data-testid={testId}>
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="finance-card finance-card--skeleton">
          <span className="skeleton-line" style={{ width: '45%' }} />
          <span className="skeleton-line" style={{ width: '85%' }} />
          <span className="skeleton-line" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

/** What an infinite query gives the end of its list. */
interface PagedQuery {
  data?: { pages: unknown[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Below a list: a retry when the next page failed, the trigger that reads the next page as it comes
 * into view (with a spinner while it loads), or "no more data".
 */
export function ListFooter({ query, testId }: { query: PagedQuery; testId: string }) {
  const pages = query.data?.pages.length ?? 0;
  if (query.isFetchNextPageError) {
    return <EmptyState kind="loadFailed" onRetry={() => void query.fetchNextPage()} />;
  }
  if (!query.hasNextPage) return <EmptyState kind="noMoreData" />;
  return (
    <>
      <NextPageTrigger
        testId={testId}
        // Re-created for every page, so a page too short to fill the screen is followed by the next.
        key={pages}
        onVisible={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      />
      <div className="finance-loading">{query.isFetchingNextPage ? <Spinner size="sm" /> : null}</div>
    </>
  );
}

/** A way to another finance screen: its title, a line saying what is there, and a chevron. */
export function EntryLink({
  to,
  title,
  hint,
  testId,
}: {
  to: string;
  title: MessageKey;
  hint?: MessageKey;
  testId: string;
}) {
  const t = useT();
  return (
    <Link to={to} className="finance-entry" data-testid={testId}>
      <span className="finance-entry__text">
        <span className="finance-entry__title">{t(title)}</span>
        {hint ? <span className="finance-entry__hint">{t(hint)}</span> : null}
      </span>
      <RightOutline className="finance-chevron" aria-hidden />
    </Link>
  );
}
