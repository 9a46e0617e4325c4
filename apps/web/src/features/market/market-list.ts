import type { Ticker } from '@vela/contract';
import { compareDecimal } from '@vela/domain';
import { matchesSearch } from '../../system/market-tickers.ts';

/**
 * The market list of spec point 2 as pure functions: which coins a tab shows, the search, and the
 * column sort.
 */
export const MARKET_TABS = ['favourites', 'all', 'spot', 'volume'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

/** The spot tab shows crypto coins (VcTypeEnum 1). */
export const SPOT_TYPE = 1;

export type SortKey = 'name' | 'price' | 'change';
export type SortDirection = 'asc' | 'desc';
export type SortState = { key: SortKey; direction: SortDirection } | null;

/**
 * Tapping a column header cycles its sort: names go A→Z, then Z→A; figures go largest first, then
 * smallest first; the third tap returns to the tab's own order. Another column starts its own cycle.
 */
export function nextSort(current: SortState, key: SortKey): SortState {
  const first: SortDirection = key === 'name' ? 'asc' : 'desc';
  const second: SortDirection = first === 'asc' ? 'desc' : 'asc';
  if (!current || current.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: second };
  return null;
}

function compareBy(key: SortKey, a: Ticker, b: Ticker): number {
  if (key === 'name') return a.c.localeCompare(b.c, 'en');
  if (key === 'price') return compareDecimal(a.g, b.g);
  return a.changePer - b.changePer;
}

export interface MarketView {
  tab: MarketTab;
  query: string;
  sort: SortState;
  /** Favourite coin ids, in the order they were added. */
  favourites: readonly number[];
}

export function marketRows(tickers: readonly Ticker[], view: MarketView): Ticker[] {
  let rows: Ticker[];
  switch (view.tab) {
    case 'favourites': {
      const byId = new Map(tickers.map((t) => [t.a, t] as const));
      rows = view.favourites.map((id) => byId.get(id)).filter((t): t is Ticker => t !== undefined);
      break;
    }
    case 'spot':
      rows = tickers.filter((t) => t.type === SPOT_TYPE);
      break;
    case 'volume':
      rows = [...tickers].sort((a, b) => compareDecimal(b.turnover, a.turnover) || a.a - b.a);
      break;
    default:
      rows = [...tickers];
  }
  rows = rows.filter((t) => matchesSearch(t, view.query));
  const sort = view.sort;
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    // Array.prototype.sort is stable, so equal figures keep the tab's order.
    rows = [...rows].sort((a, b) => sign * compareBy(sort.key, a, b));
  }
  return rows;
}

export type FavouriteAction =
  { kind: 'login' } | { kind: 'add'; vcId: number } | { kind: 'remove'; vcId: number };

/** What tapping a star does: a visitor is asked to log in; a user adds or removes the coin. */
export function favouriteAction(
  signedIn: boolean,
  favourites: readonly number[],
  vcId: number,
): FavouriteAction {
  if (!signedIn) return { kind: 'login' };
  return favourites.includes(vcId) ? { kind: 'remove', vcId } : { kind: 'add', vcId };
}
