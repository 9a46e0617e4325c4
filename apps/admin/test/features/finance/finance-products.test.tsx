import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FinancePage from '../../../src/features/finance/finance-page.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { COINS, PRODUCTS, SAVE, btcProduct, coins, ethProduct, findConfirmation, rowOf } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

function serverWith(save: (body: Record<string, unknown>) => FakeAnswer) {
  return fakeServer({
    [PRODUCTS]: () => ({ data: [btcProduct, ethProduct] }),
    [SAVE]: save,
    [COINS]: () => ({ data: coins }),
  });
}

async function openEditForm(id: number, name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`finance-product-edit-${id}`));
  return screen.findByRole('dialog', { name: `Finance product "${name}"` });
}

function type(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

function input(form: HTMLElement, label: string): HTMLInputElement {
  return within(form).getByLabelText(label);
}

/** Picks an option of an antd select by the option's text. */
async function pick(form: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(form).getByLabelText(label));
  const choices = await screen.findAllByTitle(option);
  const choice = choices.find((element) => element.classList.contains('ant-select-item-option'));
  if (!choice) throw new Error(`no option ${option}`);
  fireEvent.click(choice);
}

async function reviewAndSave(form: HTMLElement, title: string | RegExp) {
  fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
  const confirmation = await findConfirmation(title);
  fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));
}

// antd's tables and modals take a while to draw in jsdom on a busy machine.
describe('the finance products', { timeout: 30_000 }, () => {
  it('lists every product with its yield, term, limits, quota sold and remaining, and sale', async () => {
    serverWith(() => ({ data: btcProduct }));
    renderInConsole(<FinancePage />);

    await screen.findByTestId('finance-product-edit-1');
    const btc = within(rowOf('finance-products-table', 1));
    expect(btc.getByText('BTC 30 days')).toBeTruthy();
    expect(btc.getByText('12 %')).toBeTruthy();
    expect(btc.getByText('early redemption fee 1 %')).toBeTruthy();
    expect(btc.getByText('30 days')).toBeTruthy();
    expect(btc.getByText(/^60,000\.00/)).toBeTruthy();
    expect(btc.getByText(/^10,000\.00/)).toBeTruthy();
    expect(btc.getByText('2 languages')).toBeTruthy();
    expect(btc.getByText('Open')).toBeTruthy();
    const quota = within(btc.getByTestId('finance-product-quota-1'));
    expect(quota.getByText(/^1,000,000\.00/)).toBeTruthy();
    expect(quota.getByText(/^250,000\.00/)).toBeTruthy();
    expect(quota.getByText(/^750,000\.00/)).toBeTruthy();

    const eth = within(rowOf('finance-products-table', 2));
    expect(eth.getByText('7 days')).toBeTruthy();
    expect(eth.getByText('no maximum but the quota')).toBeTruthy();
    expect(eth.getByText('12')).toBeTruthy();
    expect(eth.getByText('Closed')).toBeTruthy();
  });

  it('creates a product from the form with every field, the names per language', async () => {
    const server = serverWith(() => ({ data: { ...btcProduct, id: 3, name: 'SOL 1 hour' } }));
    renderInConsole(<FinancePage />);

    fireEvent.click(await screen.findByTestId('finance-product-new'));
    const form = await screen.findByRole('dialog', { name: 'New finance product' });
    await pick(form, 'Coin', 'SOL');
    await pick(form, 'Paid in', 'In SOL');
    type(form, 'Annual yield', ' 0.2 ');
    expect(await within(form).findByText('= 20 %')).toBeTruthy();
    type(form, 'Term', '1');
    await pick(form, 'Term unit', 'Hours');
    type(form, 'Linked price', '150.5');
    type(form, 'Early redemption fee', '0.005');
    type(form, 'Minimum amount', '1');
    type(form, 'Quota', '10000');
    type(form, 'Name (English)', 'SOL 1 hour');
    type(form, 'Name (Korean)', 'SOL 1시간');
    type(form, 'Remark (English)', 'Short and sharp');
    fireEvent.click(within(form).getByRole('switch', { name: 'Sale' }));
    type(form, 'Sort order', '5');
    await reviewAndSave(form, 'Create this finance product?');

    expect(await screen.findByText('The finance product "SOL 1 hour" is saved')).toBeTruthy();
    expect(server.bodiesTo(SAVE)).toEqual([
      {
        vcId: 3,
        names: { en: 'SOL 1 hour', kr: 'SOL 1시간' },
        remarks: { en: 'Short and sharp' },
        rateStr: '0.2',
        buyType: 'coin',
        cycle: 1,
        cycleType: 'hour',
        exchangeRate: '150.5',
        serviceRateStr: '0.005',
        minAmount: '1',
        maxAmount: null,
        quota: '10000',
        enabled: true,
        sort: 5,
      },
    ]);
    await waitFor(() => expect(server.bodiesTo(PRODUCTS)).toHaveLength(2));
  });

  it('confirms the changes to a product and saves it whole, with its id', async () => {
    const server = serverWith((body) => ({ data: { ...btcProduct, rateStr: body.rateStr } }));
    renderInConsole(<FinancePage />);

    const form = await openEditForm(1, 'BTC 30 days');
    expect(within(form).queryByTestId('finance-terms-locked')).toBeNull();
    expect(input(form, 'Annual yield').disabled).toBe(false);
    type(form, 'Annual yield', '0.15');
    type(form, 'Maximum amount', '');
    type(form, 'Remark (English)', '');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));

    const confirmation = await findConfirmation('Change the finance product "BTC 30 days"?');
    const changes = within(confirmation).getByTestId('finance-product-changes');
    expect(changes.textContent).toContain('Annual yield: 0.12 (12 %) → 0.15 (15 %)');
    expect(changes.textContent).toContain('Maximum amount: 10000 → Uncapped');
    expect(changes.textContent).toContain('Remark (English): Dual investment → (none)');
    expect(changes.querySelectorAll('li')).toHaveLength(3);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.bodiesTo(SAVE)).toHaveLength(1));
    expect(server.bodiesTo(SAVE)[0]).toEqual({
      id: 1,
      vcId: 1,
      names: { en: 'BTC 30 days', 'zh-CN': 'BTC 30 天' },
      remarks: {},
      rateStr: '0.15',
      buyType: 'usdt',
      cycle: 30,
      cycleType: 'day',
      exchangeRate: '60000',
      serviceRateStr: '0.01',
      minAmount: '100',
      maxAmount: null,
      quota: '1000000',
      enabled: true,
      sort: 1,
    });
  });

  it('keeps the terms of a product with orders: disabled, with the reason, and sent back as they were', async () => {
    const server = serverWith(() => ({ data: ethProduct }));
    renderInConsole(<FinancePage />);

    const form = await openEditForm(2, 'ETH 7 days');
    const note = within(form).getByTestId('finance-terms-locked');
    expect(note.textContent).toContain('This product has 12 orders');
    for (const label of ['Annual yield', 'Term', 'Linked price', 'Early redemption fee', 'Minimum amount']) {
      expect(input(form, label).disabled).toBe(true);
    }
    expect(input(form, 'Maximum amount').disabled).toBe(true);
    expect(input(form, 'Quota').disabled).toBe(true);
    expect(input(form, 'Coin').disabled).toBe(true);
    expect(input(form, 'Name (English)').disabled).toBe(false);
    expect(input(form, 'Sort order').disabled).toBe(false);

    type(form, 'Name (Turkish)', 'ETH 7 gün');
    fireEvent.click(within(form).getByRole('switch', { name: 'Sale' }));
    await reviewAndSave(form, /Change the finance product/);

    await waitFor(() => expect(server.bodiesTo(SAVE)).toHaveLength(1));
    expect(server.bodiesTo(SAVE)[0]).toEqual({
      id: 2,
      vcId: 2,
      names: { en: 'ETH 7 days', tr: 'ETH 7 gün' },
      remarks: {},
      rateStr: '0.08000000',
      buyType: 'coin',
      cycle: 7,
      cycleType: 'day',
      exchangeRate: '3000',
      serviceRateStr: '0',
      minAmount: '0.1',
      maxAmount: null,
      quota: '500',
      enabled: true,
      sort: 2,
    });
  });

  it("marks the field the server refuses and keeps the form open with the operator's values", async () => {
    serverWith(() => ({
      refusal: { code: 'FINANCE_TERMS_LOCKED', message: 'Locked', field: 'rateStr' },
    }));
    renderInConsole(<FinancePage />);

    const form = await openEditForm(1, 'BTC 30 days');
    type(form, 'Annual yield', '0.2');
    await reviewAndSave(form, /Change the finance product/);

    const text = 'Fixed: the product has orders, so its terms cannot change';
    expect(await within(form).findByText(`Not saved. Annual yield: ${text}`)).toBeTruthy();
    expect(await within(form).findByText(text)).toBeTruthy();
    expect(input(form, 'Annual yield').value).toBe('0.2');
  });

  it('shows a refusal of the names under the English name', async () => {
    serverWith(() => ({
      refusal: { code: 'FINANCE_PRODUCT_INVALID', message: 'A name is required', field: 'names' },
    }));
    renderInConsole(<FinancePage />);

    const form = await openEditForm(1, 'BTC 30 days');
    type(form, 'Sort order', '3');
    await reviewAndSave(form, /Change the finance product/);

    expect(await within(form).findByText('Not saved. Name (English): A name is required')).toBeTruthy();
    expect(await within(form).findByText('A name is required')).toBeTruthy();
  });

  it('checks the form before asking: amounts, limits, rates as fractions, a name, something changed', async () => {
    const server = serverWith(() => ({ data: btcProduct }));
    renderInConsole(<FinancePage />);

    const form = await openEditForm(1, 'BTC 30 days');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(await within(form).findByText('Nothing was changed.')).toBeTruthy();

    type(form, 'Annual yield', '12');
    type(form, 'Early redemption fee', '0.0000000001');
    type(form, 'Linked price', '0');
    type(form, 'Maximum amount', '50');
    type(form, 'Quota', '99');
    type(form, 'Name (English)', '');
    type(form, 'Name (Chinese (simplified))', '');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));

    // Each field's rule is checked on its own, so the messages may come one after the other.
    expect(await within(form).findByText('At most 10, a fraction: 0.12 is 12 % a year')).toBeTruthy();
    expect(await within(form).findByText('At most 8 decimals')).toBeTruthy();
    expect(await within(form).findByText('Above zero')).toBeTruthy();
    expect(await within(form).findByText('At least the minimum amount, or empty')).toBeTruthy();
    expect(await within(form).findByText('At least the minimum amount')).toBeTruthy();
    expect(await within(form).findByText('At least one name; English is the default')).toBeTruthy();
    expect(server.bodiesTo(SAVE)).toEqual([]);
  });

  it('says why the products could not be loaded', async () => {
    fakeServer({ [PRODUCTS]: () => ({ refusal: { code: 'FORBIDDEN', message: 'Not for your role' } }) });
    renderInConsole(<FinancePage />);
    expect(await screen.findByText('Not for your role')).toBeTruthy();
  });
});
