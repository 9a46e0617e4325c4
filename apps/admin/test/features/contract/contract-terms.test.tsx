import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContractPage from '../../../src/features/contract/contract-page.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { TERMS_LIST, TERMS_SAVE, btc, eth, findConfirmation, levels, rowOf } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

function serverWith(save: (body: Record<string, unknown>) => FakeAnswer) {
  return fakeServer({ [TERMS_LIST]: () => ({ data: { list: [btc, eth], levels } }), [TERMS_SAVE]: save });
}

async function openEditForm(symbol: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`contract-terms-edit-${symbol}`));
  return screen.findByRole('dialog', { name: `Contract terms of ${symbol}` });
}

/** Removes a leverage tag by its label ("20×"). */
function removeLeverage(form: HTMLElement, label: string) {
  const tag = within(form).getByTitle(label);
  const remove = tag.querySelector('.ant-select-selection-item-remove');
  if (!remove) throw new Error(`no remove button on ${label}`);
  fireEvent.click(remove);
}

/** Types a leverage into the tags field; the comma ends the tag, as it does for an operator. */
function typeLeverage(form: HTMLElement, text: string) {
  fireEvent.change(within(form).getByLabelText('Leverages'), { target: { value: `${text},` } });
}

async function reviewAndSave(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));
  const confirmation = await findConfirmation(/Change the contract terms of/);
  fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));
}

// antd's tables and modals take a while to draw in jsdom on a busy machine.
describe('the contract terms tab', { timeout: 20_000 }, () => {
  it("lists every coin's terms: leverages, fee rates in percent, the uncapped maximums", async () => {
    serverWith(() => ({ data: btc }));
    renderInConsole(<ContractPage />);

    await screen.findByTestId('contract-terms-edit-BTC');
    const btcRow = within(rowOf('contract-terms-table', 1));
    expect(btcRow.getByText('Enabled')).toBeTruthy();
    expect(btcRow.getByText('20×')).toBeTruthy();
    expect(btcRow.getByText('(0.05 %)')).toBeTruthy();
    expect(btcRow.getByText('(0.1 %)')).toBeTruthy();
    expect(btcRow.getByText(/^100\.00/)).toBeTruthy();
    const ethRow = within(rowOf('contract-terms-table', 2));
    expect(ethRow.getByText('Disabled')).toBeTruthy();
    expect(ethRow.getByText('Uncapped')).toBeTruthy();
  });

  it('confirms the changes, saves the whole terms with the leverages ascending, and reads the table again', async () => {
    const server = serverWith((body) => ({ data: { ...btc, ...body } }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    expect(within(form).getByText(/recorded in the audit log/)).toBeTruthy();
    removeLeverage(form, '20×');
    typeLeverage(form, '50');
    typeLeverage(form, '3');
    fireEvent.change(within(form).getByLabelText('Opening fee rate'), { target: { value: ' 0.0004 ' } });
    expect(await within(form).findByText('= 0.04 %')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Maximum quantity'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));

    const confirmation = await findConfirmation('Change the contract terms of BTC?');
    const changes = within(confirmation).getByTestId('contract-terms-changes');
    expect(changes.textContent).toContain('Leverages: 1×, 5×, 10×, 20× → 1×, 3×, 5×, 10×, 50×');
    expect(changes.textContent).toContain('Opening fee rate: 0.0005 (0.05 %) → 0.0004 (0.04 %)');
    expect(changes.textContent).toContain('Maximum quantity: 100 → Uncapped');
    expect(changes.querySelectorAll('li')).toHaveLength(3);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The contract terms of BTC are saved')).toBeTruthy();
    expect(server.bodiesTo(TERMS_SAVE)).toEqual([
      {
        vcId: 1,
        enabled: true,
        leverages: [1, 3, 5, 10, 50],
        openFeeRate: '0.0004',
        closeFeeRate: '0.001',
        minQuantity: '0.001',
        maxQuantity: null,
        priceDecimals: 2,
        quantityDecimals: 3,
      },
    ]);
    await waitFor(() => expect(server.bodiesTo(TERMS_LIST)).toHaveLength(2));
  });

  it('turns a coin on with the switch', async () => {
    const server = serverWith(() => ({ data: { ...eth, enabled: true } }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('ETH');
    fireEvent.click(within(form).getByRole('switch', { name: 'Trading' }));
    await reviewAndSave(form);

    await waitFor(() => expect(server.bodiesTo(TERMS_SAVE)).toHaveLength(1));
    expect(server.bodiesTo(TERMS_SAVE)[0]).toMatchObject({ vcId: 2, enabled: true, leverages: [1, 2, 3] });
  });

  it("marks the field the server refuses and keeps the form open with the operator's values", async () => {
    serverWith(() => ({
      refusal: { code: 'CONTRACT_TERMS_INVALID', message: 'Too high for this coin', field: 'closeFeeRate' },
    }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    fireEvent.change(within(form).getByLabelText('Closing fee rate'), { target: { value: '0.5' } });
    await reviewAndSave(form);

    expect(await within(form).findByText('Not saved. Closing fee rate: Too high for this coin')).toBeTruthy();
    expect(await within(form).findByText('Too high for this coin')).toBeTruthy();
    expect((within(form).getByLabelText('Closing fee rate') as HTMLInputElement).value).toBe('0.5');
  });

  it('marks the leverages when the server refuses one of them', async () => {
    serverWith(() => ({
      refusal: { code: 'VALIDATION_FAILED', message: 'Not a valid value', field: 'leverages.1' },
    }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    typeLeverage(form, '2');
    await reviewAndSave(form);

    expect(await within(form).findByText('Not saved. Leverages: Not a valid value')).toBeTruthy();
    expect(await within(form).findByText('Not a valid value')).toBeTruthy();
  });

  it("shows a refusal that names no field as the server's message", async () => {
    serverWith(() => ({ refusal: { code: 'NOT_FOUND', message: 'This coin does not trade contracts' } }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    fireEvent.change(within(form).getByLabelText('Minimum quantity'), { target: { value: '0.01' } });
    await reviewAndSave(form);

    expect(await within(form).findByText('Not saved. This coin does not trade contracts')).toBeTruthy();
  });

  it('asks nothing when nothing was changed', async () => {
    const server = serverWith(() => ({ data: btc }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));
    expect(await within(form).findByText('Nothing was changed.')).toBeTruthy();
    expect(server.bodiesTo(TERMS_SAVE)).toEqual([]);
  });

  it('checks the leverages and the fee rates before asking', async () => {
    const server = serverWith(() => ({ data: btc }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    for (const label of ['1×', '5×', '10×', '20×']) removeLeverage(form, label);
    fireEvent.change(within(form).getByLabelText('Opening fee rate'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Closing fee rate'), { target: { value: '5e-4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));

    // Each field's rule is checked on its own, so the messages may come one after the other.
    expect(await within(form).findByText('At least one leverage')).toBeTruthy();
    expect(await within(form).findByText('Below 1: a fraction of the value, 0.0005 is 0.05 %')).toBeTruthy();
    expect(await within(form).findByText('A plain number such as 0.0005 or 25')).toBeTruthy();
    typeLeverage(form, '500');
    expect(await within(form).findByText('Whole numbers from 1 to 200; not 500')).toBeTruthy();
    expect(server.bodiesTo(TERMS_SAVE)).toEqual([]);
  });

  it('checks the quantities before asking: the quantity decimals, a maximum above its minimum', async () => {
    const server = serverWith(() => ({ data: btc }));
    renderInConsole(<ContractPage />);

    const form = await openEditForm('BTC');
    fireEvent.change(within(form).getByLabelText('Maximum quantity'), { target: { value: '0.0005' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));
    expect(await within(form).findByText('At most 3 decimals (the quantity decimals)')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Minimum quantity'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Maximum quantity'), { target: { value: '5' } });
    expect(await within(form).findByText('At least the minimum, or empty for uncapped')).toBeTruthy();
    expect(server.bodiesTo(TERMS_SAVE)).toEqual([]);
  });

  it('says why the terms could not be loaded', async () => {
    fakeServer({ [TERMS_LIST]: () => ({ refusal: { code: 'FORBIDDEN', message: 'Not for your role' } }) });
    renderInConsole(<ContractPage />);
    expect(await screen.findByText('Not for your role')).toBeTruthy();
  });
});
