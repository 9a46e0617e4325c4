import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotHolding, SpotOrder, SpotTerms } from '@vela/contract';
import type { KlineChartProps } from '../../../src/features/trade/kline-chart.tsx';
import TradePage from '../../../src/features/trade/trade-page.tsx';
import SpotHoldingPage from '../../../src/features/trade/spot-holding-page.tsx';
import { DEFAULT_CHART_SETTINGS } from '../../../src/features/trade/chart-settings-logic.ts';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import {
  answerDialog,
  fail,
  inputNamed,
  mockApi,
  renderPage,
  setupWebTests,
  signInAs,
} from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { MARKET } from '../../support/market-fixtures.ts';
import { stubWebSocket } from '../../support/live-stubs.ts';
import { makeOpenSell, makeSpotHolding, makeSpotOrder, makeSpotTerms } from '../../support/spot-fixtures.ts';

vi.mock('../../../src/features/trade/kline-chart.tsx', () => ({
  default: (props: KlineChartProps) => <div data-testid="kline-chart" data-vc-id={props.vcId} />,
}));

setupWebTests();
setupActEnvironment();

/** IntersectionObserver as a switch: `scrollToEnd` makes every observed trigger visible. */
class FakeObserver {
  static live = new Set<FakeObserver>();
  private readonly nodes = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(node: Element) {
    this.nodes.add(node);
    FakeObserver.live.add(this);
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  fire() {
    const entries = [...this.nodes].map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  stubWebSocket();
  FakeObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(async () => {
  cleanup();
  resetLiveMarketForTests();
  await act(async () => {
    Toast.clear();
  });
});

const currency = (vcId: number, symbol: string, scale: number, spot: string) => ({
  vcId,
  symbol,
  name: symbol,
  icon: '',
  scale,
  spot,
  contract: '0',
  frozen: '0',
  priceUsdt: null,
  valueUsdt: '0',
});

const OVERVIEW = {
  totalUsdt: '0',
  currencies: [currency(9, 'USDT', 6, '1000.000000'), currency(2, 'ETH', 8, '0.50000000')],
};

interface SpotState {
  terms?: SpotTerms[];
  open?: SpotOrder[];
  history?: SpotOrder[][];
  holdings?: SpotHolding[];
  request?: (body: Record<string, unknown>) => unknown;
}

/** An in-memory server for the spot screens: terms, balances, orders, holdings, placing, cancelling. */
function spotApi(state: SpotState) {
  return mockApi({
    '/vc/market/list': () => MARKET,
    '/portal/vc-timing-trade-config/list': () => [{ vcId: 2, settleVcId: 9, enabled: true, periods: [] }],
    '/user/chart-settings/get': () => DEFAULT_CHART_SETTINGS,
    '/wallet/overview': () => OVERVIEW,
    '/portal/vc-spot-trade-config/list': () => state.terms ?? [makeSpotTerms()],
    '/user/vc-spot-holding/list': () => state.holdings ?? [],
    '/user/vc-spot-trade/list': (body) => {
      if (body.scope === 'open') return { list: state.open ?? [], nextCursor: null };
      const pages = state.history ?? [[]];
      const index = typeof body.cursor === 'number' ? body.cursor : 0;
      return { list: pages[index] ?? [], nextCursor: index + 1 < pages.length ? index + 1 : null };
    },
    '/user/vc-spot-trade/detail': (body) =>
      [...(state.open ?? []), ...(state.history ?? []).flat()].find((o) => o.id === body.id) ??
      fail('ORDER_NOT_FOUND', 'No such order'),
    '/user/vc-spot-trade/request': (body) => state.request?.(body) ?? makeSpotOrder({ state: 'open' }),
    '/user/vc-spot-trade/cancel': (body) => makeOpenSell({ id: body.id as number, state: 'cancelled' }),
  });
}

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';

async function openSpotTab() {
  renderPage(<TradePage />, { path: '/trade' });
  fireEvent.click(await screen.findByTestId('order-tab-futures'));
  const panel = await screen.findByTestId('spot-panel', {}, { timeout: 3000 });
  await until(() => expect(screen.getByTestId('spot-available').textContent).toBe('1,000.00 USDT'));
  return panel;
}

describe('spot panel', () => {
  it('checks the amount, confirms, then buys with an idempotency key', async () => {
    signInAs();
    const api = spotApi({});
    const panel = await openSpotTab();
    expect(screen.getByTestId('spot-range').textContent).toBe(
      'Min \u206610.00\u2069, Max \u206650,000.00\u2069',
    );

    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(screen.getByTestId('error-amount').textContent).toBe('Please enter an amount');
    expect(screen.queryByTestId('spot-confirm')).toBeNull();

    // 25 % of 1,000 USDT; at the live 3,100.5 the fee and what the buy gets are estimated.
    const quick = within(panel).getAllByTestId('spot-quick');
    expect(quick.map((b) => b.getAttribute('data-value'))).toEqual(['250', '500', '750', '1000']);
    fireEvent.click(quick[0]!);
    expect(inputNamed('amount').value).toBe('250');
    expect(screen.getByTestId('spot-fee').textContent).toBe('0.249591 USDT');
    expect(screen.getByTestId('spot-receive').textContent).toBe('≈ 0.0805 ETH');

    fireEvent.click(screen.getByTestId('spot-submit'));
    const dialog = await screen.findByTestId('spot-confirm');
    expect(within(dialog).getByTestId('spot-confirm-side').textContent).toBe('Buy');
    expect(within(dialog).getByTestId('spot-confirm-kind').textContent).toBe('Market');
    expect(within(dialog).getByTestId('spot-confirm-amount').textContent).toBe('250.00 USDT');
    expect(within(dialog).getByTestId('spot-confirm-price').textContent).toBe('At the next recorded price');
    expect(within(dialog).getByTestId('spot-confirm-fee').textContent).toBe('0.249591 USDT');
    expect(api.callsTo('/user/vc-spot-trade/request')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('spot-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-spot-trade/request')).toHaveLength(1));
    const sent = api.callsTo('/user/vc-spot-trade/request')[0]!;
    expect(sent.body).toEqual({ vcId: 2, side: 'buy', kind: 'market', amount: '250' });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Order placed'));
    expect(inputNamed('amount').value).toBe('');
  });

  it('sells at a limit prefilled from the live price', async () => {
    signInAs();
    const api = spotApi({});
    await openSpotTab();
    fireEvent.click(screen.getByTestId('spot-side-sell'));
    fireEvent.click(screen.getByTestId('spot-kind-limit'));
    expect(inputNamed('limitPrice').value).toBe('3100.5');
    await until(() => expect(screen.getByTestId('spot-available').textContent).toBe('0.50 ETH'));
    expect(screen.getByTestId('spot-range').textContent).toBe('Min \u20660.001\u2069, Uncapped');
    const quick = screen.getAllByTestId('spot-quick');
    fireEvent.click(quick[3]!);
    expect(inputNamed('quantity').value).toBe('0.5');
    expect(screen.getByTestId('spot-receive').textContent).toBe('≈ 1,548.69975 USDT');

    fireEvent.click(screen.getByTestId('spot-submit'));
    const dialog = await screen.findByTestId('spot-confirm');
    expect(within(dialog).getByTestId('spot-confirm-side').textContent).toBe('Sell');
    expect(within(dialog).getByTestId('spot-confirm-amount').textContent).toBe('0.50 ETH');
    expect(within(dialog).getByTestId('spot-confirm-price').textContent).toBe('3,100.5');
    fireEvent.click(within(dialog).getByTestId('spot-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-spot-trade/request')).toHaveLength(1));
    expect(api.callsTo('/user/vc-spot-trade/request')[0]!.body).toEqual({
      vcId: 2,
      side: 'sell',
      kind: 'limit',
      quantity: '0.5',
      limitPrice: '3100.5',
    });
  });

  it('retries with the same key after a lost answer, and shows a refusal under the field', async () => {
    signInAs();
    const outcomes: unknown[] = ['network', fail('INSUFFICIENT_BALANCE', 'Insufficient balance')];
    const api = spotApi({
      request: () => {
        const outcome = outcomes.shift();
        if (outcome === 'network') throw new TypeError('Failed to fetch');
        return outcome;
      },
    });
    await openSpotTab();
    const send = async () => {
      fireEvent.click(screen.getByTestId('spot-submit'));
      fireEvent.click(within(await screen.findByTestId('spot-confirm')).getByTestId('spot-confirm-ok'));
    };
    fireEvent.change(inputNamed('amount'), { target: { value: '20' } });
    await send();
    await until(() => expect(toastText()).toBe('Network error, please check your connection and try again'));
    await send();
    await until(() => expect(screen.getByTestId('error-amount').textContent).toBe('Insufficient balance'));
    const [first, second] = api.callsTo('/user/vc-spot-trade/request');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('lists the open orders of the coin, and cancels one after a confirmation', async () => {
    signInAs();
    const api = spotApi({ open: [makeOpenSell()], history: [[makeSpotOrder()]] });
    await openSpotTab();
    const open = await screen.findByTestId('spot-open-list');
    const order = await within(open).findByTestId('spot-order');
    expect(within(order).getByTestId('spot-state').textContent).toBe('Open');
    expect(within(order).getByTestId('spot-order-price').textContent).toBe('3,500.00');
    const fills = await screen.findByTestId('spot-fills');
    await until(() => expect(within(fills).getAllByTestId('spot-order')).toHaveLength(1));
    expect(screen.getByTestId('spot-holdings-link').getAttribute('href')).toBe('/spot-holding');

    fireEvent.click(within(order).getByTestId('spot-cancel'));
    await answerDialog('Confirm');
    await until(() => expect(api.callsTo('/user/vc-spot-trade/cancel')).toHaveLength(1));
    const sent = api.callsTo('/user/vc-spot-trade/cancel')[0]!;
    expect(sent.body).toEqual({ id: 32 });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Order cancelled'));
  });

  it('says so when the coin does not trade on spot', async () => {
    signInAs();
    spotApi({ terms: [makeSpotTerms({ enabled: false })] });
    renderPage(<TradePage />, { path: '/trade' });
    fireEvent.click(await screen.findByTestId('order-tab-futures'));
    expect((await screen.findByTestId('spot-closed', {}, { timeout: 3000 })).textContent).toBe(
      'Spot trading of this coin is closed',
    );
  });
});

describe('/spot-holding', () => {
  it('values each holding at the live price, and sells one from its sheet', async () => {
    signInAs();
    const deposited = makeSpotHolding({ vcId: 3, symbol: 'SOL', averageCost: null, cost: '0.000000' });
    const api = spotApi({
      holdings: [makeSpotHolding(), deposited],
      terms: [makeSpotTerms({ vcId: 1, symbol: 'BTC' })],
    });
    renderPage(<SpotHoldingPage />, { path: '/spot-holding' });
    const cards = await screen.findAllByTestId('spot-holding');
    // 0.5 BTC at the live 64,000.12 against a cost of 25,000.
    const btc = cards[0]!;
    expect(within(btc).getByTestId('holding-average-cost').textContent).toBe('50,000.00');
    expect(within(btc).getByTestId('holding-value').textContent).toBe('32,000.06 USDT');
    expect(within(btc).getByTestId('holding-profit').getAttribute('data-tone')).toBe('up');
    expect(within(btc).getByTestId('holding-profit').textContent).toBe('+7,000.06 USDT (+28.00%)');
    // Coins that came by deposit have no known cost.
    expect(within(cards[1]!).getByTestId('holding-average-cost').textContent).toBe('—');
    expect(within(cards[1]!).getByTestId('holding-profit').textContent).toBe('-- USDT');

    fireEvent.click(within(btc).getByTestId('spot-holding-sell'));
    const sheet = await screen.findByTestId('spot-sell-sheet');
    const quick = await within(sheet).findAllByTestId('spot-quick');
    fireEvent.click(quick[1]!);
    expect(inputNamed('quantity').value).toBe('0.25');
    fireEvent.click(within(sheet).getByTestId('spot-submit'));
    fireEvent.click(within(await screen.findByTestId('spot-confirm')).getByTestId('spot-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-spot-trade/request')).toHaveLength(1));
    expect(api.callsTo('/user/vc-spot-trade/request')[0]!.body).toEqual({
      vcId: 1,
      side: 'sell',
      kind: 'market',
      quantity: '0.25',
    });
  });

  it('pages through the history and opens an order with its fill receipt', async () => {
    signInAs();
    const first = Array.from({ length: 3 }, (_, i) => makeSpotOrder({ id: 60 - i }));
    const second = [
      makeSpotOrder({ id: 40, state: 'cancelled', cancelReason: 'too_small', fillPrice: null }),
    ];
    const api = spotApi({ history: [first, second] });
    renderPage(<SpotHoldingPage />, { path: '/spot-holding' });
    fireEvent.click(await screen.findByTestId('spot-tab-history'));
    await until(() => expect(screen.getAllByTestId('spot-order')).toHaveLength(3));
    act(() => {
      for (const observer of [...FakeObserver.live]) observer.fire();
    });
    await until(() => expect(screen.getAllByTestId('spot-order')).toHaveLength(4));
    expect(api.callsTo('/user/vc-spot-trade/list').filter((c) => c.body.cursor === 1)).toHaveLength(1);
    expect(screen.getAllByTestId('spot-state')[3]!.textContent).toBe('Cancelled (too small)');
    await screen.findByText('No more data');

    fireEvent.click(within(screen.getAllByTestId('spot-order')[0]!).getByTestId('spot-order-open'));
    const detail = await screen.findByTestId('spot-detail');
    expect(within(detail).getByTestId('spot-detail-tick-id').textContent).toBe('#901');
    expect(within(detail).getByTestId('spot-detail-fill-price').textContent).toBe('3,100.50');
    expect(within(detail).getByTestId('spot-detail-quantity').textContent).toBe('0.0805 ETH');
    expect(within(detail).getByTestId('spot-detail-quote').textContent).toBe('249.59025 USDT');
    expect(within(detail).getByTestId('spot-detail-fee').textContent).toBe('0.249591 USDT');
    expect(within(detail).getByTestId('spot-detail-credit').textContent).toBe('0.160159 USDT');
    expect(within(detail).getByTestId('spot-support')).toBeTruthy();
  });
});
