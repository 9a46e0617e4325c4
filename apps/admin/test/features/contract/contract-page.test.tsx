import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '../../../src/app/registry.tsx';
import ContractPage from '../../../src/features/contract/contract-page.tsx';
import { fakeServer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { FORCED, TERMS_LIST, btc, forcedRow, levels } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

// antd's tabs take a while to draw in jsdom on a busy machine.
describe('the contracts page', { timeout: 20_000 }, () => {
  it('is one page of the console, for every operator as the spot pages are, with its four tabs', async () => {
    const page = PAGES.find((entry) => entry.path === '/contracts');
    expect(page?.label).toBe('Contracts');
    expect(page?.roles).toBeUndefined();
    expect(PAGES.find((entry) => entry.path === '/spot')?.roles).toBeUndefined();

    fakeServer({ [TERMS_LIST]: () => ({ data: { list: [btc], levels } }) });
    renderInConsole(<ContractPage />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Terms', 'Risk levels', 'Risk', 'Forced closes']);
  });

  it("opens a user's detail from the forced-close log", async () => {
    const server = fakeServer({
      [TERMS_LIST]: () => ({ data: { list: [btc], levels } }),
      [FORCED]: () => ({ data: { list: [forcedRow(5)], nextCursor: null } }),
      '/admin/users/detail': () => ({ refusal: { code: 'NOT_FOUND', message: 'No such user' } }),
    });
    renderInConsole(<ContractPage />);

    fireEvent.click(await screen.findByRole('tab', { name: 'Forced closes' }));
    fireEvent.click(await screen.findByText('trader7'));
    expect(await screen.findByText('No such user')).toBeTruthy();
    await waitFor(() => expect(server.bodiesTo('/admin/users/detail')).toEqual([{ userId: 7 }]));
  });
});
