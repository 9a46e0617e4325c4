import type { Ticker } from '@vela/contract';
import { compareDecimal } from '@vela/domain';
import { matchesSearch } from '../../system/market-tickers-logic.ts';

/**
 * The market list as pure functions: which coins a tab shows, the search, and the
 * column sort.
 */
export const MARKET_TABS = ['favourites', 'all', 'spot', 'volume'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

/** The spot tab shows crypto coins (VcTypeEnum 1). */
export const SPOT_TYPE = 1;

/** The tab a `?tab=` value names; a missing or unknown one opens "all". */
export function parseMarketTab(param: string | null): MarketTab {
  return (MARKET_TABS as readonly string[]).includes(param ?? '') ? (param as MarketTab) : 'all';
}

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

/**
 * The sort that stays when the user opens a tab: the 24-hour volume tab is a ranking, so it shows
 * the largest turnover first whatever column was sorted before; the other tabs keep the sort.
 */
export function sortOnTab(tab: MarketTab, sort: SortState): SortState {
  return tab === 'volume' ? null : sort;
}

/** A column header's `aria-sort`, from the direction it sorts in, if it sorts. */
export function ariaSort(direction: SortDirection | null): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
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

/** What the list area of the market page shows instead of, or as, its rows. */
export type MarketListState = 'loading' | 'failed' | 'login' | 'noFavourites' | 'empty' | 'rows';

/**
 * What the list area shows, in order of precedence: placeholders while the prices load, a retry
 * when they failed and nothing is cached, an invitation to log in on the favourites tab, the empty
 * favourites (unless the user is searching them), no match (or nothing at all), else the rows.
 */
export function marketListState(facts: {
  pending: boolean;
  failed: boolean;
  tab: MarketTab;
  signedIn: boolean;
  favouriteCount: number;
  query: string;
  rowCount: number;
}): MarketListState {
  if (facts.pending) return 'loading';
  if (facts.failed) return 'failed';
  if (facts.tab === 'favourites' && !facts.signedIn) return 'login';
  if (facts.tab === 'favourites' && facts.favouriteCount === 0 && !facts.query) return 'noFavourites';
  if (facts.rowCount === 0) return 'empty';
  return 'rows';
}
