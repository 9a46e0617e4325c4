import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MarketPage from '../../../src/features/market/market-page.tsx';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { answerDialog, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { MARKET } from '../../support/market-fixtures.ts';
import { IdleSocket, stubWebSocket } from '../../support/live-stubs.ts';

setupWebTests();
setupActEnvironment();

beforeEach(() => stubWebSocket());
afterEach(() => {
  cleanup();
  resetLiveMarketForTests();
});

const rows = () => screen.queryAllByTestId('market-row').map((row) => row.getAttribute('data-symbol'));
const rowOf = (symbol: string) =>
  screen.getAllByTestId('market-row').find((row) => row.getAttribute('data-symbol') === symbol)!;

describe('market list page', () => {
  it('lists every coin with its price, change and turnover, and opens the live socket', async () => {
    mockApi({ '/vc/market/list': () => MARKET });
    renderPage(<MarketPage />, { path: '/currency' });
    await until(() => expect(rows()).toHaveLength(MARKET.length));
    const btc = rowOf('BTC');
    expect(within(btc).getByTestId('market-price').textContent).toBe('64,000.12');
    expect(within(btc).getByTestId('market-change').textContent).toBe('+2.50%');
    expect(within(btc).getByTestId('market-change').className).toContain('change-pill--up');
    expect(within(btc).getByTestId('pair-name').textContent).toBe('BTC/USDT');
    expect(within(btc).getByTestId('market-turnover').textContent).toBe('Vol 900.00M USDT');
    expect(within(rowOf('DOGE')).getByTestId('market-price').textContent).toBe('0.1234');
    expect(IdleSocket.opened).toEqual(['ws://localhost:3000/api/ws']);
  });

  it('the 24H volume tab ranks by turnover even after another column was sorted', async () => {
    mockApi({ '/vc/market/list': () => MARKET });
    renderPage(<MarketPage />, { path: '/currency' });
    await until(() => expect(rows()).toHaveLength(MARKET.length));
    fireEvent.click(screen.getByTestId('sort-price'));
    expect(screen.getByTestId('sort-price').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTestId('market-tab-volume'));
    expect(rows().slice(0, 4)).toEqual(['EURUSD', 'GBPUSD', 'SPX500', 'BTC']);
    expect(screen.getByTestId('sort-price').getAttribute('aria-sort')).toBe('none');
  });

  it('switches tabs, searches and sorts with an indicator', async () => {
    mockApi({ '/vc/market/list': () => MARKET });
    renderPage(<MarketPage />, { path: '/currency' });
    await until(() => expect(rows()).toHaveLength(MARKET.length));

    fireEvent.click(screen.getByTestId('market-tab-spot'));
    expect(rows()).toEqual(['BTC', 'ETH', 'SOL', 'DOGE', 'XRP', 'ADA']);

    fireEvent.click(screen.getByTestId('sort-change'));
    expect(screen.getByTestId('sort-change').getAttribute('aria-sort')).toBe('descending');
    expect(rows()[0]).toBe('SOL');
    fireEvent.click(screen.getByTestId('sort-change'));
    expect(screen.getByTestId('sort-change').getAttribute('aria-sort')).toBe('ascending');
    expect(rows()[0]).toBe('XRP');
    fireEvent.click(screen.getByTestId('sort-change'));
    expect(screen.getByTestId('sort-change').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(screen.getByTestId('market-tab-volume'));
    expect(rows()[0]).toBe('EURUSD');

    fireEvent.change(screen.getByPlaceholderText('Search coins'), { target: { value: 'zzz' } });
    expect(rows()).toEqual([]);
    expect(screen.getByText('No coin matches "zzz"')).toBeTruthy();
  });

  it('asks a visitor to log in before keeping favourites, and takes them to the login page', async () => {
    const api = mockApi({ '/vc/market/list': () => MARKET });
    renderPage(<MarketPage />, { path: '/currency' });
    await until(() => expect(rows()).toHaveLength(MARKET.length));
    fireEvent.click(within(rowOf('ETH')).getByTestId('favourite-star'));
    expect(await screen.findByText('Log in to keep a list of favourite coins.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await until(() =>
      expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fcurrency%3Ftab%3Dall'),
    );
    expect(api.callsTo('/user/favor-vc/add')).toHaveLength(0);
    await until(
      () => expect(screen.queryByText('Log in to keep a list of favourite coins.')).toBeNull(),
      3000,
    );
  });

  it('a visitor who declines stays on the list', async () => {
    mockApi({ '/vc/market/list': () => MARKET });
    renderPage(<MarketPage />, { path: '/currency' });
    await until(() => expect(rows()).toHaveLength(MARKET.length));
    fireEvent.click(within(rowOf('ETH')).getByTestId('favourite-star'));
    expect(await screen.findByText('Log in to keep a list of favourite coins.')).toBeTruthy();
    await answerDialog('Cancel');
    await until(
      () => expect(screen.queryByText('Log in to keep a list of favourite coins.')).toBeNull(),
      3000,
    );
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('adds and removes a favourite for a user, with a toast each time', async () => {
    signInAs();
    let favourites: number[] = [1];
    const api = mockApi({
      '/vc/market/list': () => MARKET,
      '/user/favor-vc/list': () => favourites.map((vcId) => ({ vcId })),
      '/user/favor-vc/add': (body) => {
        favourites = [...favourites, body.vcId as number];
        return favourites.map((vcId) => ({ vcId }));
      },
      '/user/favor-vc/delete': (body) => {
        favourites = favourites.filter((id) => id !== body.vcId);
        return favourites.map((vcId) => ({ vcId }));
      },
    });
    renderPage(<MarketPage />, { path: '/currency', history: ['/currency?tab=favourites'] });
    await until(() => expect(rows()).toEqual(['BTC']));

    fireEvent.click(screen.getByTestId('market-tab-all'));
    const star = () => within(rowOf('ETH')).getByTestId('favourite-star');
    expect(star().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star());
    await until(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    expect(api.callsTo('/user/favor-vc/add')[0]!.body).toEqual({ vcId: 2 });
    expect(await screen.findByText('Added to favourites')).toBeTruthy();
    expect(usePreferences.getState().favourites).toEqual([1, 2]);

    fireEvent.click(star());
    await until(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    expect(api.callsTo('/user/favor-vc/delete')[0]!.body).toEqual({ vcId: 2 });
    expect(await screen.findByText('Removed from favourites')).toBeTruthy();

    fireEvent.click(screen.getByTestId('market-tab-favourites'));
    expect(rows()).toEqual(['BTC']);
    await act(async () => {
      Toast.clear();
    });
    await until(() => expect(document.querySelector('.adm-toast-mask')).toBeNull(), 3000);
  });

  it('shows an empty state when a user has no favourites yet', async () => {
    signInAs();
    mockApi({ '/vc/market/list': () => MARKET, '/user/favor-vc/list': () => [] });
    renderPage(<MarketPage />, { path: '/currency', history: ['/currency?tab=favourites'] });
    expect(await screen.findByText('No favourites yet. Tap the star beside a coin to add it.')).toBeTruthy();
  });

  it('tapping a row selects the coin and opens the trade page', async () => {
    mockApi({ '/vc/market/list': () => MARKET });
    renderPage(<MarketPage />, { path: '/currency' });
    await until(() => expect(rows()).toHaveLength(MARKET.length));
    fireEvent.click(within(rowOf('XAU')).getByTestId('market-row-open'));
    expect(usePreferences.getState().selectedCoinId).toBe(20);
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/trade'));
  });

  it('offers a retry when prices cannot be loaded', async () => {
    mockApi({});
    renderPage(<MarketPage />, { path: '/currency' });
    expect(await screen.findByTestId('empty-loadFailed')).toBeTruthy();
  });
});
