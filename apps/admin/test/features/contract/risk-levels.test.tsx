import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContractPage from '../../../src/features/contract/contract-page.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { LEVELS_SAVE, TERMS_LIST, btc, findConfirmation, levels } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

function serverWith(save: (body: Record<string, unknown>) => FakeAnswer) {
  return fakeServer({ [TERMS_LIST]: () => ({ data: { list: [btc], levels } }), [LEVELS_SAVE]: save });
}

async function openLevels(): Promise<HTMLElement> {
  renderInConsole(<ContractPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Risk levels' }));
  return screen.findByTestId('contract-levels-form');
}

function typeRatio(form: HTMLElement, value: string) {
  fireEvent.change(within(form).getByLabelText('System adjustment ratio'), { target: { value } });
}

// antd's tabs and confirmations take a while to draw in jsdom on a busy machine.
describe('the risk levels tab', { timeout: 20_000 }, () => {
  it('shows the ratio, the forced-close level it gives as it is typed, and the fixed caution level', async () => {
    serverWith(() => ({ data: levels }));
    const form = await openLevels();

    expect((within(form).getByLabelText('System adjustment ratio') as HTMLInputElement).value).toBe('10');
    expect(within(form).getByTestId('contract-levels-effect').textContent).toBe(
      '10 % → forced closing at 90 %',
    );
    expect(within(form).getByTestId('contract-levels-caution').textContent).toBe('Above 50 %');

    typeRatio(form, '12.5');
    await waitFor(() =>
      expect(within(form).getByTestId('contract-levels-effect').textContent).toBe(
        '12.5 % → forced closing at 87.5 %',
      ),
    );
    typeRatio(form, '55');
    expect(await within(form).findByText(/comes at or below the caution level of 50 %/)).toBeTruthy();
  });

  it('states the effect before saving, then sends the ratio as a fraction', async () => {
    const server = serverWith(() => ({
      data: { adjustmentRatio: '0.1500', forcedCloseLevel: '0.8500', cautionLevel: '0.5000' },
    }));
    const form = await openLevels();

    typeRatio(form, '15');
    fireEvent.click(within(form).getByRole('button', { name: 'Review change' }));
    const confirmation = await findConfirmation('Move forced closing to 85 %?');
    expect(within(confirmation).getByTestId('contract-levels-confirm').textContent).toContain(
      'Every account whose risk degree is at or above 85 % will be closed on the next recorded second.',
    );
    expect(server.bodiesTo(LEVELS_SAVE)).toEqual([]);
    const reads = server.bodiesTo(TERMS_LIST).length;
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The risk levels are saved: forced closing at 85 %')).toBeTruthy();
    expect(server.bodiesTo(LEVELS_SAVE)).toEqual([{ adjustmentRatio: '0.1500' }]);
    await waitFor(() => expect(server.bodiesTo(TERMS_LIST)).toHaveLength(reads + 1));
  });

  it('sends nothing when the operator goes back', async () => {
    const server = serverWith(() => ({ data: levels }));
    const form = await openLevels();

    typeRatio(form, '20');
    fireEvent.click(within(form).getByRole('button', { name: 'Review change' }));
    const confirmation = await findConfirmation('Move forced closing to 80 %?');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Back' }));

    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(server.bodiesTo(LEVELS_SAVE)).toEqual([]);
  });

  it('checks the ratio before asking, and says when nothing was changed', async () => {
    const server = serverWith(() => ({ data: levels }));
    const form = await openLevels();

    fireEvent.click(within(form).getByRole('button', { name: 'Review change' }));
    expect(await within(form).findByText('Nothing was changed.')).toBeTruthy();
    typeRatio(form, '100');
    fireEvent.click(within(form).getByRole('button', { name: 'Review change' }));
    expect(await within(form).findByText('Below 100 %')).toBeTruthy();
    expect(within(form).getByText('Type a valid ratio to see the level.')).toBeTruthy();
    expect(server.bodiesTo(LEVELS_SAVE)).toEqual([]);
  });

  it('marks the ratio when the server refuses it', async () => {
    serverWith(() => ({
      refusal: { code: 'VALIDATION_FAILED', message: 'Not a valid value', field: 'adjustmentRatio' },
    }));
    const form = await openLevels();

    typeRatio(form, '30');
    fireEvent.click(within(form).getByRole('button', { name: 'Review change' }));
    const confirmation = await findConfirmation('Move forced closing to 70 %?');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Not saved. Not a valid value')).toBeTruthy();
    expect(await within(form).findByText('Not a valid value')).toBeTruthy();
    expect((within(form).getByLabelText('System adjustment ratio') as HTMLInputElement).value).toBe('30');
  });
});
