import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpotTerms } from '@vela/contract';
import SpotPage from '../../../src/features/spot/spot-page.tsx';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

const LIST = '/admin/spot/terms/list';
const SAVE = '/admin/spot/terms/save';

function terms(symbol: string, vcId: number, overrides: Partial<SpotTerms> = {}): SpotTerms {
  return {
    vcId,
    symbol,
    settleSymbol: 'USDT',
    enabled: true,
    feeRate: '0.001000',
    minAmount: '10.000000',
    maxAmount: null,
    minQuantity: '0.000100',
    maxQuantity: '5.000000',
    priceDecimals: 2,
    quantityDecimals: 6,
    amountDecimals: 2,
    ...overrides,
  };
}

const btc = terms('BTC', 1);
const eth = terms('ETH', 2, { enabled: false, maxAmount: '20000.000000', maxQuantity: null });

function serverWith(save: (body: Record<string, unknown>) => FakeAnswer) {
  return fakeServer({ [LIST]: () => ({ data: [btc, eth] }), [SAVE]: save });
}

function rowOf(vcId: number): HTMLElement {
  const row = document.querySelector<HTMLElement>(
    `[data-testid="spot-terms-table"] tr[data-row-key="${vcId}"]`,
  );
  if (!row) throw new Error(`no row ${vcId}`);
  return row;
}

async function openEditForm(symbol: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`spot-terms-edit-${symbol}`));
  return screen.findByRole('dialog', { name: `Spot terms of ${symbol}` });
}

/** The confirmation before a save; antd's confirm dialogs carry their title as text only. */
async function findConfirmation(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error('no confirmation');
  return dialog;
}

async function reviewAndSave(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));
  const confirmation = await findConfirmation(/Change the spot terms of/);
  fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));
}

// antd's tables and modals take a while to draw in jsdom on a busy machine.
describe('the spot terms screen', { timeout: 20_000 }, () => {
  it("lists every coin's terms, the disabled ones and the uncapped maximums included", async () => {
    serverWith(() => ({ data: btc }));
    renderInConsole(<SpotPage />);

    await screen.findByTestId('spot-terms-edit-BTC');
    const btcRow = within(rowOf(1));
    expect(btcRow.getByText('Enabled')).toBeTruthy();
    expect(btcRow.getByText('(0.1 %)')).toBeTruthy();
    expect(btcRow.getByText('Uncapped')).toBeTruthy();
    const ethRow = within(rowOf(2));
    expect(ethRow.getByText('Disabled')).toBeTruthy();
    expect(ethRow.getByText(/20,000\.00/)).toBeTruthy();
  });

  it('confirms the changes, saves the whole terms and reads the table again', async () => {
    const server = serverWith((body) => ({ data: { ...btc, feeRate: body.feeRate, maxQuantity: null } }));
    renderInConsole(<SpotPage />);

    const form = await openEditForm('BTC');
    expect(within(form).getByText(/recorded in the audit log/)).toBeTruthy();
    expect(within(form).getByText(/keep the fee rate they were accepted with/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Fee rate'), { target: { value: ' 0.0015 ' } });
    fireEvent.change(within(form).getByLabelText('Maximum sell quantity'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));

    const confirmation = await findConfirmation('Change the spot terms of BTC?');
    const changes = within(confirmation).getByTestId('spot-terms-changes');
    expect(changes.textContent).toContain('Fee rate: 0.001 (0.1 %) → 0.0015 (0.15 %)');
    expect(changes.textContent).toContain('Maximum sell quantity: 5 → Uncapped');
    expect(changes.querySelectorAll('li')).toHaveLength(2);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The spot terms of BTC are saved')).toBeTruthy();
    expect(server.bodiesTo(SAVE)).toEqual([
      {
        vcId: 1,
        enabled: true,
        feeRate: '0.0015',
        minAmount: '10',
        maxAmount: null,
        minQuantity: '0.0001',
        maxQuantity: null,
        priceDecimals: 2,
        quantityDecimals: 6,
      },
    ]);
    await waitFor(() => expect(server.bodiesTo(LIST)).toHaveLength(2));
  });

  it('turns a coin on with the switch', async () => {
    const server = serverWith(() => ({ data: { ...eth, enabled: true } }));
    renderInConsole(<SpotPage />);

    const form = await openEditForm('ETH');
    fireEvent.click(within(form).getByRole('switch', { name: 'Trading' }));
    await reviewAndSave(form);

    await waitFor(() => expect(server.bodiesTo(SAVE)).toHaveLength(1));
    expect(server.bodiesTo(SAVE)[0]).toMatchObject({ vcId: 2, enabled: true, maxAmount: '20000' });
  });

  it("names the field the server refuses and keeps the form open with the operator's values", async () => {
    serverWith(() => ({
      refusal: { code: 'VALIDATION_FAILED', message: 'Must be below 1', field: 'feeRate' },
    }));
    renderInConsole(<SpotPage />);

    const form = await openEditForm('BTC');
    fireEvent.change(within(form).getByLabelText('Fee rate'), { target: { value: '2' } });
    await reviewAndSave(form);

    expect(await within(form).findByText('Not saved. Fee rate: Must be below 1')).toBeTruthy();
    expect(await within(form).findByText('Must be below 1')).toBeTruthy();
    expect((within(form).getByLabelText('Fee rate') as HTMLInputElement).value).toBe('2');
  });

  it("shows a refusal that names no field as the server's message", async () => {
    serverWith(() => ({ refusal: { code: 'NOT_FOUND', message: 'This coin does not trade on spot' } }));
    renderInConsole(<SpotPage />);

    const form = await openEditForm('BTC');
    fireEvent.change(within(form).getByLabelText('Minimum buy amount'), { target: { value: '20' } });
    await reviewAndSave(form);

    expect(await within(form).findByText('Not saved. This coin does not trade on spot')).toBeTruthy();
  });

  it('checks the form before asking: plain numbers, a maximum above its minimum, something changed', async () => {
    const server = serverWith(() => ({ data: btc }));
    renderInConsole(<SpotPage />);

    const form = await openEditForm('BTC');
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));
    expect(await within(form).findByText('Nothing was changed.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Fee rate'), { target: { value: '1e-3' } });
    fireEvent.change(within(form).getByLabelText('Maximum sell quantity'), { target: { value: '0.00001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review changes' }));

    // Each field's rule is checked on its own, so the messages may come one after the other.
    expect(await within(form).findByText('A plain number such as 0.001 or 25')).toBeTruthy();
    expect(await within(form).findByText('At least the minimum, or empty for uncapped')).toBeTruthy();
    expect(server.bodiesTo(SAVE)).toEqual([]);
  });

  it('says why the terms could not be loaded', async () => {
    fakeServer({ [LIST]: () => ({ refusal: { code: 'FORBIDDEN', message: 'Not for your role' } }) });
    renderInConsole(<SpotPage />);
    expect(await screen.findByText('Not for your role')).toBeTruthy();
  });
});
