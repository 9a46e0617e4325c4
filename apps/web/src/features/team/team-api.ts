import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, call } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { TEAM_PAGE_SIZE, type TeamScope, type TeamTimingScope } from './team-logic.ts';

/**
 * The team screens' server data: the agent's members, one member, the team's timed trades and the
 * user's rebates. Every key carries the session token, so one user's team can never show for
 * another, even for the moment before a logout clears the cache; every list is read again on each
 * visit, because members come online and trade all the time.
 */

const teamPageRoute = routes.team.teamPage;
const teamMemberDetailRoute = routes.team.teamMemberDetail;
const teamTimingRoute = routes.team.teamTimingOrders;
const rebateListRoute = routes.team.rebateList;

export const teamKeys = {
  user: (token: string | null) => ['team', token] as const,
  members: (token: string | null, scope: TeamScope, keyword: string) =>
    ['team', token, 'members', scope, keyword] as const,
  member: (token: string | null, id: number) => ['team', token, 'member', id] as const,
  timing: (token: string | null, scope: TeamTimingScope, memberId: number | null) =>
    ['team', token, 'timing', scope, memberId] as const,
  rebates: (token: string | null) => ['team', token, 'rebates'] as const,
};

/** The keyset cursor of the next page, left out of the first request. */
const cursorOf = (pageParam: number | null) => (pageParam !== null ? { cursor: pageParam } : {});

/**
 * The agent's members, newest first, one keyset page at a time, with the team's head counts. While
 * a new keyword is asked for, the previous list stays on screen, so typing never blanks the page.
 */
export function useTeamMembers(scope: TeamScope, keyword: string) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: teamKeys.members(token, scope, keyword),
    queryFn: ({ pageParam, signal }) =>
      call(
        teamPageRoute,
        { scope, limit: TEAM_PAGE_SIZE, ...(keyword ? { keyword } : {}), ...cursorOf(pageParam) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/**
 * One member, read again when its sheet opens, starting from what the list showed (`listed`), or
 * from nothing when only the id is known (the member filter of /team-timing).
 */
export function useTeamMember(
  id: number | null,
  options: { listed?: TeamMember | null; enabled?: boolean } = {},
) {
  const token = useSession((s) => s.token);
  const listed = options.listed ?? undefined;
  return useQuery({
    queryKey: teamKeys.member(token, id ?? 0),
    queryFn: ({ signal }) => call(teamMemberDetailRoute, { id: id ?? 0 }, { signal }),
    enabled: Boolean(token) && id !== null && (options.enabled ?? true),
    staleTime: 0,
    initialData: listed,
    initialDataUpdatedAt: 0,
  });
}

/** The team's timed orders of a scope, optionally one member's, with the sums of the whole scope. */
export function useTeamTimingOrders(scope: TeamTimingScope, memberId: number | null) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: teamKeys.timing(token, scope, memberId),
    queryFn: ({ pageParam, signal }) =>
      call(
        teamTimingRoute,
        {
          scope,
          limit: TEAM_PAGE_SIZE,
          ...(memberId !== null ? { memberId } : {}),
          ...cursorOf(pageParam),
        },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** The rebates paid or due to the user, newest first. */
export function useRebates() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: teamKeys.rebates(token),
    queryFn: ({ pageParam, signal }) =>
      call(rebateListRoute, { limit: TEAM_PAGE_SIZE, ...cursorOf(pageParam) }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/**
 * Whether the server refused because the user is not an agent (an agent demoted since logging in):
 * the screen then says what the team pages are for instead of showing a failure.
 */
export function isNotAgentError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_AGENT';
}
