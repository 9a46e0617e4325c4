import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import FinanceBillsPage, { financeBillFilter } from '../../../src/features/wallet/finance-bills-page.tsx';
import FinancePage from '../../../src/features/finance/finance-page.tsx';
import { changeLocale } from '../../../src/lib/i18n.ts';
import { mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { until } from '../../support/helpers.tsx';
import { makeFinanceHolding } from '../../support/finance-fixtures.ts';
import { OVERVIEW, bill } from '../../support/wallet-fixtures.ts';

setupWebTests();
afterEach(async () => {
  await changeLocale('en');
});

const FINANCE_TYPES = ['finance_buy', 'finance_redeem', 'finance_fee', 'finance_settlement'];

describe('/finance-order-bills', () => {
  it('asks only for the finance bills, and narrows them by type and currency', async () => {
    signInAs();
    const api = mockApi({
      '/wallet/overview': () => OVERVIEW,
      '/wallet/bills': () => ({
        list: [
          bill({
            id: 3,
            type: 'finance_settlement',
            refType: 'finance_order',
            refId: 71,
            amount: '100.986301',
          }),
          bill({ id: 2, type: 'finance_buy', refType: 'finance_order', refId: 71, amount: '-100.000000' }),
        ],
        nextCursor: null,
      }),
    });
    renderPage(<FinanceBillsPage />, { path: '/finance-order-bills' });
    const lines = await screen.findAllByTestId('bill-line');
    expect(lines.map((line) => line.getAttribute('data-type'))).toEqual([
      'finance_settlement',
      'finance_buy',
    ]);
    expect(within(lines[0]!).getByTestId('bill-reference').textContent).toContain('Finance order #71');
    expect(within(lines[0]!).getByTestId('bill-amount').textContent).toBe('+100.986301 USDT');
    expect(api.callsTo('/wallet/bills')[0]!.body.types).toEqual(FINANCE_TYPES);

    fireEvent.click(screen.getByTestId('filter-type-finance_redeem'));
    await until(() => expect(api.callsTo('/wallet/bills').at(-1)!.body.types).toEqual(['finance_redeem']));
    fireEvent.click(await screen.findByTestId('filter-currency-BTC'));
    await until(() => expect(api.callsTo('/wallet/bills').at(-1)!.body).toMatchObject({ vcId: 2 }));
    fireEvent.click(screen.getByTestId('filter-type-all'));
    await until(() => expect(api.callsTo('/wallet/bills').at(-1)!.body.types).toEqual(FINANCE_TYPES));
  });

  it('builds its request from the finance types alone', () => {
    expect(financeBillFilter(null, null)).toEqual({
      types: FINANCE_TYPES,
      vcId: null,
      startDate: '',
      endDate: '',
    });
    expect(financeBillFilter('finance_buy', 9).types).toEqual(['finance_buy']);
  });
});

describe('the finance screens in Arabic', () => {
  it('read right to left with every text translated', async () => {
    await changeLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    signInAs();
    mockApi({ '/user/finance-order/overview': () => [makeFinanceHolding()] });
    renderPage(<FinancePage />, { path: '/finance' });
    const card = await screen.findByTestId('finance-holding');
    const page = screen.getByTestId('finance-page');
    expect(page.textContent).toContain('استثماراتي');
    expect(page.textContent).not.toMatch(/finance\.|timing\./);
    expect(within(card).getByTestId('holding-held').textContent).toBe('100.00 USDT');
  });
});
