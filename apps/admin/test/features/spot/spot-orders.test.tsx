import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrder } from '@vela/contract';
import { PAGES, USER_PANELS } from '../../../src/app/registry.tsx';
import SpotPage from '../../../src/features/spot/spot-page.tsx';
import UserSpotOrdersPanel from '../../../src/features/spot/user-spot-orders-panel.tsx';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

const ORDERS = '/admin/spot/orders';
const CREATED = new Date(2025, 0, 2, 3, 4, 5).getTime();

function order(id: number, overrides: Partial<SpotOrder> = {}): SpotOrder {
  return {
    id,
    vcId: 1,
    symbol: 'BTC',
    settleSymbol: 'USDT',
    side: 'buy',
    kind: 'limit',
    state: 'open',
    amount: '100.000000',
    quantity: null,
    limitPrice: '60000.00',
    feeRate: '0.001000',
    createdAt: CREATED,
    fillPrice: null,
    fillTickId: null,
    fillTickTime: null,
    quote: null,
    fee: null,
    credit: null,
    filledAt: null,
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}

const filledSell = order(41, {
  side: 'sell',
  kind: 'market',
  state: 'filled',
  amount: null,
  quantity: '0.500000',
  limitPrice: null,
  fillPrice: '61000.50',
  fillTickId: 98765,
  fillTickTime: CREATED + 800,
  quote: '30500.250000',
  fee: '30.500250',
  credit: '30469.749750',
  filledAt: CREATED + 900,
});
const tooSmall = order(40, {
  kind: 'market',
  state: 'cancelled',
  limitPrice: null,
  amount: '0.010000',
  cancelledAt: CREATED + 1000,
  cancelReason: 'too_small',
});

/** The orders endpoint: one open order, and a history of two pages (cursor 40 leads to the second). */
function ordersAnswer(body: Record<string, unknown>): FakeAnswer {
  if (body.scope === 'open') return { data: { list: [order(50)], nextCursor: null } };
  if (body.cursor === undefined) return { data: { list: [filledSell], nextCursor: 41 } };
  return { data: { list: [tooSmall], nextCursor: null } };
}

function rowOf(scope: string, id: number): HTMLElement {
  const row = document.querySelector<HTMLElement>(
    `[data-testid="spot-orders-${scope}"] tr[data-row-key="${id}"]`,
  );
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

/** The tab holding a scope's orders; both tabs stay drawn once opened. */
function paneOf(scope: string): HTMLElement {
  const pane = document
    .querySelector(`[data-testid="spot-orders-${scope}"]`)
    ?.closest<HTMLElement>('[role="tabpanel"]');
  if (!pane) throw new Error(`no ${scope} tab`);
  return pane;
}

// antd's tables and tabs take a while to draw in jsdom on a busy machine.
describe("a user's spot orders", { timeout: 20_000 }, () => {
  it('shows the open orders first, with what each set aside and its limit', async () => {
    const server = fakeServer({ [ORDERS]: ordersAnswer });
    renderInConsole(<UserSpotOrdersPanel userId={7} />);

    await screen.findByText('#50');
    const row = within(rowOf('open', 50));
    expect(row.getByText('Buy')).toBeTruthy();
    expect(row.getByText('Limit')).toBeTruthy();
    expect(row.getByText('Open')).toBeTruthy();
    expect(row.getByText(/^100\.00/)).toBeTruthy();
    expect(row.getByText(/^60,000\.00/)).toBeTruthy();
    expect(row.getByText('created 2025-01-02 03:04:05')).toBeTruthy();
    expect(server.bodiesTo(ORDERS)).toEqual([{ userId: 7, scope: 'open', limit: 50 }]);
  });

  it('shows the history with the tick each order filled on, and reads it page by page', async () => {
    const server = fakeServer({ [ORDERS]: ordersAnswer });
    renderInConsole(<UserSpotOrdersPanel userId={7} />);

    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    await screen.findByText('#41');
    const filled = within(rowOf('history', 41));
    expect(filled.getByText('Sell')).toBeTruthy();
    expect(filled.getByText('Filled')).toBeTruthy();
    expect(filled.getByText(/^61,000\.50/)).toBeTruthy();
    expect(filled.getByText('tick #98765')).toBeTruthy();
    expect(filled.getByText('2025-01-02 03:04:05')).toBeTruthy();
    expect(filled.getByText(/^30\.50025/)).toBeTruthy();
    expect(filled.getByText('rate 0.1 %')).toBeTruthy();
    expect(filled.getByText('filled 2025-01-02 03:04:05')).toBeTruthy();

    const history = within(paneOf('history'));
    fireEvent.click(history.getByRole('button', { name: 'Load older orders' }));
    await screen.findByText('#40');
    const cancelled = within(rowOf('history', 40));
    expect(cancelled.getByText('Cancelled')).toBeTruthy();
    expect(cancelled.getByText('too small to buy one step at the fill price')).toBeTruthy();
    expect(cancelled.getByText('cancelled 2025-01-02 03:04:06')).toBeTruthy();
    expect(history.getByText('No more orders.')).toBeTruthy();
    expect(server.bodiesTo(ORDERS).slice(1)).toEqual([
      { userId: 7, scope: 'history', limit: 50 },
      { userId: 7, scope: 'history', limit: 50, cursor: 41 },
    ]);
  });

  it('says why the orders could not be loaded', async () => {
    fakeServer({ [ORDERS]: () => ({ refusal: { code: 'NOT_FOUND', message: 'No such user' } }) });
    renderInConsole(<UserSpotOrdersPanel userId={999} />);
    expect(await screen.findByText('No such user')).toBeTruthy();
  });

  it('is reached on the spot page by the user id', async () => {
    const server = fakeServer({
      '/admin/spot/terms/list': () => ({ data: [] }),
      [ORDERS]: ordersAnswer,
    });
    renderInConsole(<SpotPage />);

    const search = await screen.findByLabelText('User id');
    fireEvent.change(search, { target: { value: 'abc' } });
    expect(await screen.findByText('A user id is a whole number.')).toBeTruthy();
    fireEvent.change(search, { target: { value: ' 7 ' } });
    fireEvent.click(screen.getByRole('button', { name: /Show orders/ }));

    expect(await screen.findByText('#50')).toBeTruthy();
    await waitFor(() => expect(server.bodiesTo(ORDERS)).toEqual([{ userId: 7, scope: 'open', limit: 50 }]));
  });

  it("is a section of the user's detail and a page of the console", () => {
    expect(USER_PANELS.map((panel) => panel.key)).toContain('spot-orders');
    expect(PAGES.map((page) => page.path)).toContain('/spot');
  });
});
