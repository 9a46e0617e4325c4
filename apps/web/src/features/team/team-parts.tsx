import type { ReactNode } from 'react';
import { TeamOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT } from '../../lib/i18n.ts';
import { ratePercent, shownAmount } from './team-logic.ts';
import './team.css';

/**
 * Pieces the team screens share: an amount with its currency, a rate as a percentage, a moment, a
 * labelled figure, the rows of a sheet, the online badge, the placeholder cards while a list loads,
 * an infinitely scrolled list with its end, and the note a member sees instead of a team.
 */

/** An amount with its currency (as the team screens show it), isolated as one left-to-right figure. */
export function Money({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {shownAmount(amount)} {currency}
    </bdi>
  );
}

/** A rate fraction as a percentage ("0.015" -> "1.5 %"), in the language's way of writing one. */
export function Percent({ rate, testId }: { rate: string; testId?: string }) {
  const t = useT();
  return (
    <bdi className="num" data-testid={testId}>
      {t('team.percent', { value: ratePercent(rate) })}
    </bdi>
  );
}

/** A moment as every screen writes it, or "--" when there is none. */
export function Moment({ ms, testId }: { ms: number | null; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {ms === null ? '--' : formatDateTime(ms)}
    </bdi>
  );
}

/** Online or offline, as a coloured dot and a word, so it never relies on colour alone. */
export function OnlineBadge({ online }: { online: boolean }) {
  const t = useT();
  return (
    <span
      className={`team-online${online ? ' team-online--on' : ''}`}
      data-testid="member-online"
      data-online={online}
    >
      <span className="team-online__dot" aria-hidden />
      {t(online ? 'team.online' : 'team.offline')}
    </span>
  );
}

/** The shape of a list of cards while its first page loads. */
export function SkeletonCards({ testId, count = 3 }: { testId: string; count?: number }) {
  const t = useT();
  return (
    <ul className="team-list" aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="team-card team-card--skeleton">
          <span className="skeleton-line" style={{ width: '45%' }} />
          <span className="skeleton-line" style={{ width: '85%' }} />
          <span className="skeleton-line" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

/** What an infinite query gives its list. */
export interface PagedQuery {
  data?: { pages: unknown[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

/**
 * One list, page after page, or what stands in for it: placeholder cards while the first page
 * loads, a retry when it failed, `empty` when there is nothing, and below the rows the next page or
 * "no more data".
 */
export function PagedList<Item extends { id: number }>({
  query,
  items,
  testId,
  empty,
  renderItem,
}: {
  query: PagedQuery;
  items: readonly Item[];
  testId: string;
  empty: ReactNode;
  renderItem(item: Item): ReactNode;
}) {
  if (query.isPending) return <SkeletonCards testId={`${testId}-skeleton`} />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="team-list" data-testid={testId}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <ListFooter query={query} testId={`${testId}-next-page`} />
    </>
  );
}

/** An empty list's message, with an optional next step below it. */
export function EmptyList({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="team-empty">
      <EmptyState kind="noData" message={message} />
      {children}
    </div>
  );
}

/**
 * What a member (not an agent) sees on a team page: what the page is for and why there is nothing,
 * instead of a failure or an empty list that would suggest the team is simply empty.
 */
export function AgentsOnly({ testId }: { testId: string }) {
  const t = useT();
  return (
    <div className="team team-agents-only" data-testid={testId}>
      <div className="team-note" role="note" data-testid="team-agents-only">
        <TeamOutline className="team-note__icon" aria-hidden />
        <h2 className="team-note__title">{t('team.agentsOnly.title')}</h2>
        <p className="team-note__text">{t('team.agentsOnly.text')}</p>
      </div>
    </div>
  );
}

export { Figure, Rows, type Row } from '../../components/labelled-figures.tsx';
