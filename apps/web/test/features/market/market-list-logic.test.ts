import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  favouriteAction,
  marketListState,
  marketRows,
  type MarketView,
  nextSort,
  parseMarketTab,
  sortOnTab,
} from '../../../src/features/market/market-list-logic.ts';
import { MARKET } from '../../support/market-fixtures.ts';

const view = (overrides: Partial<MarketView> = {}): MarketView => ({
  tab: 'all',
  query: '',
  sort: null,
  favourites: [],
  ...overrides,
});
const symbols = (list: { c: string }[]) => list.map((t) => t.c);

describe('market list', () => {
  it('all keeps the server order; spot keeps crypto only', () => {
    expect(symbols(marketRows(MARKET, view()))).toEqual(symbols(MARKET));
    expect(symbols(marketRows(MARKET, view({ tab: 'spot' })))).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'DOGE',
      'XRP',
      'ADA',
    ]);
  });

  it('24H volume sorts every coin by turnover, largest first', () => {
    expect(symbols(marketRows(MARKET, view({ tab: 'volume' }))).slice(0, 4)).toEqual([
      'EURUSD',
      'GBPUSD',
      'SPX500',
      'BTC',
    ]);
  });

  it('favourites follow the order they were added and skip coins without a price', () => {
    expect(symbols(marketRows(MARKET, view({ tab: 'favourites', favourites: [20, 999, 2] })))).toEqual([
      'XAU',
      'ETH',
    ]);
    expect(marketRows(MARKET, view({ tab: 'favourites' }))).toEqual([]);
  });

  it('searches within the tab', () => {
    expect(symbols(marketRows(MARKET, view({ query: 'usd' })))).toEqual(['EURUSD', 'GBPUSD']);
    expect(symbols(marketRows(MARKET, view({ tab: 'spot', query: 'usd' })))).toEqual([]);
    expect(symbols(marketRows(MARKET, view({ query: 'GOLD' })))).toEqual(['XAU']);
  });

  it('sorts by name, price (exactly, as decimals) and change, both ways', () => {
    const spot = view({ tab: 'spot' });
    expect(symbols(marketRows(MARKET, { ...spot, sort: { key: 'name', direction: 'asc' } }))).toEqual([
      'ADA',
      'BTC',
      'DOGE',
      'ETH',
      'SOL',
      'XRP',
    ]);
    expect(symbols(marketRows(MARKET, { ...spot, sort: { key: 'price', direction: 'desc' } }))).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'XRP',
      'ADA',
      'DOGE',
    ]);
    expect(symbols(marketRows(MARKET, { ...spot, sort: { key: 'change', direction: 'asc' } }))).toEqual([
      'XRP',
      'ETH',
      'DOGE',
      'ADA',
      'BTC',
      'SOL',
    ]);
  });

  it('a column sort overrides the 24H volume order, and clearing it restores it', () => {
    const volume = view({ tab: 'volume', sort: { key: 'change', direction: 'desc' } });
    expect(symbols(marketRows(MARKET, volume))[0]).toBe('SOL');
    expect(symbols(marketRows(MARKET, { ...volume, sort: null }))[0]).toBe('EURUSD');
  });

  it('cycles a column: names A→Z first, figures largest first, then the other way, then off', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort(null, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'price')).toEqual({
      key: 'price',
      direction: 'asc',
    });
    expect(nextSort({ key: 'price', direction: 'asc' }, 'price')).toBeNull();
    expect(nextSort({ key: 'price', direction: 'asc' }, 'change')).toEqual({
      key: 'change',
      direction: 'desc',
    });
  });

  it('a star asks a visitor to log in, and adds or removes for a user', () => {
    expect(favouriteAction(false, [1], 1)).toEqual({ kind: 'login' });
    expect(favouriteAction(true, [1], 1)).toEqual({ kind: 'remove', vcId: 1 });
    expect(favouriteAction(true, [1], 2)).toEqual({ kind: 'add', vcId: 2 });
  });
});

describe('market page view', () => {
  it('opens the tab the address names, and "all" for a missing or unknown one', () => {
    expect(parseMarketTab('favourites')).toBe('favourites');
    expect(parseMarketTab('volume')).toBe('volume');
    expect(parseMarketTab(null)).toBe('all');
    expect(parseMarketTab('futures')).toBe('all');
    expect(parseMarketTab('')).toBe('all');
  });

  it('the volume tab drops the sort tapped before, so it ranks by turnover; other tabs keep it', () => {
    const byPrice = { key: 'price', direction: 'desc' } as const;
    expect(sortOnTab('volume', byPrice)).toBeNull();
    expect(sortOnTab('spot', byPrice)).toEqual(byPrice);
    expect(sortOnTab('all', null)).toBeNull();
  });

  it('tells assistive technology how each column sorts', () => {
    expect(ariaSort('asc')).toBe('ascending');
    expect(ariaSort('desc')).toBe('descending');
    expect(ariaSort(null)).toBe('none');
  });
});

describe('market list state', () => {
  const facts = {
    pending: false,
    failed: false,
    tab: 'all' as const,
    signedIn: true,
    favouriteCount: 2,
    query: '',
    rowCount: 5,
  };

  it('shows placeholders while loading, then a retry when the prices failed with nothing cached', () => {
    expect(marketListState({ ...facts, pending: true, failed: true })).toBe('loading');
    expect(marketListState({ ...facts, failed: true })).toBe('failed');
    expect(marketListState(facts)).toBe('rows');
  });

  it('asks a visitor to log in for favourites, and says when a user has none', () => {
    expect(marketListState({ ...facts, tab: 'favourites', signedIn: false })).toBe('login');
    expect(marketListState({ ...facts, signedIn: false })).toBe('rows');
    expect(marketListState({ ...facts, tab: 'favourites', favouriteCount: 0, rowCount: 0 })).toBe(
      'noFavourites',
    );
  });

  it('says nothing matched when a search, or a tab, has no row', () => {
    expect(
      marketListState({ ...facts, tab: 'favourites', favouriteCount: 0, query: 'btc', rowCount: 0 }),
    ).toBe('empty');
    expect(marketListState({ ...facts, query: 'zzz', rowCount: 0 })).toBe('empty');
    expect(marketListState({ ...facts, rowCount: 0 })).toBe('empty');
  });
});
