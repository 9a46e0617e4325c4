import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportFigures } from '@vela/contract';
import TeamReportPage from '../../../src/features/reports/team-report-page.tsx';
import UserReportPage from '../../../src/features/reports/user-report-page.tsx';
import { fail, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { btcLoss, busyUsdt } from './report-fixtures.ts';

setupWebTests();
setupActEnvironment();

/** 20 March 2025, mid-afternoon on the device: only the date is faked, so queries keep their timers. */
const NOW = new Date(2025, 2, 20, 15, 30);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Totals {
  totals?: ReportFigures[];
  members?: number;
  utcOffsetMinutes?: number;
}

/** A server answering /user/report with `answer` (or a failure), recording what it was asked. */
function reportApi(answer: Totals | ReturnType<typeof fail> = {}) {
  return mockApi({
    '/user/report': (body) =>
      '__failure' in answer
        ? answer
        : {
            utcOffsetMinutes: answer.utcOffsetMinutes ?? body.utcOffsetMinutes,
            totals: answer.totals ?? [busyUsdt()],
            members: answer.members ?? 0,
          },
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
/** Whether the days shown are marked as a custom range: no quick range matches them. */
const isCustom = () => screen.getByTestId('report-range-custom').className.includes('report-range__days--on');
/** Text without the direction isolates that keep figures in order inside a sentence. */
const plain = (value: string | null | undefined) => (value ?? '').replace(/[\u2066\u2069]/g, '');

describe('/user-report', () => {
  it('asks for the last 7 days in the device time zone and shows every figure, grouped', async () => {
    signInAs();
    const api = reportApi({ utcOffsetMinutes: 300 });
    renderPage(<UserReportPage />, { path: '/user-report' });
    expect(screen.getByTestId('report-skeleton')).toBeTruthy();
    await screen.findByTestId('report-totals');

    expect(api.callsTo('/user/report')[0]?.body).toEqual({
      scope: 'user',
      from: '2025-03-14',
      to: '2025-03-20',
      utcOffsetMinutes: -NOW.getTimezoneOffset() || 0,
    });
    expect(text('report-range-text')).toBe('2025-03-14 – 2025-03-20');
    expect(screen.getByTestId('report-range-days7').getAttribute('aria-pressed')).toBe('true');
    expect(plain(text('report-zone'))).toBe('Days in UTC+05:00');
    expect(text('report-amounts-in')).toBe('Amounts in USDT');

    const trading = screen.getByTestId('report-group-trading');
    expect(within(trading).getByTestId('report-figure-profit').textContent).toBe('+1,234.50');
    expect(within(trading).getByTestId('report-figure-profit').closest('dd')?.className).toContain('up');
    expect(within(trading).getByTestId('report-figure-orderAmount').textContent).toBe('25,000.00');
    expect(within(trading).getByTestId('report-figure-orderCount').textContent).toBe('42');
    expect(within(trading).getByTestId('report-figure-fee').textContent).toBe('12.345');
    const income = screen.getByTestId('report-group-income');
    expect(within(income).getByTestId('report-figure-bonus').textContent).toBe('50.00');
    expect(within(income).getByTestId('report-figure-rebate').textContent).toBe('8.75');
    const funds = screen.getByTestId('report-group-funds');
    expect(within(funds).getByTestId('report-figure-recharge').textContent).toBe('10,000.00');
    expect(within(funds).getByTestId('report-figure-rechargeCount').textContent).toBe('3');
    expect(within(funds).getByTestId('report-figure-withdrawFee').textContent).toBe('2.50');
    expect(within(funds).getByTestId('report-figure-exchange').textContent).toBe('3,000.00');
    const first = screen.getByTestId('report-group-firstRecharge');
    expect(within(first).getByTestId('report-figure-firstRecharge').textContent).toBe('500.00');
    expect(within(first).getByTestId('report-figure-firstRechargeCount').textContent).toBe('1');
    // A user's own report has no team to grow.
    expect(screen.queryByTestId('report-group-members')).toBeNull();
    // One currency: nothing to switch between.
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('states the rounding when the device is half an hour off the hours the server counts in', async () => {
    signInAs();
    // The answer names an offset other than the device's: the server counted whole hours.
    const deviceOffset = -NOW.getTimezoneOffset() || 0;
    reportApi({ utcOffsetMinutes: deviceOffset + 60 });
    renderPage(<UserReportPage />, { path: '/user-report' });
    expect(plain((await screen.findByTestId('report-zone-note')).textContent)).toMatch(
      /^Your device is at UTC[+-]\d\d:\d\d; reports count days in whole hours\.$/,
    );
  });

  it('says nothing of rounding when the answer counts in the device offset', async () => {
    signInAs();
    reportApi();
    renderPage(<UserReportPage />, { path: '/user-report' });
    await screen.findByTestId('report-totals');
    expect(screen.queryByTestId('report-zone-note')).toBeNull();
  });

  it('asks again for each quick range and marks the one shown', async () => {
    signInAs();
    const api = reportApi();
    renderPage(<UserReportPage />, { path: '/user-report' });
    await screen.findByTestId('report-totals');
    const asked = () => api.callsTo('/user/report').map((call) => `${call.body.from}..${call.body.to}`);

    fireEvent.click(screen.getByTestId('report-range-today'));
    await until(() => expect(asked()).toContain('2025-03-20..2025-03-20'));
    expect(screen.getByTestId('report-range-today').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('report-range-days7').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByTestId('report-range-days30'));
    await until(() => expect(asked()).toContain('2025-02-19..2025-03-20'));
    fireEvent.click(screen.getByTestId('report-range-month'));
    await until(() => expect(asked()).toContain('2025-03-01..2025-03-20'));
    expect(text('report-range-text')).toBe('2025-03-01 – 2025-03-20');
    expect(isCustom()).toBe(false);
  });

  it('switches between currencies, USDT first, and carries the choice to the days', async () => {
    signInAs();
    reportApi({ totals: [btcLoss(), busyUsdt()] });
    renderPage(<UserReportPage />, { path: '/user-report' });
    await screen.findByTestId('report-totals');
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['USDT', 'BTC']);
    expect(screen.getByTestId('report-currency-USDT').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByTestId('report-currency-BTC'));
    await until(() => expect(text('report-amounts-in')).toBe('Amounts in BTC'));
    const profit = screen.getByTestId('report-figure-profit');
    expect(profit.textContent).toBe('-0.0125');
    expect(profit.closest('dd')?.className).toContain('down');
    expect(screen.getByTestId('report-by-day').getAttribute('href')).toBe(
      '/user-report-day?from=2025-03-14&to=2025-03-20&currency=BTC',
    );
  });

  it('opens the same range day by day', async () => {
    signInAs();
    reportApi();
    renderPage(<UserReportPage />, { path: '/user-report' });
    fireEvent.click(await screen.findByTestId('report-by-day'));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/user-report-day?from=2025-03-14&to=2025-03-20&currency=USDT',
    );
  });

  it('opens on the range of its address', async () => {
    signInAs();
    const api = reportApi();
    renderPage(<UserReportPage />, {
      path: '/user-report',
      history: ['/user-report?from=2025-01-01&to=2025-01-31'],
    });
    await screen.findByTestId('report-totals');
    expect(api.callsTo('/user/report')[0]?.body).toMatchObject({ from: '2025-01-01', to: '2025-01-31' });
    expect(isCustom()).toBe(true);
  });

  it('says why a range longer than 366 days is not reported on, without asking the server', async () => {
    signInAs();
    const api = reportApi();
    renderPage(<UserReportPage />, {
      path: '/user-report',
      history: ['/user-report?from=2024-01-01&to=2025-01-01'],
    });
    expect(text('report-range-problem')).toBe(
      'A report covers at most 366 days; this range has 367. Choose a shorter one.',
    );
    expect(screen.getByTestId('report-range-problem').getAttribute('role')).toBe('alert');
    await act(async () => undefined);
    expect(api.callsTo('/user/report')).toHaveLength(0);
    expect(screen.queryByTestId('report-skeleton')).toBeNull();

    // A quick range puts it right.
    fireEvent.click(screen.getByTestId('report-range-days7'));
    await screen.findByTestId('report-totals');
    expect(screen.queryByTestId('report-range-problem')).toBeNull();
  });

  it('says why a range ending before it starts is not reported on', async () => {
    signInAs();
    const api = reportApi();
    renderPage(<UserReportPage />, {
      path: '/user-report',
      history: ['/user-report?from=2025-03-10&to=2025-03-01'],
    });
    expect(text('report-range-problem')).toBe('The last day cannot be before the first day');
    await act(async () => undefined);
    expect(api.callsTo('/user/report')).toHaveLength(0);
  });

  it("shows the server's words when it refuses the range", async () => {
    signInAs();
    reportApi(
      fail('REPORT_RANGE_INVALID', 'Choose a range of 1 to 366 days whose end is not before its start'),
    );
    renderPage(<UserReportPage />, { path: '/user-report' });
    expect((await screen.findByTestId('report-range-refused')).textContent).toBe(
      'Choose a range of 1 to 366 days whose end is not before its start',
    );
  });

  it('offers a retry when the report fails to load, and shows it once it does', async () => {
    signInAs();
    let failing = true;
    mockApi({
      '/user/report': (body) =>
        failing
          ? fail('INTERNAL_ERROR', 'Something went wrong')
          : { utcOffsetMinutes: body.utcOffsetMinutes, totals: [busyUsdt()], members: 0 },
    });
    renderPage(<UserReportPage />, { path: '/user-report' });
    const retry = await screen.findByTestId('empty-loadFailed');
    failing = false;
    fireEvent.click(retry);
    await screen.findByTestId('report-totals');
  });

  it('reports zeros in USDT for a range without any activity', async () => {
    signInAs();
    reportApi({ totals: [] });
    renderPage(<UserReportPage />, { path: '/user-report' });
    await screen.findByTestId('report-totals');
    expect(text('report-amounts-in')).toBe('Amounts in USDT');
    expect(text('report-figure-profit')).toBe('0.00');
    expect(screen.getByTestId('report-figure-profit').closest('dd')?.className).not.toMatch(/up|down/);
  });
});

describe('/team-report', () => {
  it("shows an agent's team figures with the new members", async () => {
    signInAs(makeUser({ isAgent: true, userType: 2 }));
    const api = reportApi({ members: 1234 });
    renderPage(<TeamReportPage />, { path: '/team-report' });
    await screen.findByTestId('report-totals');
    expect(api.callsTo('/user/report')[0]?.body.scope).toBe('team');
    const members = screen.getByTestId('report-group-members');
    expect(within(members).getByTestId('report-figure-members').textContent).toBe('1,234');
    expect(screen.getByTestId('report-by-day').getAttribute('href')).toMatch(/^\/team-report-day\?/);
  });

  it('tells a member who is no agent why there is no team report, and leads to their own', async () => {
    signInAs();
    reportApi(fail('NOT_AGENT', 'Only agents can do this'));
    renderPage(<TeamReportPage />, { path: '/team-report' });
    const notice = await screen.findByTestId('report-not-agent');
    expect(notice.textContent).toContain('For agents only');
    expect(notice.textContent).toContain('Your account is not an agent account.');
    expect(screen.queryByTestId('empty-loadFailed')).toBeNull();
    fireEvent.click(screen.getByTestId('report-own-link'));
    expect((await screen.findByTestId('location')).textContent).toBe('/user-report');
  });
});

describe('custom range', () => {
  /** The calendar's cell of a day of March 2025. */
  function marchCell(date: number): HTMLElement {
    const month = document.querySelector('.report-calendar [data-year-month="2025-3"]');
    const cells = [...(month?.querySelectorAll<HTMLElement>('.adm-calendar-picker-view-cell') ?? [])];
    const cell = cells.find(
      (candidate) =>
        candidate.querySelector('.adm-calendar-picker-view-cell-date')?.textContent === String(date),
    );
    if (!cell) throw new Error(`no cell for 2025-03-${date}`);
    return cell;
  }

  it('is chosen on a calendar in the app language, starting from the range shown', async () => {
    signInAs(makeUser({ createdAt: new Date(2024, 5, 3).getTime() }));
    const api = reportApi();
    renderPage(<UserReportPage />, { path: '/user-report' });
    await screen.findByTestId('report-totals');

    fireEvent.click(screen.getByTestId('report-range-custom'));
    await until(() => expect(document.querySelector('.report-calendar')).toBeTruthy());
    const calendar = document.querySelector<HTMLElement>('.report-calendar')!;
    expect(within(calendar).getByText('Choose dates')).toBeTruthy();
    const marks = [...calendar.querySelectorAll('.adm-calendar-picker-view-mark-cell')].map(
      (m) => m.textContent,
    );
    expect(marks).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(
      calendar.querySelector('[data-year-month="2025-3"] .adm-calendar-picker-view-title')?.textContent,
    ).toBe('3/2025');
    // The range shown is selected, its ends named in English.
    expect(marchCell(14).textContent).toContain('Start');
    expect(marchCell(20).textContent).toContain('End');
    // Nothing after today, nor before the account existed, can be chosen.
    expect(marchCell(21).className).toContain('disabled');
    expect(calendar.querySelector('[data-year-month="2024-5"]')).toBeNull();

    fireEvent.click(marchCell(2));
    fireEvent.click(marchCell(9));
    fireEvent.click(within(calendar).getByRole('button', { name: 'Apply' }));
    await until(() =>
      expect(api.callsTo('/user/report').at(-1)?.body).toMatchObject({
        from: '2025-03-02',
        to: '2025-03-09',
      }),
    );
    expect(text('report-range-text')).toBe('2025-03-02 – 2025-03-09');
    expect(isCustom()).toBe(true);
  });
});
