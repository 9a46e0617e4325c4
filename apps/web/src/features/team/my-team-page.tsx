import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CloseCircleFill,
  GiftOutline,
  HistogramOutline,
  RightOutline,
  SearchOutline,
} from 'antd-mobile-icons';
import type { TeamMember } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { PageTabs } from '../../components/page-tabs.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { leadsToBuiltScreen } from '../../config/built-routes.ts';
import { titleKeyOf } from '../../config/route-meta.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { isNotAgentError, useTeamMembers } from './team-api.ts';
import { useChosen, useDebouncedValue } from './team-hooks.ts';
import {
  firstPageOf,
  isolateName,
  KEYWORD_MAX_LENGTH,
  rowsOf,
  searchKeyword,
  SEARCH_DEBOUNCE_MS,
  type TeamScope,
} from './team-logic.ts';
import { MemberCard } from './team-member-card.tsx';
import { MemberDetailSheet } from './team-member-sheet.tsx';
import { AgentsOnly, EmptyList, PagedList } from './team-parts.tsx';

const TABS: { key: TeamScope; label: MessageKey }[] = [
  { key: 'all', label: 'team.tab.all' },
  { key: 'direct', label: 'team.tab.direct' },
];

const ADD_USER_PATH = '/add-user';

type MembersQuery = ReturnType<typeof useTeamMembers>;

/** One head count of the summary; a placeholder line until the first page has answered. */
function HeadCount({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="team-summary__figure">
      <span className="team-summary__value" data-testid={testId}>
        {value === undefined ? (
          <span className="skeleton-line team-summary__skeleton" />
        ) : (
          <bdi className="num">{value}</bdi>
        )}
      </span>
      <span className="team-summary__label">{label}</span>
    </div>
  );
}

/** A way from the summary to another team screen, named by that screen's title. */
function SummaryLink({ to, icon, testId }: { to: string; icon: ReactNode; testId: string }) {
  const t = useT();
  return (
    <Link to={to} className="team-summary__link" data-testid={testId}>
      <span className="team-summary__link-icon" aria-hidden>
        {icon}
      </span>
      <span className="team-summary__link-text">{t(titleKeyOf(to))}</span>
      <RightOutline className="team-chevron" aria-hidden />
    </Link>
  );
}

/** The team in three figures (everyone below, the direct members, who is online), and the ways on. */
function TeamSummary({ query }: { query: MembersQuery }) {
  const t = useT();
  const first = firstPageOf(query.data);
  return (
    <section className="team-summary" aria-label={t('route.myTeam')} data-testid="team-summary">
      <div className="team-summary__figures">
        <HeadCount label={t('team.summary.teamCount')} value={first?.teamCount} testId="summary-team-count" />
        <HeadCount
          label={t('team.summary.directCount')}
          value={first?.directCount}
          testId="summary-direct-count"
        />
        <HeadCount label={t('team.summary.online')} value={first?.teamOnline} testId="summary-online" />
      </div>
      <div className="team-summary__links">
        <SummaryLink to="/team-timing" icon={<HistogramOutline />} testId="team-timing-link" />
        <SummaryLink to="/rebates" icon={<GiftOutline />} testId="rebates-link" />
      </div>
    </section>
  );
}

/** The username search: a plain search field with a clear button once something is typed. */
function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const t = useT();
  return (
    <div className="team-search">
      <SearchOutline className="team-search__icon" aria-hidden />
      <input
        type="search"
        className="team-search__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('team.search.placeholder')}
        aria-label={t('team.search.placeholder')}
        maxLength={KEYWORD_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        data-testid="team-search"
      />
      {value ? (
        <button
          type="button"
          className="team-search__clear"
          onClick={() => onChange('')}
          aria-label={t('team.search.clear')}
          data-testid="team-search-clear"
        >
          <CloseCircleFill aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

/** Nothing to list: says why (no match, no direct members, no team yet) and, when built, how to add one. */
function NoMembers({ scope, keyword }: { scope: TeamScope; keyword: string }) {
  const t = useT();
  if (keyword) return <EmptyList message={t('team.empty.search', { keyword: isolateName(keyword) })} />;
  return (
    <EmptyList message={t(scope === 'direct' ? 'team.empty.direct' : 'team.empty.all')}>
      {leadsToBuiltScreen(ADD_USER_PATH) ? (
        <Link to={ADD_USER_PATH} className="team-empty__link" data-testid="team-add-user">
          {t(titleKeyOf(ADD_USER_PATH))}
        </Link>
      ) : null}
    </EmptyList>
  );
}

/** The agent's team: the summary, the tabs and the search, and the members page after page. */
function TeamView() {
  const [scope, setScope] = useState<TeamScope>('all');
  const [typed, setTyped] = useState('');
  // Clearing the field shows the whole list at once; a new keyword waits for a pause in typing.
  const debounced = useDebouncedValue(searchKeyword(typed), SEARCH_DEBOUNCE_MS);
  const keyword = searchKeyword(typed) === '' ? '' : debounced;
  const query = useTeamMembers(scope, keyword);
  const chosen = useChosen<TeamMember>();
  if (isNotAgentError(query.error)) return <AgentsOnly testId="my-team-page" />;
  return (
    <div className="team" data-testid="my-team-page">
      <PullToRefresh onRefresh={() => query.refetch()}>
        <TeamSummary query={query} />
        <div className="team-toolbar">
          <PageTabs tabs={TABS} value={scope} onChange={setScope} testId="team-tab" />
          <SearchBox value={typed} onChange={setTyped} />
        </div>
        <div className="team-body" aria-busy={query.isPlaceholderData}>
          <PagedList
            query={query}
            items={rowsOf(query.data)}
            testId="team-members"
            empty={<NoMembers scope={scope} keyword={keyword} />}
            renderItem={(member) => <MemberCard member={member} onOpen={() => chosen.choose(member)} />}
          />
        </div>
      </PullToRefresh>
      <MemberDetailSheet member={chosen.item} open={chosen.open} onClose={chosen.close} />
    </div>
  );
}

/**
 * /my-team: an agent's team. The summary counts everyone below the agent, the direct members and
 * who is online, and leads to the team's timed trades and the agent's rebates; the list shows all
 * members or the direct ones, searched by username on the server, scrolled page by page and
 * refreshed by a pull. A member (not an agent) is told what the page is for instead.
 */
export default function MyTeamPage() {
  const isAgent = useSession((s) => Boolean(s.user?.isAgent));
  return isAgent ? <TeamView /> : <AgentsOnly testId="my-team-page" />;
}
