import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BankCard, Chain, WalletAddress } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { PaymentMethodPicker } from '../../../src/components/payment-method-picker.tsx';
import AddBankCardPage from '../../../src/features/payment-methods/add-bank-card-page.tsx';
import AddWalletAddressPage from '../../../src/features/payment-methods/add-wallet-address-page.tsx';
import ReceiveWaysPage from '../../../src/features/payment-methods/receive-ways-page.tsx';
import WalletAddressPage from '../../../src/features/payment-methods/wallet-address-page.tsx';
import { fail, inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

setupWebTests();

const BANKS = [
  { id: 1, code: 'KR_KOOKMIN', name: 'KB Kookmin Bank', country: 'KR' },
  { id: 2, code: 'JP_MUFG', name: 'MUFG Bank', country: 'JP' },
];
const CHAINS: Chain[] = [
  { id: 11, vcId: 1, symbol: 'USDT', chainName: 'TRC20' },
  { id: 12, vcId: 1, symbol: 'USDT', chainName: 'ERC20' },
  { id: 13, vcId: 2, symbol: 'BTC', chainName: 'Bitcoin' },
];
const CARD: BankCard = {
  id: 5,
  bankId: 1,
  bankName: 'KB Kookmin Bank',
  bankCountry: 'KR',
  cardNumberMasked: '**** 3456',
  name: 'Kim Minsu',
  branchAddress: 'Gangnam',
  branchCode: null,
  idCardNumberMasked: '**** 4567',
  cciMasked: null,
  katakana: null,
  zskId: null,
  createdAt: 1_700_000_000_000,
};
const ADDRESS = (id: number, vcId: number, symbol: string, chainName: string): WalletAddress => ({
  id,
  vcId,
  symbol,
  vcChainNameId: id + 100,
  chainName,
  vcAccount: `address-${id}-0123456789abcdef`,
  remark: null,
  createdAt: 1_700_000_000_000,
});
const CONFIG = { dict: {}, list: [{ group: 'GLOBAL', key: 'branchCodeEnabled', value: 'false' }] };

describe('bank card list (/receive-ways)', () => {
  it('shows the cards masked, says changes go through customer service, and leads to adding one', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({ '/user/bank-card/list': () => [CARD] });
    renderPage(<ReceiveWaysPage />, { path: '/receive-ways' });
    const card = await screen.findByTestId('bank-card');
    expect(card.textContent).toContain('KB Kookmin Bank');
    expect(card.textContent).toContain('**** 3456');
    expect(card.textContent).toContain('Kim Minsu');
    expect(screen.getByText(/cannot be changed or deleted here/)).toBeTruthy();
    expect(screen.getByTestId('methods-contact-support')).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('methods-add'));
    expect(screen.getByTestId('location').textContent).toBe('/add-bank-card');
  });

  it('has an empty state and an error state with retry', async () => {
    signInAs(makeUser());
    let calls = 0;
    mockApi({
      '/user/bank-card/list': () => {
        calls += 1;
        return calls === 1 ? fail('INTERNAL_ERROR', 'Something went wrong') : [];
      },
    });
    renderPage(<ReceiveWaysPage />, { path: '/receive-ways' });
    await userEvent.setup().click(await screen.findByTestId('empty-loadFailed'));
    expect((await screen.findByTestId('empty-noData')).textContent).toContain('No bank card yet');
  });
});

/** The newest dialog's opacity ('0' once closed, or removed). */
function opacityOf(dialog: HTMLElement): string {
  if (!dialog.isConnected) return '0';
  return /opacity: ([\d.]+)/.exec(dialog.firstElementChild?.getAttribute('style') ?? '')?.[1] ?? '';
}

/**
 * The fund password prompt, once fully shown, as it is by the time a user can act on it. A dialog of
 * an earlier test may still be fading out, so the newest one is taken.
 */
async function shownPrompt(): Promise<HTMLElement> {
  await screen.findAllByText('Please set a fund password first');
  const prompt = screen.getAllByRole('dialog').at(-1);
  if (!prompt) throw new Error('no prompt');
  await waitFor(() => expect(opacityOf(prompt)).toBe('1'));
  return prompt;
}

describe('add bank card', () => {
  it('asks a user without a fund password to set one first', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    mockApi({ '/bank/list': () => BANKS, '/sys-config/simple-list': () => CONFIG });
    renderPage(<AddBankCardPage />, { path: '/add-bank-card', history: ['/receive-ways', '/add-bank-card'] });
    expect(await screen.findByText('Please set a fund password first')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Go now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bind-fund-password'));
  });

  it('goes back when the user declines the prompt', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    mockApi({ '/bank/list': () => BANKS, '/sys-config/simple-list': () => CONFIG });
    renderPage(<AddBankCardPage />, { path: '/add-bank-card', history: ['/receive-ways', '/add-bank-card'] });
    const prompt = await shownPrompt();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/receive-ways'));
  });

  it('closes the prompt when the browser goes back, without going back a second time', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    mockApi({ '/bank/list': () => BANKS, '/sys-config/simple-list': () => CONFIG });
    renderPage(<AddBankCardPage />, { path: '/add-bank-card', history: ['/receive-ways', '/add-bank-card'] });
    const prompt = await shownPrompt();
    const before = window.location.pathname;
    // The browser's Back: the address has changed when the popstate event arrives.
    window.history.pushState(null, '', '/receive-ways-before');
    try {
      window.dispatchEvent(new PopStateEvent('popstate'));
      // Closed: gone, or faded out to nothing (it was fully shown before).
      await waitFor(() => expect(opacityOf(prompt)).toBe('0'), { timeout: 3000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Still on the form: a decline would have gone back to /receive-ways.
      expect(screen.queryByTestId('location')).toBeNull();
      expect(screen.getByTestId('submit-add-bank-card')).toBeTruthy();
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('requires the fields before calling the server, then sends the card with the fund password pre-hashed', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({
      '/bank/list': () => BANKS,
      '/sys-config/simple-list': () => CONFIG,
      '/user/bank-card/add': () => CARD,
    });
    renderPage(<AddBankCardPage />, { path: '/add-bank-card', history: ['/receive-ways', '/add-bank-card'] });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('submit-add-bank-card'));
    expect(screen.getByTestId('error-bankId').textContent).toBe('Choose a bank');
    expect(screen.getByTestId('error-cardNumber').textContent).toBe('Card number is required');
    expect(api.callsTo('/user/bank-card/add')).toHaveLength(0);

    await user.click(screen.getByTestId('select-bankId'));
    // Popups are clicked directly: antd-mobile's opening animation blocks pointer events meanwhile.
    fireEvent.click(await screen.findByText('KB Kookmin Bank'));
    await user.type(inputNamed('cardNumber'), '1234 5678 9012 3456');
    await user.type(inputNamed('name'), 'Kim Minsu');
    await user.type(inputNamed('idCardNumber'), '900101-1234567');
    await user.type(inputNamed('fundPwd'), 'Fund#1234');
    expect(document.querySelector('input[name="katakana"]')).toBeNull();
    await user.click(screen.getByTestId('submit-add-bank-card'));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/receive-ways'));
    expect(api.callsTo('/user/bank-card/add')[0]?.body).toEqual({
      bankId: 1,
      cardNumber: '1234 5678 9012 3456',
      name: 'Kim Minsu',
      idCardNumber: '900101-1234567',
      fundPwd: preHashPassword('Fund#1234'),
    });
    expect(await screen.findByText('Added successfully')).toBeTruthy();
  });

  it('shows a verified user’s name and ID read-only and lets the server fill them in', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    const api = mockApi({
      '/bank/list': () => BANKS,
      '/sys-config/simple-list': () => CONFIG,
      '/user/real-name/get': () => ({
        status: 'APPROVED',
        current: {
          id: 3,
          certType: 'PASSPORT',
          name: 'Lee Jiwoo',
          certNumberMasked: '**** 0001',
          status: 'APPROVED',
          rejectReason: null,
          submittedAt: 1,
          reviewedAt: 2,
        },
      }),
      '/user/bank-card/add': () => CARD,
    });
    const link = '/add-bank-card?returnTo=%2Fwithdraw';
    renderPage(<AddBankCardPage />, { path: '/add-bank-card', history: ['/withdraw', link] });
    await waitFor(() => expect(inputNamed('name').value).toBe('Lee Jiwoo'));
    expect(inputNamed('name').readOnly).toBe(true);
    expect(inputNamed('idCardNumber').value).toBe('Passport **** 0001');
    expect(inputNamed('idCardNumber').readOnly).toBe(true);
    expect(screen.getByText('ID type/number')).toBeTruthy();
    expect(document.querySelector('input[name="zskId"]')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('select-bankId'));
    fireEvent.click(await screen.findByText('KB Kookmin Bank'));
    await user.type(inputNamed('cardNumber'), '1234 5678 9012 3456');
    await user.type(inputNamed('fundPwd'), 'Fund#1234');
    await user.click(screen.getByTestId('submit-add-bank-card'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/withdraw'));
    expect(api.callsTo('/user/bank-card/add')[0]?.body).toEqual({
      bankId: 1,
      cardNumber: '1234 5678 9012 3456',
      fundPwd: preHashPassword('Fund#1234'),
    });
  });

  it('shows the katakana field for a Japanese bank, and a server error under the field it names', async () => {
    signInAs(makeUser({ hasFundPassword: true, googleBound: true }));
    mockApi({
      '/bank/list': () => BANKS,
      '/sys-config/simple-list': () => CONFIG,
      '/user/bank-card/add': () =>
        fail('FUND_PASSWORD_WRONG', 'The fund password is wrong', { field: 'fundPwd' }),
    });
    renderPage(<AddBankCardPage />, { path: '/add-bank-card' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('select-bankId'));
    fireEvent.click(await screen.findByText('MUFG Bank'));
    await user.type(inputNamed('cardNumber'), '12345678');
    await user.type(inputNamed('name'), 'Yamada');
    await user.type(inputNamed('katakana'), 'ヤマダ');
    await user.type(inputNamed('idCardNumber'), 'AB1234');
    await user.type(inputNamed('fundPwd'), 'wrong-one');
    await user.type(inputNamed('googleCode'), '123456');
    await user.click(screen.getByTestId('submit-add-bank-card'));
    expect((await screen.findByTestId('error-fundPwd')).textContent).toBe('The fund password is wrong');
  });
});

describe('wallet addresses', () => {
  it('adds an address: the chain follows the currency, and the success message is "Wallet address added"', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({
      '/portal/vc-chain/list': () => CHAINS,
      '/user/wallet-address/add': () => ADDRESS(1, 2, 'BTC', 'Bitcoin'),
    });
    renderPage(<AddWalletAddressPage />, {
      path: '/add-wallet-address',
      history: ['/wallet-address', '/add-wallet-address'],
    });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('select-vcId').hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByTestId('select-vcId'));
    const currencies = await screen.findByTestId('currency-picker');
    fireEvent.click(within(currencies).getByText('BTC'));
    expect(screen.getByTestId('select-vcChainNameId').textContent).toContain('Bitcoin');
    await user.type(inputNamed('vcAccount'), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await user.type(inputNamed('fundPwd'), 'Fund#1234');
    await user.click(screen.getByTestId('submit-add-wallet-address'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet-address'));
    expect(api.callsTo('/user/wallet-address/add')[0]?.body).toMatchObject({
      vcId: 2,
      vcChainNameId: 13,
      vcAccount: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(await screen.findByText('Wallet address added')).toBeTruthy();
  });

  it('selects the coin and network a link names, and returns to the link’s screen once saved', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({
      '/portal/vc-chain/list': () => CHAINS,
      '/user/wallet-address/add': () => ADDRESS(1, 1, 'USDT', 'ERC20'),
    });
    const link = '/add-wallet-address?coinId=1&chain=ERC20&returnTo=%2Fwithdraw';
    renderPage(<AddWalletAddressPage />, { path: '/add-wallet-address', history: ['/withdraw', link] });
    await waitFor(() => expect(screen.getByTestId('select-vcChainNameId').textContent).toContain('ERC20'));
    expect(screen.getByTestId('select-vcId').textContent).toContain('USDT');
    const user = userEvent.setup();
    await user.type(inputNamed('vcAccount'), '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await user.type(inputNamed('fundPwd'), 'Fund#1234');
    await user.click(screen.getByTestId('submit-add-wallet-address'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/withdraw'));
    expect(api.callsTo('/user/wallet-address/add')[0]?.body).toMatchObject({ vcId: 1, vcChainNameId: 12 });
  });

  it('ignores a returnTo that leads off the app, going back as usual', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({
      '/portal/vc-chain/list': () => CHAINS,
      '/user/wallet-address/add': () => ADDRESS(1, 2, 'BTC', 'Bitcoin'),
    });
    const link = '/add-wallet-address?coinId=2&returnTo=%2F%2Fevil.example%2Fwithdraw';
    renderPage(<AddWalletAddressPage />, { path: '/add-wallet-address', history: ['/wallet-address', link] });
    await waitFor(() => expect(screen.getByTestId('select-vcChainNameId').textContent).toContain('Bitcoin'));
    const user = userEvent.setup();
    await user.type(inputNamed('vcAccount'), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await user.type(inputNamed('fundPwd'), 'Fund#1234');
    await user.click(screen.getByTestId('submit-add-wallet-address'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet-address'));
  });

  it('lists addresses in full with their chain', async () => {
    signInAs(makeUser());
    mockApi({ '/user/wallet-address/list': () => [ADDRESS(1, 1, 'USDT', 'TRC20')] });
    renderPage(<WalletAddressPage />, { path: '/wallet-address' });
    const row = await screen.findByTestId('wallet-address');
    expect(row.textContent).toContain('TRC20');
    expect(row.textContent).toContain('address-1-0123456789abcdef');
  });
});

describe('the withdrawal screen’s method picker', () => {
  it('offers the addresses of the coin only, and answers the picked method', async () => {
    signInAs(makeUser());
    mockApi({
      '/user/bank-card/list': () => [CARD],
      '/user/wallet-address/list': () => [ADDRESS(1, 1, 'USDT', 'TRC20'), ADDRESS(2, 2, 'BTC', 'Bitcoin')],
    });
    const picked: unknown[] = [];
    renderPage(
      <PaymentMethodPicker
        open
        kinds={['WALLET_ADDRESS', 'BANK_CARD']}
        vcId={1}
        selected={null}
        onSelect={(method) => picked.push(method)}
        onClose={() => undefined}
      />,
      { path: '/withdraw' },
    );
    const picker = await screen.findByTestId('method-picker');
    const options = await within(picker).findAllByTestId('method-picker-option');
    expect(options).toHaveLength(1);
    expect(options[0]?.textContent).toContain('USDT · TRC20');
    fireEvent.click(options[0]!);
    expect(picked[0]).toMatchObject({ kind: 'WALLET_ADDRESS', id: 1 });
    fireEvent.click(within(picker).getByTestId('method-tab-BANK_CARD'));
    expect((await within(picker).findAllByTestId('method-picker-option'))[0]?.textContent).toContain(
      '**** 3456',
    );
  });
});
