import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES, USER_PANELS } from '../../../src/app/registry.tsx';
import FinancePage from '../../../src/features/finance/finance-page.tsx';
import UserFinanceOrdersPanel from '../../../src/features/finance/user-finance-orders-panel.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { ORDERS, PRODUCTS, SETTLEMENTS, TIME, btcProduct, order, rowOf, settlement } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

const settled = order(41, {
  state: 'settled',
  payoutAmount: '0.010098',
  payoutSymbol: 'BTC',
  incomeAmount: '0.000098',
  settlePrice: '59000.00',
  settleTickId: 98765,
  settleTickTime: TIME + 30 * 86_400_000,
  endedAt: TIME + 30 * 86_400_000 + 1000,
});
const redeemed = order(40, {
  state: 'redeemed',
  refundAmount: '594.000000',
  serviceAmount: '6.000000',
  endedAt: TIME + 3_600_000,
});

/** Holding orders in two pages (the offset 50 leads to the second); a history of two orders. */
function ordersAnswer(body: Record<string, unknown>): FakeAnswer {
  if (body.scope === 'history') return { data: { list: [settled, redeemed], nextCursor: null } };
  if (body.cursor === undefined)
    return { data: { list: [order(50), order(51, { userId: 8 })], nextCursor: 50 } };
  return {
    data: { list: [order(52, { buyType: 'coin', buySymbol: 'BTC', amount: '0.010000' })], nextCursor: null },
  };
}

function serverWithOrders() {
  return fakeServer({
    [PRODUCTS]: () => ({ data: [btcProduct] }),
    [ORDERS]: ordersAnswer,
    [SETTLEMENTS]: () => ({
      data: { list: [settlement(9), settlement(8, { coinPaid: '0.000000' })], nextCursor: null },
    }),
  });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

// antd's tables and tabs take a while to draw in jsdom on a busy machine.
describe('the finance orders and settlements', { timeout: 30_000 }, () => {
  it('lists the holding orders, soonest end first, with what each will pay, page by page', async () => {
    const server = serverWithOrders();
    renderInConsole(<FinancePage />);

    await openTab('Orders');
    await screen.findByText('F2025010200000050');
    const row = within(rowOf('finance-orders-holding', 50));
    expect(row.getByText('saver7')).toBeTruthy();
    expect(row.getByText('BTC 30 days')).toBeTruthy();
    expect(row.getByText('BTC · 12 % a year · 30 days')).toBeTruthy();
    expect(row.getByText(/^600\.00/)).toBeTruthy();
    expect(row.getByText('Holding')).toBeTruthy();
    expect(row.getByText('2025-02-01 03:04:05')).toBeTruthy();
    const expected = within(row.getByTestId('finance-order-expected'));
    expect(expected.getByText(/^0\.010098/)).toBeTruthy();
    expect(expected.getByText(/^605\.917808/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load later orders' }));
    await screen.findByText('F2025010200000052');
    expect(screen.getByText('No more orders.')).toBeTruthy();
    expect(server.bodiesTo(ORDERS)).toEqual([
      { scope: 'holding', limit: 50 },
      { scope: 'holding', limit: 50, cursor: 50 },
    ]);
  });

  it('lists the history: the payout of a settled order and the refund of a redeemed one', async () => {
    const server = serverWithOrders();
    renderInConsole(<FinancePage />);

    await openTab('Orders');
    await openTab('History');
    await screen.findByText('F2025010200000041');
    const paid = within(rowOf('finance-orders-history', 41));
    expect(paid.getByText('Settled')).toBeTruthy();
    const payout = within(paid.getByTestId('finance-order-payout'));
    expect(payout.getByText(/^0\.010098/)).toBeTruthy();
    expect(payout.getByText(/^59,000\.00/)).toBeTruthy();
    expect(payout.getByText(/tick #98765/)).toBeTruthy();
    const back = within(rowOf('finance-orders-history', 40));
    expect(back.getByText('Redeemed early')).toBeTruthy();
    expect(back.getByText('2025-01-02 04:04:05')).toBeTruthy();
    expect(back.getByText(/^594\.00/)).toBeTruthy();
    expect(back.getByText(/^6\.00/)).toBeTruthy();
    expect(server.bodiesTo(ORDERS)).toContainEqual({ scope: 'history', limit: 50 });
  });

  it("shows one user's orders by their id", async () => {
    const server = serverWithOrders();
    renderInConsole(<FinancePage />);

    await openTab('Orders');
    await screen.findByText('F2025010200000050');
    const search = screen.getByLabelText('User id');
    fireEvent.change(search, { target: { value: 'x7' } });
    expect(await screen.findByText('A user id is a whole number.')).toBeTruthy();
    fireEvent.change(search, { target: { value: ' 7 ' } });
    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));

    expect(await screen.findByText('The orders of user #7.')).toBeTruthy();
    await waitFor(() =>
      expect(server.bodiesTo(ORDERS)).toContainEqual({ scope: 'holding', limit: 50, userId: 7 }),
    );
  });

  it('opens the user of an order', async () => {
    const server = fakeServer({
      [PRODUCTS]: () => ({ data: [btcProduct] }),
      [ORDERS]: ordersAnswer,
      '/admin/users/detail': () => ({ refusal: { code: 'NOT_FOUND', message: 'No such user' } }),
    });
    renderInConsole(<FinancePage />);

    await openTab('Orders');
    await screen.findByText('F2025010200000050');
    fireEvent.click(within(rowOf('finance-orders-holding', 50)).getByText('saver7'));
    expect(await screen.findByText('No such user')).toBeTruthy();
    await waitFor(() => expect(server.bodiesTo('/admin/users/detail')).toEqual([{ userId: 7 }]));
  });

  it('lists the settlements: batch, coin, orders, what was paid in the coin and in USDT, when', async () => {
    const server = serverWithOrders();
    renderInConsole(<FinancePage />);

    await openTab('Settlements');
    await screen.findByText('#9');
    const cells = [...rowOf('finance-settlements-table', 9).querySelectorAll('td')].map(
      (cell) => cell.textContent,
    );
    expect(cells.slice(0, 3)).toEqual(['#9', 'BTC', '3']);
    const row = within(rowOf('finance-settlements-table', 9));
    expect(row.getByText(/^0\.020196/)).toBeTruthy();
    expect(row.getByText(/^1,211\.835616/)).toBeTruthy();
    expect(row.getByText('2025-01-02 03:04:05')).toBeTruthy();
    expect(within(rowOf('finance-settlements-table', 8)).getByText(/^0\.00/)).toBeTruthy();
    expect(server.bodiesTo(SETTLEMENTS)).toEqual([{ limit: 50 }]);
  });

  it("shows a user's orders in their detail, without a user column", async () => {
    const server = fakeServer({ [ORDERS]: ordersAnswer });
    renderInConsole(<UserFinanceOrdersPanel userId={7} />);

    await screen.findByText('F2025010200000050');
    expect(screen.queryByText('saver7')).toBeNull();
    expect(server.bodiesTo(ORDERS)).toEqual([{ scope: 'holding', limit: 50, userId: 7 }]);
  });

  it('is a page of the console for every operator, as spot and contracts are, and a section of a user', () => {
    const page = PAGES.find((entry) => entry.path === '/finance');
    expect(page?.label).toBe('Finance');
    expect(page?.roles).toBeUndefined();
    expect(USER_PANELS.map((panel) => panel.key)).toContain('finance-orders');
  });
});
