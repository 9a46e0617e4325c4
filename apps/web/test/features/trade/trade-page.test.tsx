import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KlineChartProps } from '../../../src/features/trade/kline-chart.tsx';
import TradePage from '../../../src/features/trade/trade-page.tsx';
import { DEFAULT_CHART_SETTINGS } from '../../../src/features/trade/chart-settings-logic.ts';
import { useVisitorChartSettings } from '../../../src/features/trade/trade-api.ts';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { MARKET } from '../../support/market-fixtures.ts';
import { stubWebSocket } from '../../support/live-stubs.ts';

// The canvas chart itself is exercised by the browser tests; here a stand-in shows what it was given.
vi.mock('../../../src/features/trade/kline-chart.tsx', () => ({
  default: (props: KlineChartProps) => (
    <div
      data-testid="kline-chart"
      data-vc-id={props.vcId}
      data-interval={props.interval}
      data-indicators={[...props.main, ...props.sub].join(',')}
    />
  ),
}));

setupWebTests();
setupActEnvironment();

beforeEach(() => stubWebSocket());
afterEach(async () => {
  cleanup();
  resetLiveMarketForTests();
  useVisitorChartSettings.setState({ settings: DEFAULT_CHART_SETTINGS });
  await act(async () => {
    Toast.clear();
  });
});

const CONFIG = [
  { vcId: 2, enabled: true, periods: [] },
  { vcId: 1, enabled: true, periods: [] },
];

function tradeApi(extra: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  return mockApi({
    '/vc/market/list': () => MARKET,
    '/portal/vc-timing-trade-config/list': () => CONFIG,
    '/portal/vc-spot-trade-config/list': () => [],
    ...extra,
  });
}

const chart = () => screen.getByTestId('kline-chart');

describe('trade page', () => {
  it('selects the first configured pair when none is selected and shows its figures', async () => {
    tradeApi();
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getByTestId('trade-symbol').textContent).toBe('ETH/USDT'));
    expect(usePreferences.getState().selectedCoinId).toBe(2);
    expect(screen.getByTestId('trade-price').textContent).toBe('3,100.50');
    expect(screen.getByTestId('trade-change').textContent).toBe('-1.20%');
    expect(screen.getByTestId('trade-high').textContent).toBe('3,100.50');
    expect(screen.getByTestId('trade-volume').textContent).toBe('1.00K');
    await until(() => expect(chart().getAttribute('data-vc-id')).toBe('2'));
  });

  it('shows the coin chosen elsewhere, and the picker changes it', async () => {
    usePreferences.setState({ selectedCoinId: 20 });
    tradeApi();
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getByTestId('trade-symbol').textContent).toBe('XAU/USDT'));
    fireEvent.click(screen.getByTestId('open-coin-picker'));
    const picker = await screen.findByTestId('coin-picker');
    fireEvent.change(within(picker).getByPlaceholderText('Search coins'), { target: { value: 'sol' } });
    const rows = within(picker).getAllByTestId('coin-picker-row');
    expect(rows.map((r) => r.getAttribute('data-symbol'))).toEqual(['SOL']);
    fireEvent.click(rows[0]!);
    await until(() => expect(screen.getByTestId('trade-symbol').textContent).toBe('SOL/USDT'));
    expect(usePreferences.getState().selectedCoinId).toBe(3);
  });

  it('opens on the futures tab the address names, and keeps the tab in the address', async () => {
    tradeApi();
    renderPage(<TradePage />, { path: '/trade', history: ['/trade?tab=futures'] });
    await until(() =>
      expect(screen.getByTestId('order-tab-futures').getAttribute('aria-selected')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('order-tab-timing'));
    await until(() =>
      expect(screen.getByTestId('order-tab-timing').getAttribute('aria-selected')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('order-tab-contract'));
    expect(screen.getByTestId('location').textContent).toBe('/contract-trade');
  });

  it('a visitor sees the order tabs with a login note, and keeps chart settings for the visit only', async () => {
    const api = tradeApi();
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(chart().getAttribute('data-interval')).toBe('15m'));
    expect(screen.getByTestId('order-tab-timing').textContent).toBe('Timed trade');
    expect(screen.getByTestId('order-tab-futures').textContent).toBe('Futures');
    // Contract trading has its own screen: its tab is the way there.
    expect(screen.getByTestId('order-tab-contract').textContent).toBe('Contract');
    expect(screen.getByTestId('order-tab-contract').getAttribute('href')).toBe('/contract-trade');
    expect(screen.getByTestId('orders-note').textContent).toContain('Log in to place orders');
    fireEvent.click(screen.getByTestId('interval-1h'));
    await until(() => expect(chart().getAttribute('data-interval')).toBe('1h'));
    fireEvent.click(screen.getByTestId('open-indicators'));
    fireEvent.click(await screen.findByTestId('indicator-MACD'));
    await until(() => expect(chart().getAttribute('data-indicators')).toBe('MA,VOL,MACD'));
    expect(screen.getByText('Kept for this visit only. Log in to save them to your account.')).toBeTruthy();
    expect(api.callsTo('/user/chart-settings/save')).toHaveLength(0);
    expect(useVisitorChartSettings.getState().settings).toEqual({
      interval: '1h',
      main: ['MA'],
      sub: ['VOL', 'MACD'],
    });
  });

  it("a user's saved settings are loaded, and each change is saved to the account", async () => {
    signInAs();
    let saved = { interval: '4h', main: ['EMA'], sub: ['RSI'] };
    const api = tradeApi({
      '/user/chart-settings/get': () => saved,
      '/user/chart-settings/save': (body) => {
        saved = body as typeof saved;
        return saved;
      },
    });
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(chart().getAttribute('data-interval')).toBe('4h'));
    expect(chart().getAttribute('data-indicators')).toBe('EMA,RSI');
    // Timed trades have their panel (this pair offers no period), and so has spot (this coin has no terms).
    expect((await screen.findByTestId('timing-closed')).textContent).toBe(
      'Timed trading of this coin is closed',
    );
    fireEvent.click(screen.getByTestId('order-tab-futures'));
    expect((await screen.findByTestId('spot-closed')).textContent).toBe(
      'Spot trading of this coin is closed',
    );

    fireEvent.click(screen.getByTestId('interval-1d'));
    await until(() => expect(api.callsTo('/user/chart-settings/save')).toHaveLength(1));
    expect(api.callsTo('/user/chart-settings/save')[0]!.body).toEqual({
      interval: '1d',
      main: ['EMA'],
      sub: ['RSI'],
    });
    expect(chart().getAttribute('data-interval')).toBe('1d');

    fireEvent.click(screen.getByTestId('open-indicators'));
    fireEvent.click(await screen.findByTestId('indicator-BOLL'));
    await until(() => expect(api.callsTo('/user/chart-settings/save')).toHaveLength(2));
    expect(api.callsTo('/user/chart-settings/save')[1]!.body).toEqual({
      interval: '1d',
      main: ['EMA', 'BOLL'],
      sub: ['RSI'],
    });
    await until(() => expect(chart().getAttribute('data-indicators')).toBe('EMA,BOLL,RSI'));
  });

  it('puts the previous settings back when saving fails', async () => {
    signInAs();
    tradeApi({
      '/user/chart-settings/get': () => DEFAULT_CHART_SETTINGS,
      '/user/chart-settings/save': () => ({
        __failure: true,
        code: 'VALIDATION_FAILED',
        message: 'Nope',
        data: null,
      }),
    });
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(chart().getAttribute('data-interval')).toBe('15m'));
    fireEvent.click(screen.getByTestId('interval-1w'));
    await until(() => expect(document.body.textContent).toContain('Nope'));
    await until(() => expect(chart().getAttribute('data-interval')).toBe('15m'));
  });

  it('says so when no pair is configured and no coin has a price', async () => {
    mockApi({ '/vc/market/list': () => [], '/portal/vc-timing-trade-config/list': () => [] });
    renderPage(<TradePage />, { path: '/trade' });
    expect(await screen.findByText('No trading pair is configured yet')).toBeTruthy();
  });
});
