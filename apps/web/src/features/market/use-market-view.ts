import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  nextSort,
  parseMarketTab,
  sortOnTab,
  type MarketTab,
  type SortKey,
  type SortState,
} from './market-list-logic.ts';

/**
 * How the user is looking at the market list: the tab (kept in the address, so going back returns
 * to it), the search text and the column sort (kept only while the page is open; opening the volume
 * tab clears it, see `sortOnTab`).
 */
export function useMarketView() {
  const [params, setParams] = useSearchParams();
  const tab = parseMarketTab(params.get('tab'));
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>(null);
  return {
    tab,
    showTab: (key: MarketTab) => {
      setSort((current) => sortOnTab(key, current));
      setParams({ tab: key }, { replace: true });
    },
    query,
    setQuery,
    sort,
    sortBy: (key: SortKey) => setSort((current) => nextSort(current, key)),
  };
}
