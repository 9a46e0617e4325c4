import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TeamReportDayPage from '../../../src/features/reports/team-report-day-page.tsx';
import UserReportDayPage from '../../../src/features/reports/user-report-day-page.tsx';
import { fail, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { btcLoss, busyUsdt, makeFigures } from './report-fixtures.ts';

setupWebTests();
setupActEnvironment();

const NOW = new Date(2025, 2, 20, 15, 30);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DAYS = [
  {
    day: '2025-03-18',
    figures: [makeFigures({ profit: '-20.000000', orderAmount: '400.000000' })],
    members: 0,
  },
  { day: '2025-03-20', figures: [busyUsdt(), btcLoss()], members: 3 },
  { day: '2025-03-19', figures: [], members: 1 },
];

/** A server answering /user/report/day with `days` (or a failure), recording what it was asked. */
function daysApi(days: typeof DAYS | ReturnType<typeof fail> = DAYS) {
  return mockApi({
    '/user/report/day': (body) =>
      '__failure' in days ? days : { utcOffsetMinutes: body.utcOffsetMinutes, days },
  });
}

const shownDays = () => screen.getAllByTestId('report-day').map((day) => day.getAttribute('data-day'));

describe('/user-report-day', () => {
  it('lists the days of the range of its address, newest first, each with its main figures', async () => {
    signInAs();
    const api = daysApi();
    renderPage(<UserReportDayPage />, {
      path: '/user-report-day',
      history: ['/user-report-day?from=2025-03-14&to=2025-03-20&currency=USDT'],
    });
    await screen.findByTestId('report-day-list');
    expect(api.callsTo('/user/report/day')[0]?.body).toEqual({
      scope: 'user',
      from: '2025-03-14',
      to: '2025-03-20',
      utcOffsetMinutes: -NOW.getTimezoneOffset() || 0,
    });
    // A user's list skips the day that had only new members below them, which are not theirs.
    expect(shownDays()).toEqual(['2025-03-20', '2025-03-18']);

    const [today, older] = screen.getAllByTestId('report-day');
    expect(within(today!).getByTestId('report-figure-profit').textContent).toBe('+1,234.50');
    expect(within(today!).getByTestId('report-figure-orderAmount').textContent).toBe('25,000.00');
    expect(within(today!).getByTestId('report-figure-recharge').textContent).toBe('10,000.00');
    expect(within(today!).getByTestId('report-figure-withdraw').textContent).toBe('2,500.00');
    expect(within(today!).getByTestId('report-figure-rebate').textContent).toBe('8.75');
    expect(within(today!).queryByTestId('report-figure-members')).toBeNull();
    expect(within(today!).queryByTestId('report-figure-fee')).toBeNull();
    const loss = within(older!).getByTestId('report-figure-profit');
    expect(loss.textContent).toBe('-20.00');
    expect(loss.closest('dd')?.className).toContain('down');
  });

  it('opens a day to all its figures, grouped, and closes it again', async () => {
    signInAs();
    daysApi();
    renderPage(<UserReportDayPage />, { path: '/user-report-day' });
    await screen.findByTestId('report-day-list');
    const day = screen.getAllByTestId('report-day')[0]!;
    const toggle = within(day).getByTestId('report-day-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('All figures');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(day).getByTestId('report-group-trading')).toBeTruthy();
    expect(within(day).getByTestId('report-figure-fee').textContent).toBe('12.345');
    expect(within(day).getByTestId('report-figure-withdrawCount').textContent).toBe('2');
    expect(within(day).getByTestId('report-figure-firstRechargeCount').textContent).toBe('1');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(day).queryByTestId('report-group-trading')).toBeNull();
  });

  it('lists the days of another currency', async () => {
    signInAs();
    daysApi();
    renderPage(<UserReportDayPage />, { path: '/user-report-day' });
    await screen.findByTestId('report-day-list');
    fireEvent.click(screen.getByTestId('report-currency-BTC'));
    await until(() => expect(shownDays()).toEqual(['2025-03-20']));
    expect(screen.getByTestId('report-figure-profit').textContent).toBe('-0.0125');
  });

  it('says so when the range has no activity', async () => {
    signInAs();
    daysApi([]);
    renderPage(<UserReportDayPage />, { path: '/user-report-day' });
    expect((await screen.findByTestId('empty-noData')).textContent).toBe('No activity in this range');
    expect(screen.queryByTestId('report-day-list')).toBeNull();
  });

  it('asks again for a quick range and keeps the currency chosen', async () => {
    signInAs();
    const api = daysApi();
    renderPage(<UserReportDayPage />, {
      path: '/user-report-day',
      history: ['/user-report-day?from=2025-03-14&to=2025-03-20&currency=BTC'],
    });
    await screen.findByTestId('report-day-list');
    fireEvent.click(screen.getByTestId('report-range-month'));
    await until(() =>
      expect(api.callsTo('/user/report/day').at(-1)?.body).toMatchObject({
        from: '2025-03-01',
        to: '2025-03-20',
      }),
    );
    expect(screen.getByTestId('report-currency-BTC').getAttribute('aria-selected')).toBe('true');
  });

  it('refuses a range of more than 366 days before asking', async () => {
    signInAs();
    const api = daysApi();
    renderPage(<UserReportDayPage />, {
      path: '/user-report-day',
      history: ['/user-report-day?from=2023-01-01&to=2025-03-20'],
    });
    expect(screen.getByTestId('report-range-problem').textContent).toContain('at most 366 days');
    expect(api.callsTo('/user/report/day')).toHaveLength(0);
  });
});

describe('/team-report-day', () => {
  it("lists a team's days with their new members, the days with members only too", async () => {
    signInAs(makeUser({ isAgent: true, userType: 2 }));
    const api = daysApi();
    renderPage(<TeamReportDayPage />, { path: '/team-report-day' });
    await screen.findByTestId('report-day-list');
    expect(api.callsTo('/user/report/day')[0]?.body.scope).toBe('team');
    expect(shownDays()).toEqual(['2025-03-20', '2025-03-19', '2025-03-18']);
    const [today, membersOnly] = screen.getAllByTestId('report-day');
    expect(within(today!).getByTestId('report-figure-members').textContent).toBe('3');
    expect(within(membersOnly!).getByTestId('report-figure-members').textContent).toBe('1');
    expect(within(membersOnly!).getByTestId('report-figure-profit').textContent).toBe('0.00');
  });

  it('tells a member who is no agent why there is no team report', async () => {
    signInAs();
    daysApi(fail('NOT_AGENT', 'Only agents can do this'));
    renderPage(<TeamReportDayPage />, { path: '/team-report-day' });
    expect((await screen.findByTestId('report-not-agent')).textContent).toContain('For agents only');
  });
});
