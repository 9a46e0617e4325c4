import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UserOutline } from 'antd-mobile-icons';
import type { MessageKey } from '@vela/i18n';
import { PageTabs } from '../../components/page-tabs.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { isNotAgentError, useTeamMember, useTeamTimingOrders } from './team-api.ts';
import { firstPageOf, isolateName, memberIdFrom, rowsOf, type TeamTimingScope } from './team-logic.ts';
import { AgentsOnly, EmptyList, PagedList } from './team-parts.tsx';
import { TeamOrderCard, TimingSums } from './team-timing-parts.tsx';

const TABS: { key: TeamTimingScope; label: MessageKey }[] = [
  { key: 'open', label: 'team.timing.tab.open' },
  { key: 'settled', label: 'team.timing.tab.settled' },
];

/**
 * Whose orders these are when the address names a member: read from the server, so the name is the
 * member's even before any order is listed, and a member who is not in the team is said to be so.
 */
function MemberFilter({ memberId }: { memberId: number }) {
  const t = useT();
  const member = useTeamMember(memberId);
  let text: string;
  if (member.data) text = t('team.timing.ofMember', { username: isolateName(member.data.username) });
  else if (member.isError) text = errorMessage(member.error);
  else text = t('common.loading');
  return (
    <div className="team-filter" data-testid="member-filter" data-member-id={memberId}>
      <UserOutline className="team-filter__icon" aria-hidden />
      <span
        className="team-filter__text"
        data-testid="member-filter-text"
        role={member.isError ? 'alert' : undefined}
      >
        {text}
      </span>
      <Link to="/team-timing" replace className="team-filter__clear" data-testid="member-filter-clear">
        {t('team.timing.wholeTeam')}
      </Link>
    </div>
  );
}

/** The team's timed orders of the chosen tab, with their sums, page after page. */
function TeamTimingView({ memberId }: { memberId: number | null }) {
  const t = useT();
  const [scope, setScope] = useState<TeamTimingScope>('open');
  const query = useTeamTimingOrders(scope, memberId);
  if (isNotAgentError(query.error)) return <AgentsOnly testId="team-timing-page" />;
  const emptyKey = scope === 'open' ? 'team.timing.empty.open' : 'team.timing.empty.settled';
  return (
    <div className="team team--tabbed" data-testid="team-timing-page">
      <PageTabs tabs={TABS} value={scope} onChange={setScope} testId="timing-tab" />
      <PullToRefresh onRefresh={() => query.refetch()}>
        {memberId !== null ? <MemberFilter memberId={memberId} /> : null}
        <TimingSums scope={scope} sums={firstPageOf(query.data)?.sums ?? null} pending={query.isPending} />
        <PagedList
          key={scope}
          query={query}
          items={rowsOf(query.data)}
          testId="team-orders"
          empty={<EmptyList message={t(emptyKey)} />}
          renderItem={(order) => <TeamOrderCard order={order} />}
        />
      </PullToRefresh>
    </div>
  );
}

/**
 * /team-timing: the timed trades of everyone below the agent, open or settled, with the sums of the
 * whole tab per settlement currency. With `?memberId=` (from a member's detail) it shows that
 * member's orders only and says whose they are, with the way back to the whole team. A member (not
 * an agent) is told what the page is for instead.
 */
export default function TeamTimingPage() {
  const isAgent = useSession((s) => Boolean(s.user?.isAgent));
  const [params] = useSearchParams();
  const memberId = memberIdFrom(params.get('memberId'));
  if (!isAgent) return <AgentsOnly testId="team-timing-page" />;
  // Keyed by the member, so switching between a member and the whole team starts on the first tab.
  return <TeamTimingView key={memberId ?? 'team'} memberId={memberId} />;
}
