import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimingConfig, TimingOrder } from '@vela/contract';
import type { KlineChartProps } from '../../../src/features/trade/kline-chart.tsx';
import TradePage from '../../../src/features/trade/trade-page.tsx';
import TimingOrderPage from '../../../src/features/trade/timing-order-page.tsx';
import { DEFAULT_CHART_SETTINGS } from '../../../src/features/trade/chart-settings-logic.ts';
import { useAutoConfirm } from '../../../src/features/trade/timing-confirm.tsx';
import { setServerOffsetForTests } from '../../../src/features/trade/trade-api.ts';
import { RESULT_SHOWN_MS } from '../../../src/features/trade/timing-logic.ts';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { useUi } from '../../../src/stores/ui-store.ts';
import { fail, inputNamed, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { MARKET } from '../../support/market-fixtures.ts';
import { stubWebSocket } from '../../support/live-stubs.ts';
import { makeOpeningOrder, makeOrder } from '../../support/timing-fixtures.ts';

vi.mock('../../../src/features/trade/kline-chart.tsx', () => ({
  default: (props: KlineChartProps) => <div data-testid="kline-chart" data-vc-id={props.vcId} />,
}));

setupWebTests();
setupActEnvironment();

beforeEach(() => {
  stubWebSocket();
  setServerOffsetForTests(0);
  useAutoConfirm.setState({ on: false });
});
afterEach(async () => {
  cleanup();
  resetLiveMarketForTests();
  await act(async () => {
    Toast.clear();
  });
});

const PERIODS = [
  { seconds: 60, payoutRate: '0.82', minAmount: '10', maxAmount: '50000', enabled: true },
  { seconds: 30, payoutRate: '0.80', minAmount: '10', maxAmount: '50000', enabled: true },
  { seconds: 300, payoutRate: '0.88', minAmount: '10', maxAmount: null, enabled: false },
];
const CONFIG: TimingConfig[] = [{ vcId: 2, settleVcId: 9, enabled: true, periods: PERIODS }];

const overview = (spot: string) => ({
  totalUsdt: spot,
  currencies: [
    {
      vcId: 9,
      symbol: 'USDT',
      name: 'Tether USD',
      icon: '',
      scale: 6,
      spot,
      contract: '0.000000',
      frozen: '0.000000',
      priceUsdt: '1.000000',
      valueUsdt: spot,
    },
  ],
});

/** An in-memory server: the orders it holds, answering the list, detail and request endpoints. */
function timingApi(state: {
  active: TimingOrder[];
  history: TimingOrder[];
  spot?: string;
  /** Refuses the next orders as the server does when the balance moved in the meantime. */
  refuse?: boolean;
  /** Answers the configuration endpoint; when absent the endpoint is not mocked. */
  sysConfig?: () => unknown;
}) {
  let nextId = 40;
  return mockApi({
    ...(state.sysConfig ? { '/sys-config/simple-list': state.sysConfig } : {}),
    '/vc/market/list': () => MARKET,
    '/portal/vc-timing-trade-config/list': () => CONFIG,
    '/user/chart-settings/get': () => DEFAULT_CHART_SETTINGS,
    '/wallet/overview': () => overview(state.spot ?? '1000.000000'),
    '/user/vc-timing-trade/list': (body) => ({
      list: body.scope === 'active' ? state.active : state.history,
      nextCursor: null,
    }),
    '/user/vc-timing-trade/detail': (body) => {
      const found = [...state.active, ...state.history].find((o) => o.id === body.id);
      return found ?? fail('ORDER_NOT_FOUND', 'No such order');
    },
    '/user/vc-timing-trade/request': (body) => {
      if (state.refuse) return fail('INSUFFICIENT_BALANCE', 'Insufficient balance');
      const now = Date.now();
      const order = makeOrder({
        id: (nextId += 1),
        vcId: body.vcId as number,
        symbol: 'ETH',
        direction: body.direction as TimingOrder['direction'],
        periodSeconds: body.periodSeconds as number,
        amount: `${body.amount as string}.000000`,
        openPrice: '3100.00',
        createdAt: now,
        expiresAt: now + (body.periodSeconds as number) * 1000,
      });
      state.active = [order, ...state.active];
      return order;
    },
  });
}

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';

/** The tests that wait for a countdown run on the real clock, for up to a few seconds each. */
const REAL_CLOCK_MS = 20_000;

describe('timed-trade panel', () => {
  it('starts with the shortest period, then confirms and places the order with an idempotency key', async () => {
    signInAs();
    const state = { active: [] as TimingOrder[], history: [] as TimingOrder[] };
    const api = timingApi(state);
    renderPage(<TradePage />, { path: '/trade' });
    const panel = await screen.findByTestId('timing-panel');
    await until(() => expect(screen.getByTestId('timing-available').textContent).toBe('1,000.00 USDT'));
    // Enabled periods only, shortest first, with their profit rates.
    const periods = within(panel).getAllByTestId('timing-period');
    expect(periods.map((p) => p.textContent)).toEqual(['30s80%', '1min82%']);

    expect(periods.map((p) => p.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    fireEvent.click(screen.getByTestId('timing-buy-up'));
    expect(screen.getByTestId('error-amount').textContent).toBe('Please enter an amount');
    expect(screen.queryByTestId('timing-confirm')).toBeNull();

    expect(screen.getByTestId('timing-range').textContent).toBe(
      'Min \u206610.00\u2069, Max \u206650,000.00\u2069',
    );
    const quick = within(panel).getAllByTestId('timing-quick-amount');
    expect(quick.map((b) => b.textContent)).toEqual(['10', '50', '100', '500']);
    fireEvent.click(quick[0]!);
    expect(inputNamed('amount').value).toBe('10');
    expect(screen.getByTestId('timing-payout').textContent).toBe('18.00 USDT');

    fireEvent.click(screen.getByTestId('timing-buy-up'));
    const dialog = await screen.findByTestId('timing-confirm');
    expect(within(dialog).getByTestId('confirm-symbol').textContent).toBe('ETH');
    expect(within(dialog).getByTestId('confirm-direction').textContent).toBe('Buy long');
    expect(within(dialog).getByTestId('confirm-period').textContent).toBe('30s');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('10.00 USDT');
    expect(within(dialog).getByTestId('confirm-price').textContent).toBe('3,100.5');
    expect(within(dialog).getByTestId('confirm-payout').textContent).toBe('18.00 USDT');
    expect(api.callsTo('/user/vc-timing-trade/request')).toHaveLength(0);

    const overviewCalls = api.callsTo('/wallet/overview').length;
    fireEvent.click(within(dialog).getByTestId('timing-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-timing-trade/request')).toHaveLength(1));
    const sent = api.callsTo('/user/vc-timing-trade/request')[0]!;
    expect(sent.body).toEqual({ vcId: 2, periodSeconds: 30, direction: 'up', amount: '10' });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Order placed'));

    // The new order shows in the strip with its countdown and its estimate at the live price.
    const order = await screen.findByTestId('timing-order');
    expect(order.getAttribute('data-state')).toBe('open');
    expect(within(order).getByTestId('order-countdown').textContent).toMatch(/^00:(30|29)$/);
    expect(within(order).getByTestId('order-estimate').textContent).toBe('Winning +8.00 USDT');
    expect(screen.getByTestId('timing-open-count').textContent).toBe('1');
    // The stake left the balance: the overview is asked for again.
    await until(() => expect(api.callsTo('/wallet/overview').length).toBeGreaterThan(overviewCalls));

    // The next order is a new attempt with a new key.
    fireEvent.click(screen.getByTestId('timing-sell-down'));
    fireEvent.click(within(await screen.findByTestId('timing-confirm')).getByTestId('timing-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-timing-trade/request')).toHaveLength(2));
    const second = api.callsTo('/user/vc-timing-trade/request')[1]!;
    expect(second.body.direction).toBe('down');
    expect(second.headers['idempotency-key']).not.toBe(sent.headers['idempotency-key']);
  });

  it('starts with the last period chosen while the coin offers it, otherwise the shortest', async () => {
    signInAs();
    timingApi({ active: [], history: [] });
    const first = renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getAllByTestId('timing-period')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('timing-period')[1]!);
    expect(usePreferences.getState().lastTimingPeriod).toBe(60);
    first.unmount();

    // The next visit starts with it.
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getAllByTestId('timing-period')).toHaveLength(2));
    const checked = () => screen.getAllByTestId('timing-period').map((p) => p.getAttribute('aria-checked'));
    expect(checked()).toEqual(['false', 'true']);
    cleanup();

    // A period the coin no longer offers (300 s is disabled) gives way to the shortest.
    usePreferences.setState({ lastTimingPeriod: 300 });
    renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getAllByTestId('timing-period')).toHaveLength(2));
    expect(checked()).toEqual(['true', 'false']);
  });

  it('refuses a stake beyond the balance under the field, and shows the server’s refusal there too', async () => {
    signInAs();
    const state = {
      active: [] as TimingOrder[],
      history: [] as TimingOrder[],
      spot: '25.000000',
      refuse: false,
    };
    const api = timingApi(state);
    const { client } = renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getByTestId('timing-available').textContent).toBe('25.00 USDT'));
    fireEvent.click(screen.getAllByTestId('timing-period')[0]!);
    fireEvent.change(inputNamed('amount'), { target: { value: '20' } });
    expect(screen.getByTestId('timing-payout').textContent).toBe('36.00 USDT');
    expect(screen.queryByTestId('timing-deposit')).toBeNull();
    // Beyond the balance: the error as it is typed, no payout quoted, and the way to deposit.
    fireEvent.change(inputNamed('amount'), { target: { value: '50' } });
    expect(screen.getByTestId('error-amount').textContent).toBe('Insufficient balance');
    expect(screen.getByTestId('timing-payout').textContent).toBe('-- USDT');
    expect(screen.getByTestId('timing-deposit').getAttribute('href')).toBe('/recharge');
    fireEvent.click(screen.getByTestId('timing-buy-up'));
    expect(screen.getByTestId('error-amount').textContent).toBe('Insufficient balance');
    expect(screen.queryByTestId('timing-confirm')).toBeNull();

    // Beyond the period's maximum: the range, no payout, and no way to deposit (it would not help).
    state.spot = '90000.000000';
    await act(async () => {
      await client.invalidateQueries();
    });
    await until(() => expect(screen.getByTestId('timing-available').textContent).toBe('90,000.00 USDT'));
    fireEvent.change(inputNamed('amount'), { target: { value: '60000' } });
    expect(screen.getByTestId('error-amount').textContent).toBe(
      'The amount is out of range (Min \u206610.00\u2069, Max \u206650,000.00\u2069)',
    );
    expect(screen.getByTestId('timing-payout').textContent).toBe('-- USDT');
    expect(screen.queryByTestId('timing-deposit')).toBeNull();
    state.spot = '25.000000';
    await act(async () => {
      await client.invalidateQueries();
    });
    await until(() => expect(screen.getByTestId('timing-available').textContent).toBe('25.00 USDT'));

    fireEvent.change(inputNamed('amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('timing-buy-up'));
    expect(screen.getByTestId('error-amount').textContent).toBe(
      'The amount is out of range (Min \u206610.00\u2069, Max \u206650,000.00\u2069)',
    );

    // The balance moved elsewhere since it was shown: the server refuses, and the balance refreshes.
    state.refuse = true;
    const overviewCalls = api.callsTo('/wallet/overview').length;
    fireEvent.change(inputNamed('amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('timing-buy-up'));
    fireEvent.click(within(await screen.findByTestId('timing-confirm')).getByTestId('timing-confirm-ok'));
    await until(() => expect(screen.getByTestId('error-amount').textContent).toBe('Insufficient balance'));
    expect(screen.getByTestId('timing-deposit').getAttribute('href')).toBe('/recharge');
    await until(() => expect(api.callsTo('/wallet/overview').length).toBeGreaterThan(overviewCalls));
  });

  it('allows only the decimals GLOBAL amountMaxPrecision allows, and names that number', async () => {
    signInAs();
    // The configuration is still loading: until it arrives, USDT's own 6 decimals apply.
    const loading = () => new Promise(() => undefined);
    const state = {
      active: [] as TimingOrder[],
      history: [] as TimingOrder[],
      sysConfig: loading,
    };
    const api = timingApi(state);
    const { client } = renderPage(<TradePage />, { path: '/trade' });
    await until(() => expect(screen.getByTestId('timing-available').textContent).toBe('1,000.00 USDT'));
    fireEvent.click(screen.getAllByTestId('timing-period')[0]!);
    fireEvent.change(inputNamed('amount'), { target: { value: '10.123456' } });
    expect(inputNamed('amount').value).toBe('10.123456');

    // It arrives with GLOBAL amountMaxPrecision 4 (React Query tells the screens a moment later).
    await act(async () => {
      client.setQueryData(['SYS_CONFIG', 'en'], {
        dict: {},
        list: [{ group: 'GLOBAL', key: 'amountMaxPrecision', value: '4' }],
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // The amount typed before the rule arrived is refused as the server would refuse it.
    fireEvent.click(screen.getByTestId('timing-buy-up'));
    expect(screen.getByTestId('error-amount').textContent).toBe('At most 4 decimal places');
    expect(screen.queryByTestId('timing-confirm')).toBeNull();

    // A fifth decimal is not taken any more.
    fireEvent.change(inputNamed('amount'), { target: { value: '10.1234' } });
    fireEvent.change(inputNamed('amount'), { target: { value: '10.12345' } });
    expect(inputNamed('amount').value).toBe('10.1234');
    fireEvent.click(screen.getByTestId('timing-buy-up'));
    const dialog = await screen.findByTestId('timing-confirm');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('10.1234 USDT');
    expect(api.callsTo('/user/vc-timing-trade/request')).toHaveLength(0);
  });

  it(
    'confirms by itself 3 s after opening when the countdown option is on',
    async () => {
      signInAs();
      const api = timingApi({ active: [], history: [] });
      renderPage(<TradePage />, { path: '/trade' });
      await until(() => expect(screen.getByTestId('timing-available').textContent).toBe('1,000.00 USDT'));
      fireEvent.click(screen.getAllByTestId('timing-period')[1]!);
      fireEvent.change(inputNamed('amount'), { target: { value: '12.5' } });
      fireEvent.click(screen.getByTestId('timing-buy-up'));
      const dialog = await screen.findByTestId('timing-confirm');
      fireEvent.click(within(dialog).getByTestId('timing-auto-confirm'));
      expect(useAutoConfirm.getState().on).toBe(true);
      expect(within(dialog).getByTestId('timing-confirm-countdown').textContent).toBe(
        'Confirms automatically in 3 s',
      );
      await until(() => expect(api.callsTo('/user/vc-timing-trade/request')).toHaveLength(1), 5000);
      expect(api.callsTo('/user/vc-timing-trade/request')[0]!.body).toEqual({
        vcId: 2,
        periodSeconds: 60,
        direction: 'up',
        amount: '12.5',
      });
    },
    REAL_CLOCK_MS,
  );

  it('shows visitors a login prompt instead of the panel', async () => {
    timingApi({ active: [], history: [] });
    renderPage(<TradePage />, { path: '/trade' });
    expect((await screen.findByTestId('orders-note')).textContent).toContain('Log in to place orders');
    expect(screen.queryByTestId('timing-panel')).toBeNull();
    expect(screen.queryByTestId('timing-open-orders')).toBeNull();
  });
});

describe('/timing-trade-order', () => {
  const settled = makeOrder({
    id: 3,
    vcId: 2,
    symbol: 'ETH',
    direction: 'down',
    amount: '10.000000',
    expectedPayout: '18.000000',
    openPrice: '3100.00',
    state: 'settled',
    settlePrice: '3099.50',
    settleTickId: 90_210,
    settleTickTime: new Date(2025, 2, 7, 14, 5, 39, 0).getTime(),
    outcome: 'win',
    payout: '18.000000',
    profit: '8.000000',
    settledAt: Date.now(),
  });

  it('lists orders in progress and history, and opens a receipt with the way to customer service', async () => {
    signInAs();
    const now = Date.now();
    const open = makeOrder({
      id: 5,
      vcId: 2,
      symbol: 'ETH',
      openPrice: '3101.00',
      createdAt: now,
      expiresAt: now + 60_000,
    });
    timingApi({ active: [open], history: [settled] });
    renderPage(<TimingOrderPage />, { path: '/timing-trade-order' });

    const active = await screen.findByTestId('timing-order');
    expect(active.getAttribute('data-state')).toBe('open');
    expect(within(active).getByTestId('order-countdown').textContent).toMatch(/^0[01]:\d\d$/);
    expect(within(active).getByTestId('order-estimate').textContent).toBe('Losing -100.00 USDT');
    expect(screen.getByText('No more data')).toBeTruthy();

    fireEvent.click(screen.getByTestId('timing-tab-history'));
    await until(() => expect(screen.getByTestId('timing-order').getAttribute('data-state')).toBe('settled'));
    const row = screen.getByTestId('timing-order');
    expect(within(row).getByTestId('order-outcome').textContent).toBe('Won');
    expect(within(row).getByTestId('order-profit').textContent).toBe('Profit +8.00 USDT');
    expect(within(row).getByTestId('order-settle-price').textContent).toBe('3,099.50');

    fireEvent.click(row);
    const detail = await screen.findByTestId('timing-detail');
    expect(within(detail).getByTestId('detail-settle-price').textContent).toBe('3,099.50');
    expect(within(detail).getByTestId('detail-settle-tick-time').textContent).toBe('2025-03-07 14:05:39.000');
    expect(within(detail).getByTestId('detail-settle-tick-id').textContent).toBe('#90210');
    expect(within(detail).getByTestId('detail-open-tick-id').textContent).toBe('#501');
    expect(within(detail).getByTestId('detail-result').textContent).toBe('Won');
    expect(within(detail).getByTestId('detail-payout').textContent).toBe('18.00 USDT');
    expect(within(detail).getByTestId('detail-profit').textContent).toBe('+8.00 USDT');
    expect(within(detail).getByTestId('detail-rule').textContent).toContain(
      'If the two prices are equal, the stake is refunded.',
    );
    fireEvent.click(within(detail).getByTestId('timing-support'));
    await until(() => expect(useUi.getState().customerOpen).toBe(true));
  });

  it('shows an order opening until its tick, and a receipt whose verify view highlights the ticks it used', async () => {
    signInAs();
    const now = Date.now();
    const opening = makeOpeningOrder({ id: 6, vcId: 2, symbol: 'ETH', createdAt: now });
    // The settled order was accepted at 14:05:08.400, opened at 14:05:09 (#501) and settled at 14:05:39.
    const acceptedAt = new Date(2025, 2, 7, 14, 5, 8, 400).getTime();
    const openAt = new Date(2025, 2, 7, 14, 5, 9, 0).getTime();
    const receipt = {
      ...settled,
      createdAt: acceptedAt,
      openTickId: 501,
      openTickTime: openAt,
      expiresAt: openAt + 30_000,
    };
    const asked: unknown[] = [];
    mockApi({
      '/vc/market/list': () => MARKET,
      '/user/vc-timing-trade/list': (body) => ({
        list: body.scope === 'active' ? [opening] : [receipt],
        nextCursor: null,
      }),
      '/user/vc-timing-trade/detail': (body) => (body.id === opening.id ? opening : receipt),
      '/vc/market/ticks': (body) => {
        const window = body as { startTime: number; endTime: number };
        asked.push(window);
        const ticks = [];
        for (let time = window.startTime; time <= window.endTime; time += 1000) {
          const id = time === openAt ? 501 : time === openAt + 30_000 ? 90_210 : time / 1000;
          ticks.push({ id, time, price: '3100.00', volume: '1' });
        }
        return { vcId: 2, ticks };
      },
    });
    renderPage(<TimingOrderPage />, { path: '/timing-trade-order' });

    const active = await screen.findByTestId('timing-order');
    expect(active.getAttribute('data-state')).toBe('opening');
    expect(within(active).getByTestId('order-opening').textContent).toBe('Opening…');
    expect(within(active).getByTestId('order-open-price').textContent).toBe('--');
    fireEvent.click(active);
    const pending = await screen.findByTestId('timing-detail');
    expect(within(pending).getByTestId('detail-open-price').textContent).toBe('At the next recorded price');
    expect(within(pending).queryByTestId('timing-verify-open')).toBeNull();
    cleanup();

    renderPage(<TimingOrderPage />, { path: '/timing-trade-order' });
    fireEvent.click(await screen.findByTestId('timing-tab-history'));
    await until(() => expect(screen.getByTestId('timing-order').getAttribute('data-state')).toBe('settled'));
    fireEvent.click(screen.getByTestId('timing-order'));
    const detail = await screen.findByTestId('timing-detail');
    fireEvent.click(within(detail).getByTestId('timing-verify-open'));
    const open = await screen.findByTestId('verify-open');
    await until(() => expect(within(open).getAllByTestId('verify-tick').length).toBeGreaterThan(5));
    // The acceptance mark sits right above the open tick, the first one recorded after it.
    const openRows = [...open.querySelectorAll('li')];
    const openMark = openRows.findIndex((row) => row.getAttribute('data-testid') === 'verify-mark');
    expect(openRows[openMark]?.textContent).toContain('14:05:08.400');
    expect(openRows[openMark + 1]?.getAttribute('data-tick-id')).toBe('501');
    expect(openRows[openMark + 1]?.getAttribute('aria-current')).toBe('true');
    const settle = screen.getByTestId('verify-settle');
    await until(() => expect(within(settle).getAllByTestId('verify-tick').length).toBeGreaterThan(5));
    const chosen = settle.querySelector('[aria-current="true"]');
    expect(chosen?.getAttribute('data-tick-id')).toBe('90210');
    expect(chosen?.previousElementSibling?.getAttribute('data-testid')).toBe('verify-mark');
    expect(asked).toContainEqual({ vcId: 2, startTime: openAt - 6_000, endTime: openAt + 4_000 });
    fireEvent.click(screen.getByTestId('timing-verify-back'));
    expect(await screen.findByTestId('detail-settle-tick-id')).toBeTruthy();
  });

  it('shows the empty state of each tab', async () => {
    signInAs();
    timingApi({ active: [], history: [] });
    renderPage(<TimingOrderPage />, { path: '/timing-trade-order' });
    expect(await screen.findByTestId('empty-noData')).toBeTruthy();
    fireEvent.click(screen.getByTestId('timing-tab-history'));
    expect(await screen.findByTestId('empty-noData')).toBeTruthy();
  });

  it(
    'moves an order from in progress to in settlement to history',
    async () => {
      signInAs();
      const now = Date.now();
      const order = makeOrder({
        id: 9,
        vcId: 2,
        symbol: 'ETH',
        createdAt: now - 29_500,
        expiresAt: now + 500,
      });
      const state = { active: [order], history: [] as TimingOrder[] };
      const api = timingApi(state);
      renderPage(<TimingOrderPage />, { path: '/timing-trade-order' });
      const card = await screen.findByTestId('timing-order');
      expect(card.getAttribute('data-state')).toBe('open');
      // At expiry the countdown gives way to "in settlement", and the list is asked for again.
      await until(() => expect(screen.getByTestId('order-settling').textContent).toBe('In settlement'), 3000);
      const listCalls = api.callsTo('/user/vc-timing-trade/list').length;
      await until(
        () => expect(api.callsTo('/user/vc-timing-trade/list').length).toBeGreaterThan(listCalls),
        3000,
      );

      // The settlement commits: the order leaves the active list, and the history is asked for again.
      const historyCalls = () =>
        api.callsTo('/user/vc-timing-trade/list').filter((c) => c.body.scope === 'history').length;
      const before = historyCalls();
      state.active = [];
      state.history = [{ ...settled, id: 9 }];
      await until(() => expect(screen.getByTestId('empty-noData')).toBeTruthy(), 4000);
      await until(() => expect(historyCalls()).toBeGreaterThan(before));
      fireEvent.click(screen.getByTestId('timing-tab-history'));
      await until(() => expect(screen.getByTestId('timing-order').getAttribute('data-id')).toBe('9'));
    },
    REAL_CLOCK_MS,
  );

  it(
    'shows the result card on the trade page for a moment, and refreshes the balance when an order settles',
    async () => {
      signInAs();
      const now = Date.now();
      const order = makeOrder({
        id: 9,
        vcId: 2,
        symbol: 'ETH',
        createdAt: now - 29_500,
        expiresAt: now + 500,
      });
      const state = { active: [order], history: [] as TimingOrder[] };
      const api = timingApi(state);
      renderPage(<TradePage />, { path: '/trade' });
      await screen.findByTestId('timing-order');
      await until(() => expect(api.callsTo('/wallet/overview').length).toBeGreaterThan(0));
      const overviewCalls = api.callsTo('/wallet/overview').length;
      state.active = [];
      state.history = [{ ...settled, id: 9 }];
      // The order stays in the strip as its result: won, the profit, the payout, and the receipt.
      await until(() => expect(screen.getByTestId('timing-result')).toBeTruthy(), 5000);
      const result = screen.getByTestId('timing-result');
      expect(result.getAttribute('data-id')).toBe('9');
      expect(result.getAttribute('data-state')).toBe('settled');
      expect(within(result).getByTestId('order-outcome').textContent).toBe('Won');
      expect(within(result).getByTestId('result-profit').textContent).toBe('+8.00 USDT');
      expect(within(result).getByTestId('result-payout').textContent).toBe('18.00 USDT');
      expect(screen.queryByTestId('timing-no-open')).toBeNull();
      expect(toastText()).toBe('');
      await until(() => expect(api.callsTo('/wallet/overview').length).toBeGreaterThan(overviewCalls));
      fireEvent.click(within(result).getByTestId('result-receipt'));
      const detail = await screen.findByTestId('timing-detail');
      await until(() =>
        expect(within(detail).getByTestId('detail-settle-tick-id').textContent).toBe('#90210'),
      );
      // Then it leaves the strip.
      await until(
        () => expect(screen.getByTestId('timing-no-open').textContent).toBe('No open orders'),
        RESULT_SHOWN_MS + 1000,
      );
    },
    REAL_CLOCK_MS,
  );
});
