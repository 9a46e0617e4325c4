import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import HomePage from '../../../src/features/home/home-page.tsx';
import { LivePrice } from '../../../src/components/live-price.tsx';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { marketKeys } from '../../../src/system/market-api.ts';
import { storeTickers } from '../../../src/system/market-tickers-logic.ts';
import { mockApi, renderPage, setupWebTests } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { makeTicker, MARKET } from '../../support/market-fixtures.ts';
import { stubWebSocket } from '../../support/live-stubs.ts';

setupWebTests();
setupActEnvironment();

beforeEach(() => stubWebSocket());
afterEach(() => {
  cleanup();
  resetLiveMarketForTests();
});

const DICT = {
  VcTypeEnum: [
    { value: '1', label: 'Crypto' },
    { value: '2', label: 'Forex' },
    { value: '3', label: 'Metals' },
    { value: '4', label: 'Indices' },
  ],
};

function homeApi(extra: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  return mockApi({
    '/sys-config/simple-list': () => ({
      dict: DICT,
      list: [{ group: 'PORTAL', key: 'hotCoins', value: 'BTC,ETH' }],
    }),
    '/sys-notice/list': () => [],
    '/sys-banner/list': () => [],
    '/vc/market/list': () => MARKET,
    '/portal/vc-timing-trade-config/list': () => [
      { vcId: 3, enabled: true, periods: [] },
      { vcId: 1, enabled: true, periods: [] },
    ],
    ...extra,
  });
}

const rankingSymbols = () =>
  screen.queryAllByTestId('ranking-row').map((row) => row.getAttribute('data-symbol'));

describe('home: hot coins and rankings', () => {
  it('shows the hot coins and the rising list of the first type, five at most', async () => {
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    await until(() => expect(rankingSymbols()).toEqual(['SOL', 'BTC', 'ADA', 'DOGE', 'ETH']));
    const hot = screen.getAllByTestId('hot-coin').map((el) => el.textContent);
    expect(hot).toHaveLength(3);
    // The operators' chosen coins first, then the most traded coin of their type.
    expect(
      screen.getAllByTestId('hot-coin').map((el) => el.querySelector('.hot-coin__symbol')?.textContent),
    ).toEqual(['BTC', 'ETH', 'SOL']);
    expect(screen.getByTestId('ranking-type-1').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('ranking-type-4').textContent).toBe('Indices');
  });

  it('switches to the turnover list and to another coin type', async () => {
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    await until(() => expect(rankingSymbols()).toHaveLength(5));
    fireEvent.click(screen.getByTestId('ranking-kind-turnover'));
    expect(rankingSymbols()).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'DOGE']);
    const first = screen.getAllByTestId('ranking-row')[0]!;
    expect(first.textContent).toContain('900.00M');
    fireEvent.click(screen.getByTestId('ranking-type-2'));
    expect(rankingSymbols()).toEqual(['EURUSD', 'GBPUSD']);
  });

  it('shows the prices kept in local storage before the server answers', async () => {
    storeTickers([makeTicker({ a: 77, c: 'LTC', changePer: 9, g: '80.5' })], 'en', Date.now() - 60_000);
    let answer: (value: unknown) => void = () => undefined;
    homeApi({ '/vc/market/list': () => new Promise((resolve) => (answer = resolve)) });
    renderPage(<HomePage />, { path: '/home' });
    await until(() => expect(rankingSymbols()).toEqual(['LTC']));
    await act(async () => answer(MARKET));
    await until(() => expect(rankingSymbols()).toHaveLength(5));
  });

  it('tapping a ranking coin selects it and opens the trade page', async () => {
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    await until(() => expect(rankingSymbols()).toHaveLength(5));
    fireEvent.click(screen.getAllByTestId('ranking-row')[1]!);
    expect(usePreferences.getState().selectedCoinId).toBe(1);
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/trade'));
  });

  it('the futures menu selects the first configured pair when none is selected, and opens the futures tab', async () => {
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    fireEvent.click(screen.getByTestId('menu-futures'));
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/trade?tab=futures'));
    expect(usePreferences.getState().selectedCoinId).toBe(3);
  });

  it('the futures menu keeps a configured selection', async () => {
    usePreferences.setState({ selectedCoinId: 1 });
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    fireEvent.click(screen.getByTestId('menu-futures'));
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/trade?tab=futures'));
    expect(usePreferences.getState().selectedCoinId).toBe(1);
  });

  it('live prices written to the cache show at once', async () => {
    homeApi();
    const { client } = renderPage(<HomePage />, { path: '/home' });
    await until(() => expect(rankingSymbols()).toHaveLength(5));
    await act(async () => {
      client.setQueryData(
        marketKeys.tickers(),
        MARKET.map((t) => (t.a === 3 ? { ...t, g: '151.75', l: 1 as const } : t)),
      );
    });
    const price = () => within(screen.getAllByTestId('ranking-row')[0]!).getByTestId('ranking-price');
    await until(() => expect(price().textContent).toBe('151.75'));
    expect(price().getAttribute('data-flash')).toBe('up');
  });
});

describe('live price', () => {
  it('flashes the colour of the move when the price changes, and not on first show', () => {
    const { rerender } = render(<LivePrice price="10.00" direction={0} precision={2} testId="p" />);
    expect(screen.getByTestId('p').className).not.toContain('flash');
    rerender(<LivePrice price="10.50" direction={1} precision={2} testId="p" />);
    expect(screen.getByTestId('p').className).toContain('live-price--flash-up');
    rerender(<LivePrice price="10.25" direction={2} precision={2} testId="p" />);
    expect(screen.getByTestId('p').className).toContain('live-price--flash-down');
    expect(screen.getByTestId('p').textContent).toBe('10.25');
  });
});
