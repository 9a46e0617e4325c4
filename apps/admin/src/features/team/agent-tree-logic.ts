import type { AdminTeamNode } from '@vela/contract';
import { rateAtLeast } from './rate-logic.ts';
import type { TreePage } from './team-api.ts';

/** A level of the tree as the screen draws it, from the pages read of it so far. */
export interface LevelState {
  nodes: AdminTeamNode[];
  /** The first page is still being read. */
  loading: boolean;
  /** A later page is being read. */
  loadingMore: boolean;
  hasMore: boolean;
  error: unknown;
}

/** One page of a level as the query answered it. */
export interface PageResult {
  key: string;
  result: { data?: TreePage; isPending: boolean; error: unknown } | undefined;
}

/**
 * The pages grouped by level. A user is shown once even if, read again after a change, they
 * appear on two pages of the same level.
 */
export function levelStates(pages: readonly PageResult[]): Map<string, LevelState> {
  const levels = new Map<string, LevelState>();
  for (const { key, result } of pages) {
    const level = levels.get(key) ?? {
      nodes: [],
      loading: false,
      loadingMore: false,
      hasMore: false,
      error: null,
    };
    const first = !levels.has(key);
    if (result?.isPending) {
      if (first) level.loading = true;
      else level.loadingMore = true;
    }
    if (result?.error) level.error = result.error;
    if (result?.data) {
      const seen = new Set(level.nodes.map((node) => node.id));
      level.nodes.push(...result.data.list.filter((node) => !seen.has(node.id)));
      level.hasMore = result.data.nextBefore !== null;
    } else if (!first) {
      level.hasMore = false;
    }
    levels.set(key, level);
  }
  return levels;
}

/** A row of the tree table: a user, or the state of an opened agent's list below its last user. */
export type TreeRow =
  | { kind: 'user'; key: string; depth: number; node: AdminTeamNode; expanded: boolean }
  | {
      kind: 'status';
      key: string;
      depth: number;
      levelKey: string;
      state: LevelState;
      parent: AdminTeamNode;
    };

/**
 * The table's rows: the users of the first level and, below each opened agent, its direct members
 * one step further in, down to any depth; after an opened agent's members, a row for what is left
 * of its list (more to load, still loading, nothing there, or an error).
 */
export function treeRows(
  rootKey: string,
  levels: ReadonlyMap<string, LevelState>,
  expanded: ReadonlySet<number>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (key: string, depth: number, parent: AdminTeamNode | null) => {
    const level = levels.get(key);
    if (!level) return;
    for (const node of level.nodes) {
      const open = expanded.has(node.id) && node.userType === 2;
      rows.push({ kind: 'user', key: `user-${node.id}`, depth, node, expanded: open });
      if (open) visit(`below:${node.id}`, depth + 1, node);
    }
    const unsettled = level.loading || level.loadingMore || level.hasMore || level.error !== null;
    if (parent && (unsettled || level.nodes.length === 0)) {
      rows.push({ kind: 'status', key: `status-${key}`, depth, levelKey: key, state: level, parent });
    }
  };
  visit(rootKey, 0, null);
  return rows;
}

/** Every user read so far, by id: an edited user's agent is found here when it has been read. */
export function nodesById(levels: ReadonlyMap<string, LevelState>): Map<number, AdminTeamNode> {
  const byId = new Map<number, AdminTeamNode>();
  for (const level of levels.values()) for (const node of level.nodes) byId.set(node.id, node);
  return byId;
}

/** "agent01 › teamA › user": the path from the top down to the user. */
export function pathText(node: AdminTeamNode): string {
  return [...node.path, node.username].join(' › ');
}

/**
 * Why an agent cannot take a user, or null when it can. The server decides (MOVE_INVALID); the
 * form says the same beforehand so the operator picks among the agents that can.
 */
export function moveProblem(user: AdminTeamNode, agent: AdminTeamNode): string | null {
  if (agent.userType !== 2) return 'not an agent';
  if (agent.id === user.id || agent.path.includes(user.username)) return "inside the user's own team";
  if (agent.id === user.parentId) return 'the current agent';
  if (
    !rateAtLeast(agent.pointPercentTiming, user.pointPercentTiming) ||
    !rateAtLeast(agent.pointPercentContract, user.pointPercentContract)
  ) {
    return "rates below the user's";
  }
  return null;
}
