import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bill } from '@vela/contract';
import BillsPage from '../../../src/features/wallet/bills-page.tsx';
import { mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { until } from '../../support/helpers.tsx';
import { OVERVIEW, bill } from '../../support/wallet-fixtures.ts';

setupWebTests();

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

function scrollToEnd() {
  act(() => {
    for (const observer of [...FakeObserver.live]) observer.fire();
  });
}

beforeEach(() => {
  FakeObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  signInAs();
});

/** 45 bills, newest (highest id) first, served in keyset pages like the server does. */
const ALL: Bill[] = Array.from({ length: 45 }, (_, i) => {
  const id = 45 - i;
  return bill({
    id,
    refId: id,
    amount: id % 2 ? '-1.000000' : '1.000000',
    account: id % 2 ? 'spot' : 'contract',
  });
});

function billsApi(list: Bill[] = ALL) {
  return mockApi({
    '/wallet/overview': () => OVERVIEW,
    '/wallet/bills': (body) => {
      const limit = Number(body.limit);
      const after =
        typeof body.cursor === 'number' ? list.filter((b) => b.id < (body.cursor as number)) : list;
      const page = after.slice(0, limit);
      return { list: page, nextCursor: after.length > limit ? (page[page.length - 1]?.id ?? null) : null };
    },
  });
}

const lines = () => screen.queryAllByTestId('bill-line');

describe('bills page (/user-bills)', () => {
  it('explains each line: type, account, reference, signed amount, balance and time', async () => {
    billsApi([
      bill({ id: 2, amount: '30.500000', account: 'contract', balanceAfter: '30.500000' }),
      bill({
        id: 1,
        type: 'adjustment',
        refType: 'adjustment',
        refId: 4,
        amount: '100.000000',
        balanceAfter: '100.000000',
        memo: 'Welcome bonus',
      }),
    ]);
    renderPage(<BillsPage />, { path: '/user-bills' });
    expect(screen.getByTestId('bills-skeleton')).toBeTruthy();
    await until(() => expect(lines()).toHaveLength(2));
    const [transfer, adjustment] = lines() as [HTMLElement, HTMLElement];
    expect(transfer.textContent).toContain('Transfer');
    expect(transfer.textContent).toContain('contract account');
    expect(within(transfer).getByTestId('bill-reference').textContent).toBe(' · Transfer #12');
    expect(within(transfer).getByTestId('bill-amount').textContent).toBe('+30.50 USDT');
    expect(within(transfer).getByTestId('bill-amount').className).toContain('up');
    expect(within(transfer).getByTestId('bill-balance').textContent).toBe('Balance 30.50 USDT');
    expect(transfer.textContent).toContain('2025-03-07 14:05:09');
    expect(adjustment.textContent).toContain('Balance adjustment');
    expect(within(adjustment).getByTestId('bill-memo').textContent).toBe('Welcome bonus');
    expect(within(adjustment).getByTestId('bill-reference').textContent).toBe(' · Adjustment #4');
    // Two lines and no next page: the end of the list says so.
    expect(screen.getByText('No more data')).toBeTruthy();
  });

  it('loads the next keyset page as the end comes into view, until there is no more data', async () => {
    const api = billsApi();
    renderPage(<BillsPage />, { path: '/user-bills' });
    await until(() => expect(lines()).toHaveLength(20));
    expect(screen.queryByText('No more data')).toBeNull();
    expect(api.callsTo('/wallet/bills')[0]?.body).toEqual({ limit: 20 });

    scrollToEnd();
    await until(() => expect(lines()).toHaveLength(40));
    expect(api.callsTo('/wallet/bills')[1]?.body).toEqual({ limit: 20, cursor: 26 });
    scrollToEnd();
    await until(() => expect(lines()).toHaveLength(45));
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(new Set(lines().map((l) => l.textContent)).size).toBe(45);
    expect(api.callsTo('/wallet/bills')).toHaveLength(3);
  });

  it('shows the empty state when there are no bills', async () => {
    billsApi([]);
    renderPage(<BillsPage />, { path: '/user-bills' });
    await screen.findByTestId('empty-noData');
  });

  it('filters by type, currency and days, and asks for both dates of a range', async () => {
    const api = billsApi();
    renderPage(<BillsPage />, { path: '/user-bills' });
    await until(() => expect(lines()).toHaveLength(20));

    fireEvent.click(screen.getByTestId('bills-filter-open'));
    const sheet = await screen.findByTestId('bill-filter');
    fireEvent.click(within(sheet).getByTestId('filter-type-deposit'));
    fireEvent.click(within(sheet).getByTestId('filter-type-transfer'));
    expect(within(sheet).getByTestId('filter-type-all').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(sheet).getByTestId('filter-currency-BTC'));
    fireEvent.change(sheet.querySelector('input[name="startDate"]')!, { target: { value: '2025-03-01' } });
    fireEvent.click(within(sheet).getByTestId('filter-apply'));
    expect(within(sheet).getByTestId('error-endDate').textContent).toBe('Please choose a date');

    fireEvent.change(sheet.querySelector('input[name="endDate"]')!, { target: { value: '2025-02-28' } });
    fireEvent.click(within(sheet).getByTestId('filter-apply'));
    expect(within(sheet).getByTestId('error-endDate').textContent).toBe(
      'The end date must be after the start date',
    );
    expect(api.callsTo('/wallet/bills')).toHaveLength(1);

    fireEvent.change(sheet.querySelector('input[name="endDate"]')!, { target: { value: '2025-03-31' } });
    fireEvent.click(within(sheet).getByTestId('filter-apply'));
    await until(() => expect(api.callsTo('/wallet/bills')).toHaveLength(2));
    expect(api.callsTo('/wallet/bills')[1]?.body).toEqual({
      types: ['transfer', 'deposit'],
      vcId: 2,
      fromTime: new Date(2025, 2, 1).getTime(),
      toTime: new Date(2025, 3, 1).getTime(),
      limit: 20,
    });
    expect(screen.getByTestId('bills-summary').textContent).toBe(
      'Transfer, DepositBTC2025-03-01 – 2025-03-31',
    );

    // Reset clears the sheet; applying it lists everything again.
    fireEvent.click(screen.getByTestId('bills-filter-open'));
    const again = await screen.findByTestId('bill-filter');
    fireEvent.click(within(again).getByTestId('filter-reset'));
    fireEvent.click(within(again).getByTestId('filter-apply'));
    await until(() => expect(screen.getByTestId('bills-summary').textContent).toBe('All'));
  });
});
