import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WalletPage from '../../../src/features/wallet/wallet-page.tsx';
import { walletKeys } from '../../../src/system/wallet-api.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../src/lib/use-idempotency-key.ts';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { marketKeys } from '../../../src/system/market-api.ts';
import { makeTicker } from '../../support/market-fixtures.ts';
import { stubWebSocket } from '../../support/live-stubs.ts';
import {
  answerDialog,
  fail,
  inputNamed,
  mockApi,
  renderPage,
  setupWebTests,
  signInAs,
  TEST_TOKEN,
} from '../../setup.tsx';
import { until } from '../../support/helpers.tsx';
import { OVERVIEW, USDT, currency } from '../../support/wallet-fixtures.ts';

setupWebTests();

beforeEach(() => {
  stubWebSocket();
  signInAs();
});
afterEach(() => {
  cleanup();
  resetLiveMarketForTests();
});

const row = (symbol: string) =>
  screen.getAllByTestId('wallet-currency').find((r) => r.getAttribute('data-symbol') === symbol)!;
const figure = (symbol: string, testId: string) => within(row(symbol)).getByTestId(testId).textContent;
const total = () => screen.getByTestId('total-assets').textContent;
/** The confirm dialog and toasts animate on the real clock; a busy machine needs more than 1 s. */
const SLOW = { timeout: 4000 };

function walletApi(overrides: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  return mockApi({
    '/wallet/overview': () => OVERVIEW,
    '/vc/market/list': () => [],
    ...overrides,
  });
}

async function openTransfer() {
  await until(() => expect(total()).toBe('31,377.88'));
  fireEvent.click(screen.getByTestId('wallet-transfer'));
  await screen.findByTestId('transfer-form');
}

describe('assets page (/fund)', () => {
  it('shows the total, each currency’s available, contract and frozen amounts and its value', async () => {
    walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    expect(screen.getByTestId('wallet-skeleton')).toBeTruthy();
    await until(() => expect(total()).toBe('31,377.88'));
    expect(screen.getAllByTestId('wallet-currency').map((r) => r.getAttribute('data-symbol'))).toEqual([
      'USDT',
      'BTC',
      'ETH',
    ]);
    expect(figure('USDT', 'currency-spot')).toBe('1,250.50');
    expect(figure('USDT', 'currency-contract')).toBe('100.00');
    expect(figure('USDT', 'currency-frozen')).toBe('20.00');
    expect(figure('BTC', 'currency-spot')).toBe('0.50');
    expect(figure('BTC', 'currency-frozen')).toBe('0.000123');
    expect(figure('BTC', 'currency-value')).toBe('≈ 30,007.38 USDT');
    expect(screen.getByTestId('total-assets').className).toContain('num');
  });

  it('hides every figure behind the toggle and remembers the choice', async () => {
    walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    await until(() => expect(total()).toBe('31,377.88'));
    const toggle = screen.getByTestId('hide-balance-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Hide balances');

    fireEvent.click(toggle);

    expect(total()).toBe('****');
    for (const testId of ['currency-spot', 'currency-contract', 'currency-frozen', 'currency-value']) {
      expect(figure('BTC', testId)).toBe('****');
    }
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Show balances');
    expect(usePreferences.getState().hideBalance).toBe(true);
    expect(JSON.parse(localStorage.getItem('vela-preferences') ?? '{}').state.hideBalance).toBe(true);

    fireEvent.click(toggle);
    expect(total()).toBe('31,377.88');
  });

  it('starts hidden when the flag is already set', async () => {
    usePreferences.setState({ hideBalance: true });
    walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    await until(() => expect(screen.getAllByTestId('wallet-currency')).toHaveLength(3));
    expect(total()).toBe('****');
    expect(figure('USDT', 'currency-spot')).toBe('****');
  });

  it('re-values holdings at prices newer than the overview', async () => {
    walletApi();
    const { client } = renderPage(<WalletPage />, { path: '/fund' });
    await until(() => expect(total()).toBe('31,377.88'));
    act(() => {
      client.setQueryData(marketKeys.tickers(), [makeTicker({ a: 2, c: 'BTC', g: '61000.00' })]);
    });
    await until(() => expect(total()).toBe('31,878.00'));
    expect(figure('BTC', 'currency-value')).toBe('≈ 30,507.50 USDT');
    // The balances themselves are the server's.
    expect(figure('BTC', 'currency-spot')).toBe('0.50');
  });

  it('links to deposit, withdraw and the bills', async () => {
    walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    fireEvent.click(screen.getByTestId('wallet-bills'));
    expect(screen.getByTestId('location').textContent).toBe('/user-bills');
  });

  it('leads to the contract positions and orders', async () => {
    walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    const link = screen.getByTestId('wallet-contract-orders');
    expect(link.textContent).toBe('Contract orders');
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/contract-trade-order');
  });

  it('shows a retry when the overview fails, and an empty state without currencies', async () => {
    let answer: unknown = fail('INTERNAL_ERROR', 'Something went wrong');
    walletApi({ '/wallet/overview': () => answer });
    renderPage(<WalletPage />, { path: '/fund' });
    const retry = await screen.findByTestId('empty-loadFailed');
    expect(total()).toBe('--');
    answer = { totalUsdt: '0.000000', currencies: [] };
    fireEvent.click(retry);
    await screen.findByTestId('empty-noData');
    expect(total()).toBe('0.00');
    expect((screen.getByTestId('wallet-transfer') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('transfer popup', () => {
  it('moves the whole spot balance to the contract account after a confirmation, with a key', async () => {
    let overview = OVERVIEW;
    const api = walletApi({
      '/wallet/overview': () => overview,
      '/wallet/transfer': () => {
        overview = {
          ...OVERVIEW,
          currencies: [
            { ...USDT, spot: '0.000000', contract: '1350.500000' },
            ...OVERVIEW.currencies.slice(1),
          ],
        };
        return { transferId: 9, vcId: 1, spot: '0.000000', contract: '1350.500000' };
      },
    });
    const { client } = renderPage(<WalletPage />, { path: '/fund' });
    await openTransfer();
    expect(screen.getByTestId('transfer-currency').textContent).toContain('USDT');
    expect(screen.getByTestId('transfer-available').textContent).toBe('Available: 1,250.50 USDT');

    fireEvent.click(screen.getByTestId('transfer-all'));
    expect(inputNamed('amount').value).toBe('1250.5');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(
      await screen.findByText(
        'Transfer 1,250.50 USDT from the spot account to the contract account?',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    await answerDialog('Confirm');

    await until(() => expect(api.callsTo('/wallet/transfer')).toHaveLength(1));
    const [request] = api.callsTo('/wallet/transfer');
    expect(request?.body).toEqual({ vcId: 1, from: 'spot', to: 'contract', amount: '1250.5' });
    expect(request?.headers['idempotency-key']).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(await screen.findByText('Transferred', {}, SLOW)).toBeTruthy();
    await until(() => expect(figure('USDT', 'currency-contract')).toBe('1,350.50'));
    expect(figure('USDT', 'currency-spot')).toBe('0.00');
    expect(client.getQueryState(walletKeys.overview(TEST_TOKEN))?.isInvalidated).toBe(false);
    await until(() => expect(screen.queryByTestId('transfer-form')).toBeNull());
  });

  it('swaps the accounts, checks the amount before asking, and sends nothing when cancelled', async () => {
    const api = walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    await openTransfer();
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('error-amount')).textContent).toBe('Please enter an amount');

    fireEvent.click(screen.getByTestId('transfer-swap'));
    expect(screen.getByTestId('transfer-from').textContent).toBe('contract account');
    expect(screen.getByTestId('transfer-to').textContent).toBe('spot account');
    expect(screen.getByTestId('transfer-available').textContent).toBe('Available: 100.00 USDT');
    fireEvent.change(inputNamed('amount'), { target: { value: '100.5' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('error-amount')).textContent).toBe('Insufficient balance');

    fireEvent.change(inputNamed('amount'), { target: { value: '1.123456' } });
    // A seventh decimal is more than USDT has: the key press is not taken.
    fireEvent.change(inputNamed('amount'), { target: { value: '1.1234567' } });
    expect(inputNamed('amount').value).toBe('1.123456');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByText('Transfer 1.123456 USDT from the contract account to the spot account?');
    await answerDialog('Cancel');
    expect(api.callsTo('/wallet/transfer')).toHaveLength(0);
  });

  it('allows only the decimals GLOBAL amountMaxPrecision allows, and names that number', async () => {
    // The configuration is still loading: until it arrives, USDT's own 6 decimals apply.
    const loading = () => new Promise(() => undefined);
    const api = walletApi({ '/sys-config/simple-list': loading });
    const { client } = renderPage(<WalletPage />, { path: '/fund' });
    await openTransfer();
    fireEvent.change(inputNamed('amount'), { target: { value: '1.123456' } });
    expect(inputNamed('amount').value).toBe('1.123456');

    // It arrives with GLOBAL amountMaxPrecision 4 (React Query tells the screens a moment later).
    await act(async () => {
      client.setQueryData(['SYS_CONFIG', 'en'], {
        dict: {},
        list: [{ group: 'GLOBAL', key: 'amountMaxPrecision', value: '4' }],
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // The amount typed before the rule arrived is refused as the server would refuse it.
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('error-amount')).textContent).toBe('At most 4 decimal places');

    // A fifth decimal is not taken any more.
    fireEvent.change(inputNamed('amount'), { target: { value: '1.1234' } });
    fireEvent.change(inputNamed('amount'), { target: { value: '1.12345' } });
    expect(inputNamed('amount').value).toBe('1.1234');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByText('Transfer 1.1234 USDT from the spot account to the contract account?');
    await answerDialog('Cancel');
    expect(api.callsTo('/wallet/transfer')).toHaveLength(0);
  });

  it('chooses another currency from the picker', async () => {
    walletApi();
    renderPage(<WalletPage />, { path: '/fund' });
    await openTransfer();
    fireEvent.click(screen.getByTestId('transfer-currency'));
    const picker = await screen.findByTestId('transfer-currency-picker');
    const btc = within(picker)
      .getAllByTestId('transfer-currency-option')
      .find((o) => o.getAttribute('data-symbol') === 'BTC')!;
    fireEvent.click(btc);
    expect(screen.getByTestId('transfer-currency').textContent).toContain('BTC');
    expect(screen.getByTestId('transfer-available').textContent).toBe('Available: 0.50 BTC');
    fireEvent.change(inputNamed('amount'), { target: { value: '0.123456789' } });
    expect(inputNamed('amount').value).toBe('');
  });

  it('retries with the same key after a network error and a new one after a refusal', async () => {
    const outcomes: unknown[] = [
      'network',
      fail('INSUFFICIENT_BALANCE', 'Insufficient balance'),
      fail('AMOUNT_INVALID', 'Enter a valid amount', { field: 'amount' }),
    ];
    const api = walletApi({
      '/wallet/transfer': () => {
        const outcome = outcomes.shift();
        if (outcome === 'network') throw new TypeError('Failed to fetch');
        return outcome;
      },
    });
    renderPage(<WalletPage />, { path: '/fund' });
    await openTransfer();
    const send = async (amount: string) => {
      // The previous confirmation has finished closing.
      await until(() => expect(screen.queryAllByRole('button', { name: 'Confirm' })).toHaveLength(0), 3000);
      fireEvent.change(inputNamed('amount'), { target: { value: amount } });
      fireEvent.click(screen.getByTestId('transfer-submit'));
      await answerDialog('Confirm');
    };

    await send('10');
    expect(
      await screen.findByText('Network error, please check your connection and try again', {}, SLOW),
    ).toBeTruthy();
    await send('10');
    expect((await screen.findByTestId('error-amount', {}, SLOW)).textContent).toBe('Insufficient balance');
    await send('11');
    await until(() => expect(screen.getByTestId('error-amount').textContent).toBe('Enter a valid amount'));

    const keys = api.callsTo('/wallet/transfer').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    // Still open: nothing was transferred.
    expect(screen.getByTestId('transfer-form')).toBeTruthy();
  });

  it('offers the first currency that holds something', async () => {
    walletApi({
      '/wallet/overview': () => ({
        totalUsdt: '5.000000',
        currencies: [
          currency({ vcId: 7, symbol: 'AAA' }),
          currency({ vcId: 8, symbol: 'BBB', contract: '5.000000' }),
        ],
      }),
    });
    renderPage(<WalletPage />, { path: '/fund' });
    await until(() => expect(total()).toBe('5.00'));
    fireEvent.click(screen.getByTestId('wallet-transfer'));
    expect((await screen.findByTestId('transfer-currency')).textContent).toContain('BBB');
  });
});
