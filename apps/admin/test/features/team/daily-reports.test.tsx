import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '../../../src/app/registry.tsx';
import DailyReportsPage from '../../../src/features/team/daily-reports-page.tsx';
import { fakeServer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { REPORT, figures, rowKeys, rowOf } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

/** Three days, newest first: two currencies, then one, then new members and no money moved. */
const days = [
  {
    day: '2025-01-03',
    figures: [
      figures('USDT', {
        orderAmount: '100.500000',
        orderCount: 2,
        profit: '-10.000000',
        recharge: '1000.000000',
        rechargeFee: '1.500000',
        rechargeCount: 1,
      }),
      figures('BTC', { withdraw: '0.010000', withdrawFee: '0.000100', withdrawCount: 1 }),
    ],
    members: 2,
  },
  {
    day: '2025-01-02',
    figures: [
      figures('USDT', { orderAmount: '50.250000', orderCount: 1, profit: '4.125000', rebate: '0.300000' }),
    ],
    members: 0,
  },
  { day: '2025-01-01', figures: [], members: 3 },
];

function pickOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  return screen.findAllByTitle(option).then((choices) => {
    const choice = choices.find((element) => element.classList.contains('ant-select-item-option'));
    if (!choice) throw new Error(`no option ${option}`);
    fireEvent.click(choice);
  });
}

// antd's tables take a while to draw in jsdom on a busy machine.
describe('the daily reports', { timeout: 30_000 }, () => {
  it('lists each day and currency, newest first, with the totals of the range below', async () => {
    fakeServer({ [REPORT]: (body) => ({ data: { utcOffsetMinutes: body.utcOffsetMinutes, days } }) });
    renderInConsole(<DailyReportsPage />);

    await screen.findAllByText('2025-01-03');
    expect(rowKeys('report-days-table')).toEqual([
      '2025-01-03 USDT',
      '2025-01-03 BTC',
      '2025-01-02 USDT',
      '2025-01-01',
    ]);
    const usdt = within(rowOf('report-days-table', '2025-01-03 USDT'));
    // The day's first row carries the day and its new members for all of its currencies.
    expect(usdt.getByText('2 new members')).toBeTruthy();
    expect(within(rowOf('report-days-table', '2025-01-01')).getByText('3 new members')).toBeTruthy();
    expect(usdt.getByText('100.50')).toBeTruthy();
    expect(usdt.getByText('2 orders')).toBeTruthy();
    expect(usdt.getByText('-10.00')).toBeTruthy();
    expect(usdt.getByText('fee 1.50')).toBeTruthy();
    expect(within(rowOf('report-days-table', '2025-01-03 BTC')).getByText('fee 0.0001')).toBeTruthy();

    const usdtTotal = within(screen.getByTestId('report-total-USDT'));
    expect(usdtTotal.getByText('150.75')).toBeTruthy();
    expect(usdtTotal.getByText('3 orders')).toBeTruthy();
    expect(usdtTotal.getByText('-5.875')).toBeTruthy();
    expect(usdtTotal.getByText('0.30')).toBeTruthy();
    const btcTotal = within(screen.getByTestId('report-total-BTC'));
    expect(btcTotal.getByText('0.01')).toBeTruthy();
    expect(btcTotal.getByText('1 withdrawal')).toBeTruthy();
    expect(screen.getByTestId('report-total-members').textContent).toBe('5 new members');
  });

  it('asks for the last seven days in the chosen offset and states the offset used', async () => {
    const server = fakeServer({
      [REPORT]: (body) => ({ data: { utcOffsetMinutes: body.utcOffsetMinutes, days: [] } }),
    });
    renderInConsole(<DailyReportsPage />);

    await waitFor(() => expect(server.bodiesTo(REPORT)).toHaveLength(1));
    const first = server.bodiesTo(REPORT)[0] as { from: string; to: string; utcOffsetMinutes: number };
    const spanDays = (Date.parse(first.to) - Date.parse(first.from)) / 86_400_000;
    expect(spanDays).toBe(6);
    expect(first.utcOffsetMinutes % 60).toBe(0);

    await pickOption('UTC offset', 'UTC+08:00');
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2025-01-31' } });
    await waitFor(() =>
      expect(server.bodiesTo(REPORT)).toContainEqual({
        from: '2025-01-01',
        to: '2025-01-31',
        utcOffsetMinutes: 480,
      }),
    );
    expect((await screen.findByTestId('report-offset')).textContent).toContain(
      'Each day runs from 00:00 to 24:00 at UTC+08:00.',
    );
    expect(screen.getByText(/Nothing happened on these days/)).toBeTruthy();
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    const server = fakeServer({ [REPORT]: () => ({ data: { utcOffsetMinutes: 0, days: [] } }) });
    renderInConsole(<DailyReportsPage />);

    await waitFor(() => expect(server.bodiesTo(REPORT)).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2025-01-01' } });
    expect(await screen.findByText('The last day cannot be before the first.')).toBeTruthy();
    expect(server.bodiesTo(REPORT)).toHaveLength(1);
  });

  it('is a page of the console for every operator', () => {
    const page = PAGES.find((entry) => entry.path === '/daily-reports');
    expect(page?.label).toBe('Daily reports');
    expect(page?.roles).toBeUndefined();
  });
});
