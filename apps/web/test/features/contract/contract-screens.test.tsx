import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractAccount, ContractClose, ContractOrder, ContractTerms } from '@vela/contract';
import ContractOrderPage from '../../../src/features/contract/contract-order-page.tsx';
import ContractTradePage from '../../../src/features/contract/contract-trade-page.tsx';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
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
import { stubWebSocket } from '../../support/live-stubs.ts';
import { makeTicker } from '../../support/market-fixtures.ts';
import {
  makeAccount,
  makeContractClose,
  makeContractOrder,
  makeContractTerms,
  makeLevels,
  makeOpenLimit,
  makePosition,
} from '../../support/contract-fixtures.ts';

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

const scrollToEnd = () =>
  act(() => {
    for (const observer of [...FakeObserver.live]) observer.fire();
  });

beforeEach(() => {
  stubWebSocket();
  FakeObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  usePreferences.setState({ selectedCoinId: 2 });
});
afterEach(async () => {
  cleanup();
  resetLiveMarketForTests();
  await act(async () => {
    Toast.clear();
  });
});

const TICKERS = [
  makeTicker({ a: 1, c: 'BTC', name: 'Bitcoin', g: '62000.00' }),
  makeTicker({ a: 2, c: 'ETH', name: 'Ethereum', g: '3000.00' }),
  makeTicker({ a: 3, c: 'SOL', name: 'Solana', g: '150.00' }),
];

const currency = (vcId: number, symbol: string, scale: number) => ({
  vcId,
  symbol,
  name: symbol,
  icon: '',
  scale,
  spot: '0',
  contract: '0',
  frozen: '0',
  priceUsdt: null,
  valueUsdt: '0',
});

const OVERVIEW = {
  totalUsdt: '0',
  currencies: [currency(9, 'USDT', 6), currency(1, 'BTC', 8), currency(2, 'ETH', 8)],
};

/** A 10× long of 0.5 ETH from 2,900, marked at 3,000: 50 USDT up, with its targets set. */
const ETH_LONG = makePosition({
  id: 12,
  vcId: 2,
  symbol: 'ETH',
  quantity: '0.50000000',
  entryPrice: '2900.00',
  margin: '145.000000',
  markPrice: '3000.00',
  profit: '50.000000',
  takeProfit: '3300.00',
  stopLoss: '2800.00',
  forcedClosePrice: '1190.00',
});

/** A 5× short of 0.01 BTC from 61,000, marked at 62,000: 10 USDT down. */
const BTC_SHORT = makePosition({
  id: 13,
  side: 'short',
  leverage: 5,
  entryPrice: '61000.00',
  margin: '122.000000',
  profit: '-10.000000',
  forcedClosePrice: null,
});

/** An account past the caution level: margin 267, equity 479.28, risk degree 55.71 %. */
const CAUTION_ACCOUNT: ContractAccount = makeAccount({
  available: '252.280000',
  margin: '267.000000',
  profit: '40.000000',
  equity: '479.280000',
  riskDegree: '0.5571',
  positions: [ETH_LONG, BTC_SHORT],
});

interface ContractState {
  terms?: ContractTerms[];
  account?: ContractAccount;
  open?: ContractOrder[];
  history?: ContractOrder[][];
  closes?: ContractClose[][];
  request?: (body: Record<string, unknown>) => unknown;
  targets?: (body: Record<string, unknown>) => unknown;
}

/** A page of `pages`, the cursor being the index of the page. */
function paged<T>(pages: T[][], body: Record<string, unknown>) {
  const index = typeof body.cursor === 'number' ? body.cursor : 0;
  return { list: pages[index] ?? [], nextCursor: index + 1 < pages.length ? index + 1 : null };
}

/** An in-memory server for the contract screens: terms, account, orders, closes and the actions. */
function contractApi(state: ContractState) {
  return mockApi({
    '/vc/market/list': () => TICKERS,
    '/wallet/overview': () => OVERVIEW,
    '/sys-config/simple-list': () => ({ list: [], dict: [] }),
    '/portal/vc-contract-trade-config/list': () => ({
      list: state.terms ?? [makeContractTerms(), makeContractTerms({ vcId: 1, symbol: 'BTC' })],
      levels: makeLevels(),
    }),
    '/user/vc-contract-position/list': () => state.account ?? makeAccount(),
    '/user/vc-contract-trade/list': (body) =>
      body.scope === 'open'
        ? { list: state.open ?? [], nextCursor: null }
        : paged(state.history ?? [[]], body),
    '/user/vc-contract-close/list': (body) => paged(state.closes ?? [[]], body),
    '/user/vc-contract-trade/detail': (body) =>
      [...(state.open ?? []), ...(state.history ?? []).flat()].find((o) => o.id === body.id) ??
      fail('ORDER_NOT_FOUND', 'No such order'),
    '/user/vc-contract-trade/request': (body) => state.request?.(body) ?? makeOpenLimit({ state: 'open' }),
    '/user/vc-contract-trade/close': (body) =>
      makeContractOrder({ id: 40, action: 'close', state: 'open', positionId: body.positionId as number }),
    '/user/vc-contract-trade/cancel': (body) => makeOpenLimit({ id: body.id as number, state: 'cancelled' }),
    '/user/vc-contract-position/targets': (body) => state.targets?.(body) ?? ETH_LONG,
  });
}

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';
const text = (testId: string) => screen.getByTestId(testId).textContent;
const inputIn = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

async function openTradePage(available = '1,000.00 USDT') {
  renderPage(<ContractTradePage />, { path: '/contract-trade' });
  await screen.findByTestId('contract-form', {}, { timeout: 3000 });
  await until(() => expect(text('contract-available')).toBe(available));
}

describe('/contract-trade: the order form', () => {
  it('estimates the order, confirms it, then sends it with an idempotency key', async () => {
    signInAs();
    const api = contractApi({});
    await openTradePage();
    expect(text('contract-symbol')).toBe('ETH/USDT');
    expect(text('contract-range')).toBe('Min \u20660.01\u2069, Max \u2066100.00\u2069');

    fireEvent.click(screen.getByTestId('contract-leverage-10'));
    fireEvent.change(inputNamed('quantity'), { target: { value: '1' } });
    // 1 ETH at 3,000 and 10×: margin 300, fee 1.5, risk 300 / 998.5, forced close at or below 2,334.83.
    expect(text('contract-estimate-margin')).toBe('300.00 USDT');
    expect(text('contract-estimate-fee')).toBe('1.50 USDT');
    expect(text('contract-estimate-risk')).toBe('30.04%');
    expect(text('contract-estimate-forced')).toBe('≤ 2,334.83');
    fireEvent.change(inputNamed('takeProfit'), { target: { value: '3300' } });
    fireEvent.change(inputNamed('stopLoss'), { target: { value: '2800' } });

    fireEvent.click(screen.getByTestId('contract-submit'));
    const dialog = await screen.findByTestId('contract-confirm');
    expect(within(dialog).getByTestId('contract-confirm-side').textContent).toBe('Long');
    expect(within(dialog).getByTestId('contract-confirm-leverage').textContent).toBe('10×');
    expect(within(dialog).getByTestId('contract-confirm-quantity').textContent).toBe('1.00 ETH');
    expect(within(dialog).getByTestId('contract-confirm-price').textContent).toBe(
      'At the next recorded price',
    );
    expect(within(dialog).getByTestId('contract-confirm-take-profit').textContent).toBe('3,300');
    expect(within(dialog).getByTestId('contract-confirm-margin').textContent).toBe('300.00 USDT');
    expect(within(dialog).getByTestId('contract-confirm-risk').textContent).toBe('30.04%');
    expect(api.callsTo('/user/vc-contract-trade/request')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('contract-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-contract-trade/request')).toHaveLength(1));
    const sent = api.callsTo('/user/vc-contract-trade/request')[0]!;
    expect(sent.body).toEqual({
      vcId: 2,
      side: 'long',
      kind: 'market',
      leverage: 10,
      quantity: '1',
      takeProfit: '3300',
      stopLoss: '2800',
    });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Order placed'));
    expect(inputNamed('quantity').value).toBe('');
  });

  it('turns the button off at the forced-close level and states the rule', async () => {
    signInAs();
    const api = contractApi({});
    await openTradePage();
    fireEvent.click(screen.getByTestId('contract-leverage-10'));
    // The quick shares are of the most the account can open: 2.98 ETH stays below 90 %.
    const quick = screen.getAllByTestId('contract-quick');
    await until(() => expect(quick[3]!.getAttribute('data-value')).toBe('2.98'));
    expect(quick.map((button) => button.getAttribute('data-value'))).toEqual([
      '0.74',
      '1.49',
      '2.23',
      '2.98',
    ]);

    fireEvent.change(inputNamed('quantity'), { target: { value: '3' } });
    expect(text('contract-estimate-risk')).toBe('90.40%');
    expect(screen.getByTestId('contract-estimate-risk').getAttribute('data-tone')).toBe('danger');
    expect(text('contract-risk-rule')).toBe(
      'This would bring your risk degree to the forced-close level of \u206690%\u2069, where every position is closed; lower the quantity or the leverage',
    );
    const submit = screen.getByTestId('contract-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(screen.queryByTestId('contract-confirm')).toBeNull();

    fireEvent.click(quick[3]!);
    expect(inputNamed('quantity').value).toBe('2.98');
    expect(screen.queryByTestId('contract-risk-rule')).toBeNull();
    expect(screen.getByTestId('contract-estimate-risk').getAttribute('data-tone')).toBe('caution');
    expect(submit.disabled).toBe(false);
    expect(api.callsTo('/user/vc-contract-trade/request')).toHaveLength(0);
  });

  it('opens by a margin amount, shorts at a limit, and shows a refusal under its field', async () => {
    signInAs();
    const api = contractApi({ request: () => fail('TARGET_WRONG_SIDE', 'Wrong side, says the server') });
    await openTradePage();
    fireEvent.click(screen.getByTestId('contract-side-short'));
    fireEvent.click(screen.getByTestId('contract-kind-limit'));
    expect(inputNamed('limitPrice').value).toBe('3000.00');
    fireEvent.change(inputNamed('limitPrice'), { target: { value: '3100' } });
    fireEvent.click(screen.getByTestId('contract-mode-margin'));
    fireEvent.change(inputNamed('margin'), { target: { value: '100' } });
    // 100 USDT at 1× opens 100 / 3,100 = 0.0322… ETH: 0.03.
    expect(text('contract-margin-quantity')).toBe('Opens 0.03 ETH');
    fireEvent.click(screen.getByTestId('contract-leverage-20'));
    // At 20×: 2,000 / 3,100 = 0.645… ETH.
    expect(text('contract-margin-quantity')).toBe('Opens 0.64 ETH');

    // A short's take-profit belongs below its price.
    fireEvent.change(inputNamed('takeProfit'), { target: { value: '3200' } });
    fireEvent.click(screen.getByTestId('contract-submit'));
    expect(screen.getByTestId('error-takeProfit').textContent).toBe(
      "A long's take-profit must be above the price and its stop-loss below it; a short's the other way round",
    );
    fireEvent.change(inputNamed('takeProfit'), { target: { value: '2500' } });
    fireEvent.click(screen.getByTestId('contract-submit'));
    fireEvent.click(within(await screen.findByTestId('contract-confirm')).getByTestId('contract-confirm-ok'));
    await until(() => expect(api.callsTo('/user/vc-contract-trade/request')).toHaveLength(1));
    expect(api.callsTo('/user/vc-contract-trade/request')[0]!.body).toEqual({
      vcId: 2,
      side: 'short',
      kind: 'limit',
      leverage: 20,
      quantity: '0.64',
      limitPrice: '3100',
      takeProfit: '2500',
    });
    await until(() =>
      expect(screen.getByTestId('error-takeProfit').textContent).toBe('Wrong side, says the server'),
    );
  });

  it('lists the account, the positions and the open orders under the form', async () => {
    signInAs();
    contractApi({ account: CAUTION_ACCOUNT, open: [makeOpenLimit()] });
    await openTradePage('252.28 USDT');
    await until(() => expect(screen.getAllByTestId('contract-position')).toHaveLength(2));
    expect(text('contract-risk')).toBe('55.71%');
    const open = await screen.findByTestId('contract-open-orders');
    await until(() => expect(within(open).getAllByTestId('contract-order')).toHaveLength(1));
    expect(screen.getByTestId('contract-orders-link').getAttribute('href')).toBe('/contract-trade-order');
  });

  it('says so when no coin trades contracts', async () => {
    signInAs();
    contractApi({ terms: [makeContractTerms({ enabled: false })] });
    renderPage(<ContractTradePage />, { path: '/contract-trade' });
    expect(await screen.findByText('No coin trades contracts yet')).toBeTruthy();
  });
});

describe('positions', () => {
  it('show their figures, the profit in colour and the risk degree highlighted above 50 %', async () => {
    signInAs();
    contractApi({ account: CAUTION_ACCOUNT });
    renderPage(<ContractOrderPage />, { path: '/contract-trade-order' });
    const cards = await screen.findAllByTestId('contract-position');
    expect(text('contract-risk')).toBe('55.71%');
    expect(screen.getByTestId('contract-risk').getAttribute('data-tone')).toBe('caution');
    expect(screen.getByTestId('contract-account').getAttribute('data-tone')).toBe('caution');
    expect(text('contract-caution')).toBe(
      'Your risk degree is above \u206650%\u2069. At \u206690%\u2069 every position is force-closed: add funds or reduce your positions.',
    );
    expect(text('contract-equity')).toBe('479.28 USDT');
    expect(text('contract-profit')).toBe('+40.00 USDT');

    const eth = cards[0]!;
    expect(within(eth).getByTestId('contract-side').textContent).toBe('Long');
    expect(within(eth).getByTestId('position-quantity').textContent).toBe('0.50 ETH');
    expect(within(eth).getByTestId('position-entry').textContent).toBe('2,900.00');
    expect(within(eth).getByTestId('position-mark').textContent).toBe('3,000.00');
    expect(within(eth).getByTestId('position-margin').textContent).toBe('145.00 USDT');
    expect(within(eth).getByTestId('position-forced').textContent).toBe('1,190.00');
    expect(within(eth).getByTestId('position-targets').textContent).toBe('3,300.00 / 2,800.00');
    expect(within(eth).getByTestId('position-profit').textContent).toBe('+50.00 USDT');
    expect(within(eth).getByTestId('position-profit').getAttribute('data-tone')).toBe('up');

    const btc = cards[1]!;
    expect(within(btc).getByTestId('contract-side').textContent).toBe('Short');
    expect(within(btc).getByTestId('position-profit').textContent).toBe('-10.00 USDT');
    expect(within(btc).getByTestId('position-profit').getAttribute('data-tone')).toBe('down');
    expect(within(btc).getByTestId('position-forced').textContent).toBe('--');
    expect(within(btc).getByTestId('position-targets').textContent).toBe('-- / --');
  });

  it('close part of a position at market after a confirmation, with an idempotency key', async () => {
    signInAs();
    const api = contractApi({ account: CAUTION_ACCOUNT });
    renderPage(<ContractOrderPage />, { path: '/contract-trade-order' });
    const eth = (await screen.findAllByTestId('contract-position'))[0]!;
    fireEvent.click(within(eth).getByTestId('position-close'));
    const sheet = await screen.findByTestId('close-sheet');
    // The terms load with the sheet: half of 0.5 ETH.
    await until(() =>
      expect(within(sheet).getAllByTestId('close-quick')[1]!.getAttribute('data-value')).toBe('0.25'),
    );
    fireEvent.change(inputIn(sheet, 'closeQuantity'), { target: { value: '0.6' } });
    fireEvent.click(within(sheet).getByTestId('close-submit'));
    expect(within(sheet).getByTestId('error-closeQuantity').textContent).toBe(
      'You cannot close more than the position holds',
    );

    fireEvent.click(within(sheet).getAllByTestId('close-quick')[1]!);
    expect(inputIn(sheet, 'closeQuantity').value).toBe('0.25');
    fireEvent.click(within(sheet).getByTestId('close-submit'));
    await answerDialog('Confirm');
    await until(() => expect(api.callsTo('/user/vc-contract-trade/close')).toHaveLength(1));
    const sent = api.callsTo('/user/vc-contract-trade/close')[0]!;
    expect(sent.body).toEqual({ positionId: 12, quantity: '0.25' });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Close order placed'));
  });

  it('check the targets against the mark, and send nulls for the cleared ones', async () => {
    signInAs();
    const api = contractApi({ account: CAUTION_ACCOUNT });
    renderPage(<ContractOrderPage />, { path: '/contract-trade-order' });
    const eth = (await screen.findAllByTestId('contract-position'))[0]!;
    fireEvent.click(within(eth).getByTestId('position-edit-targets'));
    const sheet = await screen.findByTestId('targets-sheet');
    expect(inputIn(sheet, 'takeProfit').value).toBe('3300.00');
    expect(inputIn(sheet, 'stopLoss').value).toBe('2800.00');

    // A long's take-profit below the mark of 3,000 is on the wrong side.
    fireEvent.change(inputIn(sheet, 'takeProfit'), { target: { value: '2950' } });
    fireEvent.click(within(sheet).getByTestId('targets-save'));
    expect(within(sheet).getByTestId('error-takeProfit').textContent).toBe(
      "A long's take-profit must be above the price and its stop-loss below it; a short's the other way round",
    );
    expect(api.callsTo('/user/vc-contract-position/targets')).toHaveLength(0);

    fireEvent.change(inputIn(sheet, 'takeProfit'), { target: { value: '' } });
    fireEvent.change(inputIn(sheet, 'stopLoss'), { target: { value: '' } });
    fireEvent.click(within(sheet).getByTestId('targets-save'));
    await until(() => expect(api.callsTo('/user/vc-contract-position/targets')).toHaveLength(1));
    expect(api.callsTo('/user/vc-contract-position/targets')[0]!.body).toEqual({
      positionId: 12,
      takeProfit: null,
      stopLoss: null,
    });
    await until(() => expect(toastText()).toBe('Take-profit and stop-loss saved'));
  });
});

describe('/contract-trade-order', () => {
  it('lists the open orders and cancels one after a confirmation', async () => {
    signInAs();
    const api = contractApi({ open: [makeOpenLimit()] });
    renderPage(<ContractOrderPage />, { path: '/contract-trade-order' });
    await screen.findByTestId('contract-positions');
    expect(screen.getByText('No open positions')).toBeTruthy();

    fireEvent.click(screen.getByTestId('contract-tab-open'));
    const order = await screen.findByTestId('contract-order');
    expect(within(order).getByTestId('contract-state').textContent).toBe('Open');
    expect(within(order).getByTestId('contract-order-price').textContent).toBe('2,900.00');
    expect(within(order).getByTestId('contract-order-quantity').textContent).toBe('0.50 ETH');
    fireEvent.click(within(order).getByTestId('contract-cancel'));
    await answerDialog('Confirm');
    await until(() => expect(api.callsTo('/user/vc-contract-trade/cancel')).toHaveLength(1));
    const sent = api.callsTo('/user/vc-contract-trade/cancel')[0]!;
    expect(sent.body).toEqual({ id: 22 });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Order cancelled'));
  });

  it('pages through the close receipts and opens one', async () => {
    signInAs();
    const first = [
      makeContractClose(),
      makeContractClose({ id: 30, reason: 'forced', price: '2600.00', profit: '-200.000000' }),
    ];
    const api = contractApi({ closes: [first, [makeContractClose({ id: 29, reason: 'market' })]] });
    renderPage(<ContractOrderPage />, { path: '/contract-trade-order' });
    fireEvent.click(await screen.findByTestId('contract-tab-history'));
    await until(() => expect(screen.getAllByTestId('contract-close')).toHaveLength(2));
    scrollToEnd();
    await until(() => expect(screen.getAllByTestId('contract-close')).toHaveLength(3));
    expect(api.callsTo('/user/vc-contract-close/list').filter((c) => c.body.cursor === 1)).toHaveLength(1);
    await screen.findByText('No more data');
    const reasons = screen.getAllByTestId('contract-close-reason').map((node) => node.textContent);
    expect(reasons).toEqual(['Take-profit', 'Forced close', 'Market close']);
    expect(screen.getAllByTestId('contract-close-profit')[1]!.getAttribute('data-tone')).toBe('down');

    fireEvent.click(screen.getAllByTestId('contract-close')[0]!);
    const detail = await screen.findByTestId('close-detail');
    const row = (testId: string) => within(detail).getByTestId(testId).textContent;
    expect(row('close-detail-tick-id')).toBe('#955');
    expect(row('close-detail-price')).toBe('3,300.00');
    expect(row('close-detail-quantity')).toBe('0.50 ETH');
    expect(row('close-detail-fee')).toBe('0.825 USDT');
    expect(row('close-detail-margin')).toBe('150.00 USDT');
    expect(row('close-detail-profit')).toBe('+150.00 USDT');
    expect(row('close-detail-reason')).toBe('Take-profit');
    expect(row('close-detail-entry')).toBe('3,000.00');
    expect(within(detail).getByTestId('close-detail-rule').textContent).toContain('recorded by the feed');
    expect(within(detail).getByTestId('close-detail-support')).toBeTruthy();
  });

  it('lists the ended orders and opens one with its receipt and why it ended', async () => {
    signInAs();
    const refused = makeContractOrder({
      id: 20,
      state: 'refused',
      endReason: 'risk',
      fillPrice: null,
      margin: null,
      fee: null,
      positionId: null,
    });
    contractApi({ history: [[makeContractOrder(), refused]] });
    renderPage(<ContractOrderPage />, { path: '/contract-trade-order' });
    fireEvent.click(await screen.findByTestId('contract-tab-history'));
    fireEvent.click(screen.getByTestId('contract-history-orders'));
    await until(() => expect(screen.getAllByTestId('contract-order')).toHaveLength(2));
    expect(screen.getAllByTestId('contract-state').map((node) => node.textContent)).toEqual([
      'Filled',
      'Refused',
    ]);
    expect(screen.queryAllByTestId('contract-cancel')).toHaveLength(0);

    fireEvent.click(within(screen.getAllByTestId('contract-order')[0]!).getByTestId('contract-order-open'));
    const detail = await screen.findByTestId('order-detail');
    const row = (testId: string) => within(detail).getByTestId(testId).textContent;
    expect(row('order-detail-tick-id')).toBe('#901');
    expect(row('order-detail-price')).toBe('3,000.00');
    expect(row('order-detail-quantity')).toBe('1.00 ETH');
    expect(row('order-detail-fee')).toBe('1.50 USDT');
    expect(row('order-detail-margin')).toBe('300.00 USDT');
    expect(row('order-detail-leverage')).toBe('10×');
    expect(within(detail).getByTestId('order-detail-support')).toBeTruthy();
    fireEvent.click(within(detail).getByText('Close'));

    fireEvent.click(within(screen.getAllByTestId('contract-order')[1]!).getByTestId('contract-order-open'));
    await until(() =>
      expect(within(screen.getByTestId('order-detail')).getByTestId('order-detail-end').textContent).toBe(
        'It would have reached the forced-close level',
      ),
    );
  });
});
