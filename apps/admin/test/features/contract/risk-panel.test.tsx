import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContractPage from '../../../src/features/contract/contract-page.tsx';
import { RiskPanel } from '../../../src/features/contract/risk-panel.tsx';
import { fakeServer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { RISK, TERMS_LIST, btc, levels, riskRow, rowOf } from './fixtures.ts';

setupConsoleTests();
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TABLE = 'contract-risk-table';

/** The accounts as a refresh might bring them: not in order, one past its equity. */
const riskAnswer = {
  list: [
    riskRow(11, '0.3000'),
    riskRow(12, '0.9500', { equity: '526.300000', profit: '-73.700000' }),
    riskRow(13, '100000000.0000', { equity: '-5.000000', profit: '-605.000000', positions: 4 }),
    riskRow(14, '0.6200', { profit: '12.000000' }),
  ],
  levels,
  insurance: '-1234.500000',
  settleSymbol: 'USDT',
};

function rowKeys(): string[] {
  return [...document.querySelectorAll(`[data-testid="${TABLE}"] tbody tr[data-row-key]`)].map(
    (row) => row.getAttribute('data-row-key') ?? '',
  );
}

function toneOf(userId: number): string | null {
  return rowOf(TABLE, userId).querySelector('[data-risk]')?.getAttribute('data-risk') ?? null;
}

// antd's tables and tabs take a while to draw in jsdom on a busy machine.
describe('the risk tab', { timeout: 20_000 }, () => {
  it('lists the accounts riskiest first, coloured by the levels', async () => {
    const server = fakeServer({ [RISK]: () => ({ data: riskAnswer }) });
    renderInConsole(<RiskPanel active onOpenUser={() => undefined} />);

    await screen.findByText('trader13');
    expect(rowKeys()).toEqual(['13', '12', '14', '11']);
    expect(toneOf(13)).toBe('danger');
    expect(toneOf(12)).toBe('danger');
    expect(toneOf(14)).toBe('caution');
    expect(toneOf(11)).toBe('normal');
    const gone = within(rowOf(TABLE, 13));
    expect(gone.getByText('Equity gone')).toBeTruthy();
    expect(gone.getByText(/^-5\.00/)).toBeTruthy();
    expect(gone.getByText('4')).toBeTruthy();
    expect(within(rowOf(TABLE, 12)).getByText('95 %')).toBeTruthy();
    expect(within(rowOf(TABLE, 14)).getByText('62 %')).toBeTruthy();
    expect(server.bodiesTo(RISK)).toEqual([{ limit: 200 }]);
  });

  it('shows the insurance account and the levels the colours follow', async () => {
    fakeServer({ [RISK]: () => ({ data: riskAnswer }) });
    renderInConsole(<RiskPanel active onOpenUser={() => undefined} />);

    const summary = await screen.findByTestId('contract-risk-summary');
    expect(within(summary).getByTestId('contract-insurance').textContent).toBe('-1,234.50 USDT');
    expect(within(summary).getByText(/the shortfalls of forced closes it has paid/)).toBeTruthy();
    expect(within(summary).getByText('at 90 % (adjustment ratio 10 %)')).toBeTruthy();
    expect(within(summary).getByText('above 50 %')).toBeTruthy();
  });

  it("opens a user's detail from their name", async () => {
    const opened = vi.fn();
    fakeServer({ [RISK]: () => ({ data: riskAnswer }) });
    renderInConsole(<RiskPanel active onOpenUser={opened} />);

    fireEvent.click(await screen.findByText('trader12'));
    expect(opened).toHaveBeenCalledWith(12);
  });

  it('reads nothing while its tab is not shown, and every 5 seconds while it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({
      [TERMS_LIST]: () => ({ data: { list: [btc], levels } }),
      [RISK]: () => ({ data: riskAnswer }),
    });
    renderInConsole(<ContractPage />);

    await screen.findByTestId('contract-terms-edit-BTC');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(server.bodiesTo(RISK)).toHaveLength(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Risk' }));
    await screen.findByText('trader13');
    expect(server.bodiesTo(RISK)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(server.bodiesTo(RISK)).toHaveLength(2));

    fireEvent.click(screen.getByRole('tab', { name: 'Terms' }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.bodiesTo(RISK)).toHaveLength(2);
  });

  it('says when no account has a position', async () => {
    fakeServer({ [RISK]: () => ({ data: { ...riskAnswer, list: [] } }) });
    renderInConsole(<RiskPanel active onOpenUser={() => undefined} />);
    expect(await screen.findByText('No account has an open position.')).toBeTruthy();
  });

  it('says why the accounts could not be loaded', async () => {
    fakeServer({ [RISK]: () => ({ refusal: { code: 'FORBIDDEN', message: 'Not for your role' } }) });
    renderInConsole(<RiskPanel active onOpenUser={() => undefined} />);
    expect(await screen.findByText('Not for your role')).toBeTruthy();
  });
});
