import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContractPage from '../../../src/features/contract/contract-page.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { FORCED, TERMS_LIST, btc, forcedRow, levels, rowOf } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

const TABLE = 'contract-forced-table';

/** The log in two pages, newest first: cursor 30 leads to the second. */
function forcedAnswer(body: Record<string, unknown>): FakeAnswer {
  if (body.cursor === undefined) {
    return {
      data: {
        list: [
          forcedRow(32, { shortfall: '15.250000', equity: '-15.250000', riskDegree: '100000000.0000' }),
          forcedRow(31),
        ],
        nextCursor: 31,
      },
    };
  }
  return { data: { list: [forcedRow(30, { username: 'trader9', userId: 9 })], nextCursor: null } };
}

async function openForcedTab(answer: (body: Record<string, unknown>) => FakeAnswer) {
  const server = fakeServer({ [TERMS_LIST]: () => ({ data: { list: [btc], levels } }), [FORCED]: answer });
  renderInConsole(<ContractPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Forced closes' }));
  return server;
}

// antd's tables and tabs take a while to draw in jsdom on a busy machine.
describe('the forced closes tab', { timeout: 20_000 }, () => {
  it('lists the forced closes newest first, a shortfall the insurance account paid standing out', async () => {
    const server = await openForcedTab(forcedAnswer);

    await waitFor(() => rowOf(TABLE, 32));
    const paid = within(rowOf(TABLE, 32));
    expect(paid.getByText('2025-01-02 03:04:05')).toBeTruthy();
    expect(paid.getByText('trader7')).toBeTruthy();
    expect(paid.getByText('Equity gone')).toBeTruthy();
    expect(paid.getByTestId('contract-shortfall').textContent).toBe('15.25 USDT');
    const covered = within(rowOf(TABLE, 31));
    expect(covered.getByText('90.12 %')).toBeTruthy();
    expect(covered.getByText(/^1,000\.00/)).toBeTruthy();
    expect(covered.getByText(/^-890\.40/)).toBeTruthy();
    expect(covered.getByText(/^12\.30/)).toBeTruthy();
    expect(covered.getByText('3')).toBeTruthy();
    expect(covered.queryByTestId('contract-shortfall')).toBeNull();
    expect(server.bodiesTo(FORCED)).toEqual([{ limit: 50 }]);
  });

  it('reads older forced closes page by page', async () => {
    const server = await openForcedTab(forcedAnswer);

    fireEvent.click(await screen.findByRole('button', { name: 'Load older forced closes' }));
    await waitFor(() => rowOf(TABLE, 30));
    expect(within(rowOf(TABLE, 30)).getByText('trader9')).toBeTruthy();
    expect(screen.getByText('No more forced closes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older forced closes' })).toBeNull();
    expect(server.bodiesTo(FORCED)).toEqual([{ limit: 50 }, { limit: 50, cursor: 31 }]);
  });

  it('says when there is none', async () => {
    await openForcedTab(() => ({ data: { list: [], nextCursor: null } }));
    expect(await screen.findByText('No account has been force-closed.')).toBeTruthy();
  });

  it('says why the log could not be loaded', async () => {
    await openForcedTab(() => ({ refusal: { code: 'FORBIDDEN', message: 'Not for your role' } }));
    expect(await screen.findByText('Not for your role')).toBeTruthy();
  });
});
