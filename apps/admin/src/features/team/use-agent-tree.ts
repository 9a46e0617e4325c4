import { useState } from 'react';
import { levelStates, nodesById, treeRows } from './agent-tree-logic.ts';
import { levelKey, useTreePages, type TreeLevel } from './team-api.ts';

/**
 * The agent tree's state: the search (empty: the top-level users), the agents opened, and how many
 * pages of each level have been asked for; and what follows from them, the table's rows.
 */
export function useAgentTree() {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [pageCounts, setPageCounts] = useState<Readonly<Record<string, number>>>({});
  const root: TreeLevel = { query };
  const rootKey = levelKey(root);
  const pages = useTreePages({ root, expanded, pageCounts });
  const levels = levelStates(pages);

  const toggle = (userId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  const loadMore = (key: string) =>
    setPageCounts((current) => ({ ...current, [key]: (current[key] ?? 1) + 1 }));
  const retry = (key: string) => {
    for (const page of pages) if (page.key === key && page.result?.isError) void page.result.refetch();
  };

  return {
    query,
    search: setQuery,
    rootKey,
    root: levels.get(rootKey),
    rows: treeRows(rootKey, levels, expanded),
    byId: nodesById(levels),
    toggle,
    loadMore,
    retry,
  };
}
