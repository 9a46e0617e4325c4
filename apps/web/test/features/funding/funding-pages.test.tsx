import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankCard, FundingChannel, WalletAddress } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import DepositOrderPage from '../../../src/features/funding/deposit-order-page.tsx';
import DepositPage from '../../../src/features/funding/deposit-page.tsx';
import WithdrawOrderPage from '../../../src/features/funding/withdraw-order-page.tsx';
import WithdrawPage from '../../../src/features/funding/withdraw-page.tsx';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../src/lib/use-idempotency-key.ts';
import { fail, inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { until } from '../../support/helpers.tsx';

setupWebTests();

const TRC20: FundingChannel = {
  id: 7,
  method: 'chain',
  vcId: 1,
  symbol: 'USDT',
  walletScale: 6,
  payCurrency: 'USDT',
  payScale: 6,
  name: 'USDT · TRC20',
  chainName: 'TRC20',
  address: 'TVjsyZ7fYF3qLF6BQgPmTEZy1xrNNyVAAA',
  bankName: null,
  accountName: null,
  accountNumber: null,
  min: '10',
  max: '50000',
  feeRate: '0.001',
  rate: '1',
};
const BANK: FundingChannel = {
  ...TRC20,
  id: 9,
  method: 'bank',
  payCurrency: 'USD',
  payScale: 2,
  name: 'Bank card (USD)',
  chainName: null,
  address: null,
  bankName: 'Harbor Trust Bank',
  accountName: 'Vela Payments Ltd',
  accountNumber: '0048 2291 7730 15',
  min: '50',
  max: '20000',
  feeRate: '0.01',
};
const CARD: BankCard = {
  id: 5,
  bankId: 1,
  bankName: 'KB Kookmin Bank',
  bankCountry: 'KR',
  cardNumberMasked: '**** 3456',
  name: 'Kim Minsu',
  branchAddress: null,
  branchCode: null,
  idCardNumberMasked: '**** 4567',
  cciMasked: null,
  katakana: null,
  zskId: null,
  createdAt: 1_700_000_000_000,
};
const ADDRESS = (id: number, chainName: string): WalletAddress => ({
  id,
  vcId: 1,
  symbol: 'USDT',
  vcChainNameId: id + 100,
  chainName,
  vcAccount: `TAddress${id}0123456789abcdefghijkl`,
  remark: null,
  createdAt: 1_700_000_000_000,
});
const OVERVIEW = {
  totalUsdt: '1000.000000',
  currencies: [
    {
      vcId: 1,
      symbol: 'USDT',
      name: 'Tether',
      scale: 6,
      spot: '1000.000000',
      contract: '0.000000',
      frozen: '0.000000',
      priceUsdt: '1',
      valueUsdt: '1000.000000',
    },
  ],
};
const SLOW = { timeout: 4000 };

function withdrawApi(
  options: {
    realName?: 'NONE' | 'PENDING' | 'APPROVED';
    addresses?: WalletAddress[];
    cards?: BankCard[];
  } = {},
  overrides: Record<string, (body: Record<string, unknown>) => unknown> = {},
) {
  return mockApi({
    '/withdraw/channel/list': () => [TRC20, BANK],
    '/user/real-name/get': () => ({ status: options.realName ?? 'APPROVED', current: null }),
    '/user/bank-card/list': () => options.cards ?? [],
    '/user/wallet-address/list': () => options.addresses ?? [],
    '/user/zsk-account/list': () => [],
    '/wallet/overview': () => OVERVIEW,
    ...overrides,
  });
}

const gate = () => screen.findByTestId('withdraw-gate', {}, SLOW);

/**
 * Answers the gating dialog that says `text`. An earlier test's dialog may still be playing its
 * closing animation, so the dialog is found by what it says.
 */
async function answerPrompt(text: string, button: 'Go now' | 'Cancel' | 'Cancel withdrawal'): Promise<void> {
  let dialog: HTMLElement | undefined;
  await until(() => {
    dialog = [...document.querySelectorAll<HTMLElement>('.adm-dialog-body')].find((body) =>
      body.querySelector('.adm-dialog-content')?.textContent?.includes(text),
    );
    expect(dialog).toBeTruthy();
  }, 4000);
  fireEvent.click(within(dialog!).getByRole('button', { name: button }));
}

describe('withdrawal gating (the server’s order: fund password, real name, a bound method)', () => {
  it('without a fund password, prompts to set one before anything else and leads there', async () => {
    signInAs(makeUser({ hasFundPassword: false, realNameStatus: 'NONE' }));
    withdrawApi({ realName: 'NONE' });
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    expect((await gate()).getAttribute('data-requirement')).toBe('fundPassword');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    await answerPrompt('Please set a fund password first', 'Go now');
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/bind-fund-password'));
  });

  it('then asks for an approved real-name verification, judged by the fresh status', async () => {
    // The stored user says verified; the server says the verification is still being reviewed.
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    withdrawApi({ realName: 'PENDING' });
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    expect((await gate()).getAttribute('data-requirement')).toBe('realName');
    expect(screen.getByTestId('withdraw-gate').textContent).toContain('being reviewed');
    await answerPrompt('being reviewed', 'Cancel');
    fireEvent.click(screen.getByTestId('withdraw-gate-go'));
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/real-name'));
  });

  it('then a bound method this channel pays out to: an address of its own chain', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    withdrawApi({ addresses: [ADDRESS(3, 'ERC20')], cards: [CARD] });
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    const prompt = await gate();
    expect(prompt.getAttribute('data-requirement')).toBe('WALLET_ADDRESS');
    expect(prompt.textContent).toContain('Please add a wallet address first');
    await answerPrompt('Please add a wallet address first', 'Cancel');
    // The bank channel pays to the bound card: its form is usable.
    fireEvent.click(screen.getAllByTestId('funding-channel')[1]!);
    await screen.findByTestId('withdraw-form');
    expect(screen.getByTestId('select-targetId').textContent).toContain('**** 3456');
  });
});

describe('withdrawals that need a Google authenticator (WITHDRAW requireGoogleCode)', () => {
  const requireGoogle = (value: 'true' | 'false') => ({
    '/sys-config/simple-list': () => ({
      dict: {},
      list: [{ group: 'WITHDRAW', key: 'requireGoogleCode', value }],
    }),
  });

  it('without an authenticator, says why after the real name and leads to binding one', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED', googleBound: false }));
    const api = withdrawApi({ addresses: [ADDRESS(4, 'TRC20')] }, requireGoogle('true'));
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    await until(
      () =>
        expect(screen.getByTestId('withdraw-gate').getAttribute('data-requirement')).toBe(
          'googleAuthenticator',
        ),
      4000,
    );
    expect(screen.getByTestId('withdraw-gate').textContent).toContain(
      'Withdrawals need a Google authenticator. Please bind one first',
    );
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    await answerPrompt('Withdrawals need a Google authenticator', 'Go now');
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/bind-google-validator'));
    expect(api.callsTo('/withdraw/request')).toHaveLength(0);
  });

  it('with one bound, asks for its code in the form', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED', googleBound: true }));
    withdrawApi({ addresses: [ADDRESS(4, 'TRC20')] }, requireGoogle('true'));
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByTestId('withdraw-form', {}, SLOW);
    expect(inputNamed('googleCode')).toBeTruthy();
  });

  it('with the setting off, a member without one gets the form as before', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED', googleBound: false }));
    withdrawApi({ addresses: [ADDRESS(4, 'TRC20')] }, requireGoogle('false'));
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByTestId('withdraw-form', {}, SLOW);
    expect(screen.queryByTestId('withdraw-gate')).toBeNull();
  });
});

describe('withdrawal form', () => {
  it('shows the balance and range, quotes as the amount is typed, confirms, and submits once', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    const api = withdrawApi(
      { addresses: [ADDRESS(4, 'TRC20')] },
      {
        '/withdraw/request': () => ({ id: 31 }),
        '/withdraw/order/list': () => ({ list: [], nextCursor: null }),
      },
    );
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByTestId('withdraw-form', {}, SLOW);
    await until(() =>
      expect(screen.getByTestId('withdraw-available').textContent).toBe('Available: 1,000.00 USDT'),
    );
    expect(screen.getByTestId('withdraw-range').textContent).toBe('Min 10.00, Max 50,000.00 USDT');
    // Each figure is isolated left to right; an amount and its currency are one figure.
    const isolated = (testId: string) =>
      [...screen.getByTestId(testId).querySelectorAll('bdi.num')].map((b) => b.textContent);
    expect(isolated('withdraw-available')).toEqual(['1,000.00 USDT']);
    expect(isolated('withdraw-range')).toEqual(['10.00', '50,000.00 USDT']);
    expect(screen.getByTestId('terms-fee').textContent).toBe('0.1%');

    fireEvent.change(inputNamed('amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('error-amount')).textContent).toBe(
      'The amount is out of range (Min 10.00, Max 50,000.00)',
    );
    expect((await screen.findByTestId('error-fundPwd')).textContent).toBe('This field is required');

    fireEvent.click(screen.getByTestId('withdraw-all'));
    expect(inputNamed('amount').value).toBe('1000');
    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    expect(screen.getByTestId('quote-fee').textContent).toBe('0.10 USDT');
    expect(screen.getByTestId('quote-receive').textContent).toBe('99.90 USDT');
    fireEvent.change(inputNamed('fundPwd'), { target: { value: 'Fund#4567' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));

    const sheet = await screen.findByTestId('funding-confirm');
    expect(within(sheet).getByTestId('confirm-receive').textContent).toBe('99.90 USDT');
    expect(api.callsTo('/withdraw/request')).toHaveLength(0);
    fireEvent.click(within(sheet).getByTestId('funding-confirm-submit'));
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/withdraw-order'), 4000);
    const [request] = api.callsTo('/withdraw/request');
    expect(request?.body).toEqual({
      channelId: 7,
      amount: '100',
      target: 'wallet',
      targetId: 4,
      fundPwd: preHashPassword('Fund#4567'),
    });
    expect(request?.headers['idempotency-key']).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('puts a refused fund password under its field', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    withdrawApi(
      { addresses: [ADDRESS(4, 'TRC20')] },
      {
        '/withdraw/request': () =>
          fail('FUND_PASSWORD_WRONG', 'The fund password is wrong', { field: 'fundPwd' }),
      },
    );
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByTestId('withdraw-form', {}, SLOW);
    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    fireEvent.change(inputNamed('fundPwd'), { target: { value: 'Wrong#0000' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(await screen.findByTestId('funding-confirm-submit'));
    expect((await screen.findByTestId('error-fundPwd', {}, SLOW)).textContent).toBe(
      'The fund password is wrong',
    );
  });
});

describe('deposit screen', () => {
  it('shows the empty state without channels, and tapping it asks again', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    let lists = 0;
    const api = mockApi({
      '/recharge/channel/list': () => {
        lists += 1;
        return lists === 1 ? [] : [TRC20];
      },
    });
    renderPage(<DepositPage />, { path: '/recharge' });
    fireEvent.click(await screen.findByTestId('empty-noRechargeChannel', {}, SLOW));
    expect(await screen.findByTestId('deposit-address', {}, SLOW)).toBeTruthy();
    expect(api.callsTo('/recharge/channel/list')).toHaveLength(2);
    expect(screen.getByTestId('deposit-address').textContent).toBe(TRC20.address);
    expect(screen.getByTestId('deposit-qr').querySelector('svg')).toBeTruthy();
  });

  it('quotes the receive amount live and checks amount, payer and voucher', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({ '/recharge/channel/list': () => [BANK, TRC20] });
    renderPage(<DepositPage />, { path: '/recharge' });
    await screen.findByTestId('recharge-form', {}, SLOW);
    expect(screen.getByTestId('pay-account-number').textContent).toContain('0048 2291 7730 15');
    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    expect(screen.getByTestId('quote-fee').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('quote-receive').textContent).toBe('99.00 USDT');
    // More decimals than the pay currency has are not typed at all.
    fireEvent.change(inputNamed('amount'), { target: { value: '100.123' } });
    expect(inputNamed('amount').value).toBe('100');
    fireEvent.change(inputNamed('payerName'), { target: { value: 'K' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByTestId('error-payerName')).textContent).toBe(
      'Please enter a correct payer name',
    );
    // Left empty, the mobile is required; "enter a correct ..." is for a value that is wrong.
    expect(screen.getByTestId('error-payerMobile').textContent).toBe('This field is required');
    expect(screen.getByTestId('error-voucherUploadId').textContent).toBe('Please upload the payment voucher');
    expect(screen.queryByTestId('error-amount')).toBeNull();
    expect(screen.queryByTestId('funding-confirm')).toBeNull();
  });
});

describe('order lists', () => {
  it('filters by status and opens an order with its timeline', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const order = {
      id: 12,
      channelId: 9,
      method: 'bank',
      vcId: 1,
      symbol: 'USDT',
      payCurrency: 'USD',
      payAmount: '100.00',
      fee: '0.500000',
      receiveAmount: '99.500000',
      creditedAmount: null,
      chainName: null,
      txHash: null,
      payerName: 'Kim Minsu',
      payerMobile: '+82 10 1234 5678',
      status: 'rejected',
      rejectReason: 'Voucher unreadable',
      createdAt: 1_700_000_000_000,
      reviewedAt: 1_700_000_600_000,
      timeline: [
        { state: 'submitted', at: 1_700_000_000_000, note: null },
        { state: 'rejected', at: 1_700_000_600_000, note: 'Voucher unreadable' },
      ],
    };
    const api = mockApi({
      '/recharge/order/list': (body) => ({
        list: body.status === 'pending' ? [] : [order],
        nextCursor: null,
      }),
    });
    renderPage(<DepositOrderPage />, { path: '/recharge-order' });
    const line = await screen.findByTestId('order-line', {}, SLOW);
    expect(line.textContent).toContain('100.00 USD');
    expect(line.textContent).toContain('Rejected');
    expect(screen.getByText('No more data')).toBeTruthy();
    fireEvent.click(line);
    const detail = await screen.findByTestId('order-detail');
    const steps = within(detail).getAllByTestId('timeline-step');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['submitted', 'rejected']);
    expect(within(detail).getByTestId('timeline-note').textContent).toBe('Reason: Voucher unreadable');
    expect(within(detail).getByTestId('detail-receive').textContent).toBe('99.50 USDT');

    fireEvent.click(screen.getByTestId('orders-tab-pending'));
    expect(await screen.findByTestId('empty-noData', {}, SLOW)).toBeTruthy();
    expect(api.callsTo('/recharge/order/list').map((c) => c.body.status)).toEqual([undefined, 'pending']);
  });
});

describe('the withdrawal checklist, up front', () => {
  it('shows every condition with its state, and a missing address is added pre-filled for the channel', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'PENDING' }));
    withdrawApi({ realName: 'PENDING', addresses: [ADDRESS(3, 'ERC20')] });
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    const prompt = await gate();
    const checks = within(prompt).getAllByTestId('withdraw-check');
    expect(checks.map((c) => [c.getAttribute('data-requirement'), c.getAttribute('data-state')])).toEqual([
      ['fundPassword', 'done'],
      ['realName', 'underReview'],
      ['WALLET_ADDRESS', 'missing'],
    ]);
    expect(checks[1]?.textContent).toContain('Under review');
    expect(checks[2]?.textContent).toContain('A USDT address on TRC20');
    const add = within(checks[2]!).getByTestId('withdraw-check-go');
    expect(add.getAttribute('href')).toBe('/add-wallet-address?coinId=1&chain=TRC20&returnTo=/withdraw');
    // The bank channel's missing card is added from the card form, which comes back here.
    fireEvent.click(screen.getAllByTestId('funding-channel')[1]!);
    await until(() =>
      expect(screen.getAllByTestId('withdraw-check-go').at(-1)?.getAttribute('href')).toBe(
        '/add-bank-card?returnTo=/withdraw',
      ),
    );
  });

  it('the confirmation shows the whole address and the network', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    withdrawApi({ addresses: [ADDRESS(4, 'TRC20')] });
    renderPage(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByTestId('withdraw-form', {}, SLOW);
    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    fireEvent.change(inputNamed('fundPwd'), { target: { value: 'Fund#4567' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const sheet = await screen.findByTestId('funding-confirm');
    expect(within(sheet).getByTestId('confirm-network').textContent).toBe('TRC20');
    expect(within(sheet).getByTestId('confirm-address').textContent).toBe(ADDRESS(4, 'TRC20').vcAccount);
  });
});

describe('a crypto deposit names its transaction hash', () => {
  it('asks for the TxID by the network’s rule instead of the payer', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({
      '/recharge/channel/list': () => [TRC20],
      '/upload/image': () => ({ id: 41, width: 120, height: 90, mime: 'image/png' }),
    });
    renderPage(<DepositPage />, { path: '/recharge' });
    await screen.findByTestId('recharge-form', {}, SLOW);
    expect(document.querySelector('input[name="payerName"]')).toBeNull();
    expect(screen.getByTestId('tx-hash-rule').textContent).toBe(
      'Enter the transaction hash: 64 characters, digits 0-9 and letters a-f',
    );
    const txHash = document.querySelector<HTMLTextAreaElement>('textarea[name="txHash"]')!;
    fireEvent.change(inputNamed('amount'), { target: { value: '100' } });
    fireEvent.change(txHash, { target: { value: `0x${'a'.repeat(64)}` } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByTestId('error-txHash')).textContent).toBe(
      'Enter the transaction hash: 64 characters, digits 0-9 and letters a-f',
    );
    expect(screen.queryByTestId('error-payerName')).toBeNull();
    expect(api.callsTo('/recharge/request')).toHaveLength(0);
  });
});

describe('withdrawal records', () => {
  const pending = {
    id: 21,
    channelId: 7,
    method: 'chain',
    vcId: 1,
    symbol: 'USDT',
    amount: '40.000000',
    fee: '0.040000',
    payCurrency: 'USDT',
    payoutAmount: '39.960000',
    target: 'wallet',
    targetLabel: 'TAddr…ijkl',
    chainName: 'TRC20',
    status: 'pending',
    rejectReason: null,
    payoutReference: null,
    createdAt: 1_700_000_000_000,
    reviewedAt: null,
    timeline: [{ state: 'submitted', at: 1_700_000_000_000, note: null }],
  };

  it('a paid-out withdrawal reads Completed', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({
      '/withdraw/order/list': () => ({
        list: [
          {
            ...pending,
            status: 'approved',
            payoutReference: '0xabc',
            timeline: [...pending.timeline, { state: 'approved', at: 1_700_000_600_000, note: '0xabc' }],
          },
        ],
        nextCursor: null,
      }),
    });
    renderPage(<WithdrawOrderPage />, { path: '/withdraw-order' });
    const line = await screen.findByTestId('order-line', {}, SLOW);
    expect(within(line).getByTestId('order-status').textContent).toBe('Completed');
    expect(within(line).getByTestId('order-channel').textContent).toBe('Crypto · USDT · TRC20');
    expect(screen.getByTestId('orders-tab-approved').textContent).toBe('Completed');
    fireEvent.click(line);
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).queryByTestId('order-cancel')).toBeNull();
  });

  it('cancels a pending withdrawal after the user confirms, with an idempotency key', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({
      '/withdraw/order/list': () => ({ list: [pending], nextCursor: null }),
      '/withdraw/cancel': () => ({ ...pending, status: 'cancelled' }),
      '/wallet/overview': () => OVERVIEW,
    });
    renderPage(<WithdrawOrderPage />, { path: '/withdraw-order' });
    fireEvent.click(await screen.findByTestId('order-line', {}, SLOW));
    const detail = await screen.findByTestId('order-detail');
    fireEvent.click(within(detail).getByTestId('order-cancel'));
    await answerPrompt('Cancel this withdrawal? The 40.00 USDT held for it returns', 'Cancel withdrawal');
    await until(() => expect(api.callsTo('/withdraw/cancel')).toHaveLength(1), 4000);
    const [request] = api.callsTo('/withdraw/cancel');
    expect(request?.body).toEqual({ orderId: 21 });
    expect(request?.headers['idempotency-key']).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
