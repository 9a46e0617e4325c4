import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FinanceOrder, FinanceProduct } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import AllFinancePage from '../../../src/features/finance/all-finance-page.tsx';
import BuyFinancePage from '../../../src/features/finance/buy-finance-page.tsx';
import FinanceOrdersPage from '../../../src/features/finance/finance-orders-page.tsx';
import FinancePage from '../../../src/features/finance/finance-page.tsx';
import { fail, inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import {
  makeCoinProduct,
  makeFinanceHolding,
  makeFinanceOrder,
  makeFinanceProduct,
  makeRedeemedOrder,
  makeSettledOrder,
} from '../../support/finance-fixtures.ts';

setupWebTests();
setupActEnvironment();

/** IntersectionObserver as a switch: `fire` makes every observed trigger visible. */
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
  FakeObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(async () => {
  cleanup();
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
  currencies: [currency(9, 'USDT', 6, '1000.000000'), currency(1, 'BTC', 8, '0.50000000')],
};

interface FinanceState {
  products?: FinanceProduct[];
  holding?: FinanceOrder[][];
  history?: FinanceOrder[][];
  buy?: (body: Record<string, unknown>) => unknown;
}

/** The page of `pages` a cursor asks for: the cursor is the index of the page. */
function paged(pages: FinanceOrder[][], cursor: unknown) {
  const index = typeof cursor === 'number' ? cursor : 0;
  return { list: pages[index] ?? [], nextCursor: index + 1 < pages.length ? index + 1 : null };
}

/** An in-memory server for the finance screens: products, overview, orders, buying, redeeming. */
function financeApi(state: FinanceState = {}) {
  const products = state.products ?? [makeFinanceProduct()];
  const orders = [...(state.holding ?? []).flat(), ...(state.history ?? []).flat()];
  return mockApi({
    '/wallet/overview': () => OVERVIEW,
    '/portal/finance-product/list': () => products,
    '/portal/finance-product/detail': (body) =>
      products.find((p) => p.id === body.id) ?? fail('FINANCE_PRODUCT_CLOSED', 'This product is closed'),
    '/user/finance-order/overview': () => [makeFinanceHolding()],
    '/user/finance-order/list': (body) =>
      paged((body.scope === 'holding' ? state.holding : state.history) ?? [[]], body.cursor),
    '/user/finance-order/detail': (body) =>
      orders.find((o) => o.id === body.id) ?? fail('ORDER_NOT_FOUND', 'No such order'),
    '/user/finance-order/buy': (body) => state.buy?.(body) ?? makeFinanceOrder(),
    '/user/finance-order/redeem': (body) => makeRedeemedOrder({ id: body.id as number }),
  });
}

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';
/** Text without the direction isolates that keep figures in order inside a sentence. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066\u2069]/g, '');

describe('/finance', () => {
  it('shows the figures of each currency and the ways to products, orders and bills', async () => {
    signInAs();
    financeApi();
    renderPage(<FinancePage />, { path: '/finance' });
    const card = await screen.findByTestId('finance-holding');
    expect(within(card).getByTestId('holding-held').textContent).toBe('100.00 USDT');
    expect(within(card).getByTestId('holding-income').textContent).toBe('0.986301 USDT');
    expect(within(card).getByTestId('holding-estimated').textContent).toBe('0.986301 USDT');
    expect(within(card).getByTestId('holding-orders').textContent).toBe('1');
    expect(screen.getByTestId('finance-products-link').getAttribute('href')).toBe('/all-finance');
    expect(screen.getByTestId('finance-orders-link').getAttribute('href')).toBe('/finance-orders');
    expect(screen.getByTestId('finance-bills-link').getAttribute('href')).toBe('/finance-order-bills');
  });

  it('asks a visitor to log in instead of showing figures, and still offers the products', async () => {
    const api = financeApi();
    renderPage(<FinancePage />, { path: '/finance' });
    expect(screen.getByTestId('finance-login-note').textContent).toContain('Log in to see your principal');
    expect(screen.getByTestId('finance-products-link')).toBeTruthy();
    expect(screen.queryByTestId('finance-orders-link')).toBeNull();
    expect(api.callsTo('/user/finance-order/overview')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('finance-login'));
    expect((await screen.findByTestId('location')).textContent).toBe('/login?redirect=%2Ffinance');
  });
});

describe('/all-finance', () => {
  it('groups the products by coin, with yield, term, linked price, payment and quota', async () => {
    financeApi({ products: [makeFinanceProduct(), makeCoinProduct()] });
    renderPage(<AllFinancePage />, { path: '/all-finance' });
    const card = await screen.findByTestId('finance-product');
    expect(within(card).getByTestId('product-yield').textContent).toBe('12%');
    expect(within(card).getByTestId('product-term').textContent).toBe('30d');
    expect(within(card).getByTestId('product-price').textContent).toBe('60,000.00');
    expect(within(card).getByTestId('product-paid-in').textContent).toBe('Paid in USDT');
    expect(within(card).getByTestId('product-remaining').textContent).toBe('250,000.00 USDT');
    expect(within(card).getByTestId('product-sold').textContent).toBe('75% sold');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');

    fireEvent.click(screen.getByTestId('finance-coin-ETH'));
    const eth = await screen.findByTestId('finance-product');
    expect(eth.getAttribute('data-id')).toBe('4');
    expect(within(eth).getByTestId('product-term').textContent).toBe('7d');
    fireEvent.click(eth);
    expect((await screen.findByTestId('location')).textContent).toBe('/buy-finance?id=4');
  });

  it('says so when nothing is on sale', async () => {
    financeApi({ products: [] });
    renderPage(<AllFinancePage />, { path: '/all-finance' });
    expect((await screen.findByTestId('empty-noData')).textContent).toBe('No products are on sale right now');
  });
});

async function openBuyPage() {
  renderPage(<BuyFinancePage />, { path: '/buy-finance', history: ['/buy-finance?id=3'] });
  await until(() =>
    expect(plain(screen.getByTestId('buy-available').textContent)).toBe('Available: 1,000.00 USDT'),
  );
}

describe('/buy-finance', () => {
  it('computes both outcomes live and discloses the risk with a worked example', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    financeApi();
    await openBuyPage();
    expect(plain(screen.getByTestId('buy-range').textContent)).toBe('Min 10.00, Max 50,000.00');
    expect(screen.getByTestId('outcome-coin-amount').textContent).toBe('-- BTC');
    await until(() =>
      expect(plain(screen.getByTestId('finance-risk-example').textContent)).toBe(
        'For example, if you put in 100.00 USDT and the price ends below 60,000.00, you receive 0.0016831 BTC; at or above it, 100.986301 USDT.',
      ),
    );
    expect(plain(screen.getByTestId('finance-redeem-rule').textContent)).toContain('less a 0.5% service fee');

    fireEvent.change(inputNamed('amount'), { target: { value: '250' } });
    expect(screen.getByTestId('outcome-coin-amount').textContent).toBe('0.00420776 BTC');
    expect(screen.getByTestId('outcome-usdt-amount').textContent).toBe('252.465753 USDT');
    expect(plain(screen.getByTestId('outcome-usdt-income').textContent)).toBe('Income +2.465753 USDT');

    fireEvent.click(screen.getByTestId('buy-all'));
    expect(inputNamed('amount').value).toBe('1000');
  });

  it('checks the amount, confirms with the fund password, then buys with an idempotency key', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = financeApi();
    await openBuyPage();
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(screen.getByTestId('error-amount').textContent).toBe('Please enter an amount');
    fireEvent.change(inputNamed('amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(plain(screen.getByTestId('error-amount').textContent)).toBe(
      'The amount is out of range (Min 10.00, Max 50,000.00)',
    );

    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('buy-submit'));
    const dialog = await screen.findByTestId('buy-confirm');
    expect(within(dialog).getByTestId('buy-confirm-amount').textContent).toBe('100.00 USDT');
    expect(within(dialog).getByTestId('buy-confirm-yield').textContent).toBe('12%');
    expect(within(dialog).getByTestId('buy-confirm-coin').textContent).toBe('0.0016831 BTC');
    expect(within(dialog).getByTestId('buy-confirm-usdt').textContent).toBe('100.986301 USDT');
    expect(within(dialog).getByTestId('finance-risk').textContent).toContain('Not principal-guaranteed');

    fireEvent.click(within(dialog).getByTestId('buy-confirm-ok'));
    expect(within(dialog).getByTestId('error-fundPwd').textContent).toBe('Fund password is required');
    expect(api.callsTo('/user/finance-order/buy')).toHaveLength(0);
    fireEvent.change(inputNamed('fundPwd'), { target: { value: 'secret12' } });
    fireEvent.click(within(dialog).getByTestId('buy-confirm-ok'));
    await until(() => expect(api.callsTo('/user/finance-order/buy')).toHaveLength(1));
    const sent = api.callsTo('/user/finance-order/buy')[0]!;
    expect(sent.body).toEqual({ productId: 3, amount: '100', fundPwd: preHashPassword('secret12') });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Purchased. Your order is holding.'));
    expect((await screen.findByTestId('location')).textContent).toBe('/finance-orders');
  });

  it('shows the server refusal next to its field, and retries a lost answer with the same key', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const outcomes: unknown[] = [
      'network',
      fail('FUND_PASSWORD_WRONG', 'The fund password is wrong'),
      fail('FINANCE_QUOTA_EXHAUSTED', "Only 20.50 USDT of this product's quota is left"),
    ];
    const api = financeApi({
      buy: () => {
        const outcome = outcomes.shift();
        if (outcome === 'network') throw new TypeError('Failed to fetch');
        return outcome;
      },
    });
    await openBuyPage();
    fireEvent.change(inputNamed('amount'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('buy-submit'));
    const dialog = await screen.findByTestId('buy-confirm');
    fireEvent.change(inputNamed('fundPwd'), { target: { value: 'secret12' } });
    fireEvent.click(within(dialog).getByTestId('buy-confirm-ok'));
    await until(() => expect(toastText()).toBe('Network error, please check your connection and try again'));
    fireEvent.click(within(dialog).getByTestId('buy-confirm-ok'));
    await until(() =>
      expect(within(dialog).getByTestId('error-fundPwd').textContent).toBe('The fund password is wrong'),
    );
    const [first, second] = api.callsTo('/user/finance-order/buy');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);

    fireEvent.change(inputNamed('fundPwd'), { target: { value: 'secret13' } });
    fireEvent.click(within(dialog).getByTestId('buy-confirm-ok'));
    await until(() =>
      expect(screen.getByTestId('error-amount').textContent).toBe(
        "Only 20.50 USDT of this product's quota is left",
      ),
    );
    const third = api.callsTo('/user/finance-order/buy')[2]!;
    expect(third.headers['idempotency-key']).not.toBe(second!.headers['idempotency-key']);
  });

  it('leads to setting a fund password when the user has none', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    financeApi();
    await openBuyPage();
    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('buy-submit'));
    const note = await screen.findByTestId('buy-confirm-no-fund-password');
    expect(note.textContent).toContain('Please set a fund password first');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/bind-fund-password');
  });

  it('says a closed product is closed', async () => {
    signInAs();
    financeApi({ products: [makeFinanceProduct({ enabled: false })] });
    renderPage(<BuyFinancePage />, { path: '/buy-finance', history: ['/buy-finance?id=3'] });
    expect((await screen.findByTestId('empty-noData')).textContent).toBe(
      'This product is closed to new buyers',
    );
  });
});

describe('/finance-orders', () => {
  const DAY = 86_400_000;

  it('counts a holding order down, shows both estimates, and redeems it after a confirmation', async () => {
    signInAs();
    const now = Date.now();
    const order = makeFinanceOrder({ calcStartDate: now - DAY, calcEndDate: now + 2 * DAY + 3_600_000 });
    const api = financeApi({ holding: [[order]] });
    renderPage(<FinanceOrdersPage />, { path: '/finance-orders' });
    const card = await screen.findByTestId('finance-order');
    expect(within(card).getByTestId('order-amount').textContent).toBe('100.00 USDT');
    expect(within(card).getByTestId('order-rate').textContent).toBe('12%');
    expect(within(card).getByTestId('order-countdown').textContent).toMatch(/^2d 0[01]:\d\d:\d\d$/);
    expect(within(card).getByTestId('order-estimate-coin').textContent).toBe('0.0016831 BTC');
    expect(within(card).getByTestId('order-estimate-usdt').textContent).toBe('100.986301 USDT');

    fireEvent.click(within(card).getByTestId('order-redeem'));
    const dialog = await screen.findByTestId('redeem-confirm');
    expect(within(dialog).getByTestId('redeem-fee').textContent).toBe('0.50 USDT');
    expect(within(dialog).getByTestId('redeem-refund').textContent).toBe('99.50 USDT');
    expect(api.callsTo('/user/finance-order/redeem')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('redeem-confirm-ok'));
    await until(() => expect(api.callsTo('/user/finance-order/redeem')).toHaveLength(1));
    const sent = api.callsTo('/user/finance-order/redeem')[0]!;
    expect(sent.body).toEqual({ id: 71 });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await until(() => expect(toastText()).toBe('Redeemed. The refund is in your spot account.'));
  });

  it('leads from an empty holding list to the products', async () => {
    signInAs();
    financeApi({ holding: [[]] });
    renderPage(<FinanceOrdersPage />, { path: '/finance-orders' });
    const link = await screen.findByTestId('finance-browse-products');
    expect(link.getAttribute('href')).toBe('/all-finance');
    expect(link.textContent).toBe('Finance products');
  });

  it('offers no redemption once the end has passed', async () => {
    signInAs();
    const now = Date.now();
    financeApi({ holding: [[makeFinanceOrder({ calcStartDate: now - 2 * DAY, calcEndDate: now - 1000 })]] });
    renderPage(<FinanceOrdersPage />, { path: '/finance-orders' });
    const card = await screen.findByTestId('finance-order');
    expect(within(card).getByTestId('order-settling').textContent).toBe('In settlement');
    expect(within(card).queryByTestId('order-redeem')).toBeNull();
  });

  it('pages through the history, says how each ended, and opens the settlement receipt', async () => {
    signInAs();
    const api = financeApi({ history: [[makeSettledOrder()], [makeRedeemedOrder()]] });
    renderPage(<FinanceOrdersPage />, { path: '/finance-orders' });
    fireEvent.click(await screen.findByTestId('finance-tab-history'));
    await until(() => expect(screen.getAllByTestId('finance-order')).toHaveLength(1));
    act(() => {
      for (const observer of [...FakeObserver.live]) observer.fire();
    });
    await until(() => expect(screen.getAllByTestId('finance-order')).toHaveLength(2));
    expect(api.callsTo('/user/finance-order/list').filter((c) => c.body.cursor === 1)).toHaveLength(1);
    await screen.findByText('No more data');
    const [settled, redeemed] = screen.getAllByTestId('finance-order');
    expect(within(settled!).getByTestId('order-state').textContent).toBe('Settled');
    expect(within(settled!).getByTestId('order-payout').textContent).toBe('100.986301 USDT');
    expect(within(settled!).getByTestId('order-income').textContent).toBe('0.986301 USDT');
    expect(within(settled!).getByTestId('order-settle-price').textContent).toBe('61,250.50');
    expect(within(redeemed!).getByTestId('order-state').textContent).toBe('Redeemed early');
    expect(within(redeemed!).getByTestId('order-fee').textContent).toBe('0.50 USDT');
    expect(within(redeemed!).getByTestId('order-refund').textContent).toBe('99.50 USDT');

    fireEvent.click(within(settled!).getByTestId('finance-order-open'));
    const detail = await screen.findByTestId('finance-detail');
    expect(within(detail).getByTestId('detail-order-num').textContent).toBe('F20231114000071');
    expect(within(detail).getByTestId('detail-tick-id').textContent).toBe('#8801');
    expect(within(detail).getByTestId('detail-tick-time').textContent).toMatch(/\.420$/);
    expect(within(detail).getByTestId('detail-settle-price').textContent).toBe('61,250.50');
    expect(within(detail).getByTestId('detail-payout').textContent).toBe('100.986301 USDT');
    expect(within(detail).getByTestId('finance-support')).toBeTruthy();
    await until(() => expect(api.callsTo('/user/finance-order/detail')).toHaveLength(1));
  });
});
