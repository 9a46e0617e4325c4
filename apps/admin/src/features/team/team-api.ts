import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BodyOf,
  DataOf,
  adminReportDays,
  adminTeamMemberSave,
  adminTeamMove,
  adminTeamTree,
} from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

// The shapes are named from the endpoint declarations themselves, so every call below is held to
// its declaration even where a route's own type would let anything through.
export type TreePage = DataOf<typeof adminTeamTree>;
export type TreeBody = BodyOf<typeof adminTeamTree>;
export type MemberSaveInput = BodyOf<typeof adminTeamMemberSave>;
export type MoveInput = BodyOf<typeof adminTeamMove>;
export type ReportDaysInput = BodyOf<typeof adminReportDays>;
export type ReportDaysAnswer = DataOf<typeof adminReportDays>;
export type ReportDay = ReportDaysAnswer['days'][number];

/** Every page of the tree, whatever its level: a save or a move reads all of them again. */
export const TEAM_TREE_KEY = ['team-tree'] as const;
export const REPORT_DAYS_KEY = ['report-days'] as const;

/** The number of users asked for per page of a level. */
export const TREE_PAGE = 50;

/**
 * A level of the tree: the users directly below an agent, or the users whose username starts with
 * `query` (the empty query is the top level, the users without an agent).
 */
export type TreeLevel = { parentId: number } | { query: string };

export function levelKey(level: TreeLevel): string {
  return 'parentId' in level ? `below:${level.parentId}` : `search:${level.query}`;
}

function treeBody(level: TreeLevel, before: number | null): TreeBody {
  const where =
    'parentId' in level ? { parentId: level.parentId } : level.query ? { query: level.query } : {};
  return { ...where, limit: TREE_PAGE, ...(before === null ? {} : { before }) };
}

function pageKey(level: TreeLevel, before: number | null) {
  return [...TEAM_TREE_KEY, levelKey(level), before] as const;
}

/** A level on screen with the number of pages the operator has asked for. */
interface LevelRequest {
  level: TreeLevel;
  pages: number;
}

/** What the tree shows: its first level, the agents opened, and the pages asked for per level. */
export interface TreeView {
  root: TreeLevel;
  expanded: ReadonlySet<number>;
  pageCounts: Readonly<Record<string, number>>;
}

/**
 * The cursors of a level's pages, each read from the page before it as the cache holds it now. A
 * page read again after a move or a save may end elsewhere than before; the next page then follows
 * from its new end, so no user falls between two pages.
 */
function pageCursors(queryClient: QueryClient, request: LevelRequest): (number | null)[] {
  const cursors: (number | null)[] = [null];
  while (cursors.length < request.pages) {
    const previous = queryClient.getQueryData<TreePage>(pageKey(request.level, cursors.at(-1) ?? null));
    if (!previous || previous.nextBefore === null) break;
    cursors.push(previous.nextBefore);
  }
  return cursors;
}

/**
 * The levels to read: the first, and below it every opened agent that is on screen, found in what
 * has been read so far. An agent opened and then hidden (its own agent closed, another search) is
 * not read. Each level is visited once, so lists read at different moments around a move cannot
 * lead round in a circle.
 */
function levelsOnScreen(queryClient: QueryClient, view: TreeView): LevelRequest[] {
  const requests: LevelRequest[] = [];
  const queue: TreeLevel[] = [view.root];
  const visited = new Set<string>();
  for (let level = queue.shift(); level; level = queue.shift()) {
    const key = levelKey(level);
    if (visited.has(key)) continue;
    visited.add(key);
    const request = { level, pages: view.pageCounts[key] ?? 1 };
    requests.push(request);
    for (const before of pageCursors(queryClient, request)) {
      const page = queryClient.getQueryData<TreePage>(pageKey(level, before));
      for (const node of page?.list ?? []) {
        if (node.userType === 2 && view.expanded.has(node.id)) queue.push({ parentId: node.id });
      }
    }
  }
  return requests;
}

/**
 * The pages of every level on screen, each with its level's key. Which pages are asked for follows
 * from the pages already read, so each answer draws the screen again with the next ones asked.
 */
export function useTreePages(view: TreeView) {
  const queryClient = useQueryClient();
  const asked = levelsOnScreen(queryClient, view).flatMap((request) =>
    pageCursors(queryClient, request).map((before) => ({ level: request.level, before })),
  );
  const results = useQueries({
    queries: asked.map(({ level, before }) => ({
      queryKey: pageKey(level, before),
      queryFn: () => call(routes.team.adminTeamTree, treeBody(level, before)),
      staleTime: 0,
    })),
  });
  return asked.map((page, index) => ({ key: levelKey(page.level), result: results[index] }));
}

/** Agents whose username starts with `query`, for choosing where a user moves. */
export function useAgentSearch(query: string) {
  return useQuery({
    queryKey: [...TEAM_TREE_KEY, 'agents', query],
    queryFn: async () => {
      const page = await call(routes.team.adminTeamTree, treeBody({ query }, null));
      return page.list.filter((node) => node.userType === 2);
    },
    staleTime: 0,
  });
}

/** Changes a user's type or rates; the server records the values before and after with the reason. */
export function saveTeamMember(input: MemberSaveInput) {
  return call(routes.team.adminTeamMemberSave, input);
}

/** Moves a user, with everyone below them, under another agent. */
export function moveTeamMember(input: MoveInput) {
  return call(routes.team.adminTeamMove, input);
}

/** The platform's figures per day and currency; null while the range is not a valid one. */
export function useReportDays(input: ReportDaysInput | null) {
  return useQuery({
    queryKey: [...REPORT_DAYS_KEY, input],
    queryFn: () => call(routes.team.adminReportDays, input ?? { from: '', to: '', utcOffsetMinutes: 0 }),
    enabled: input !== null,
    staleTime: 0,
  });
}
