import { beforeAll, describe, expect, it } from 'vitest';
import {
  rechargeRequest,
  type BankCard,
  type FundingChannel,
  type WalletAddress,
  type ZskAccount,
} from '@vela/contract';
import { depositQuote, withdrawQuote } from '@vela/domain';
import {
  allAmount,
  chosenPayout,
  feePercent,
  PAYER_MOBILE_PATTERN,
  PAYER_NAME_PATTERN,
  payerMobileRule,
  payerNameRule,
  payoutCandidates,
  rangeHint,
  addMethodLink,
  depositBody,
  networkBadge,
  STATUS_LABEL,
  tabLabel,
  txHashFieldRule,
  txHashMessage,
  withdrawChecklist,
  depositPreview,
  shownAmount,
  statusFilter,
  termsOf,
  timelineSteps,
  validateDeposit,
  validateWithdraw,
  withdrawPreview,
  withdrawRefusal,
  type DepositValues,
  type WithdrawValues,
} from '../../../src/features/funding/funding-logic.ts';
import { messageText } from '../../../src/features/funding/form-errors-logic.ts';
import { initI18n, translate } from '../../../src/lib/i18n.ts';
import { makeUser } from '../../setup.tsx';

beforeAll(async () => {
  await initI18n('en');
});

function channel(overrides: Partial<FundingChannel> = {}): FundingChannel {
  return {
    id: 5,
    method: 'bank',
    vcId: 1,
    symbol: 'USDT',
    walletScale: 6,
    payCurrency: 'USD',
    payScale: 2,
    name: 'Bank transfer (USD)',
    chainName: null,
    address: null,
    bankName: 'Harbor Trust Bank',
    accountName: 'Vela Payments Ltd',
    accountNumber: '0048 2291 7730 15',
    min: '50',
    max: '50000',
    feeRate: '0.005',
    rate: '1',
    ...overrides,
  };
}

const TRC20 = channel({
  id: 7,
  method: 'chain',
  payCurrency: 'USDT',
  payScale: 6,
  name: 'USDT · TRC20',
  chainName: 'TRC20',
  min: '10',
  max: '50000',
  feeRate: '0.001',
});

const address = (id: number, vcId: number, chainName: string): WalletAddress => ({
  id,
  vcId,
  symbol: vcId === 1 ? 'USDT' : 'BTC',
  vcChainNameId: id,
  chainName,
  vcAccount: `T${id}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`,
  remark: null,
  createdAt: 0,
});

const card: BankCard = {
  id: 3,
  bankId: 1,
  bankName: 'KB Kookmin Bank',
  bankCountry: 'KR',
  cardNumberMasked: '**** 7890',
  name: 'Kim Minsu',
  branchAddress: null,
  branchCode: null,
  idCardNumberMasked: '****567',
  cciMasked: null,
  katakana: null,
  zskId: null,
  createdAt: 0,
};

const zsk: ZskAccount = { id: 9, name: 'Kim Minsu', zskId: '98765432', createdAt: 0 };

const recharge = (overrides: Partial<DepositValues> = {}): DepositValues => ({
  amount: '100',
  txHash: '',
  payerName: 'Kim Minsu',
  payerMobile: '+82 10 1234 5678',
  voucherUploadId: '41',
  ...overrides,
});

const withdraw = (overrides: Partial<WithdrawValues> = {}): WithdrawValues => ({
  amount: '100',
  targetId: '',
  fundPwd: 'Fund#4567',
  googleCode: '',
  ...overrides,
});

describe('live quotes use the domain arithmetic the server books with', () => {
  it('a deposit: pay amount to wallet amount, less the fee, truncated', () => {
    expect(depositPreview('100', channel())).toEqual({
      fee: '0.500000',
      receive: '99.500000',
      positive: true,
    });
    // 7.2 pay units per wallet unit: 100 CNY is 13.888888 USDT (truncated), the fee 0.5 % of that.
    const cny = channel({ payCurrency: 'CNY', rate: '7.2' });
    const quote = depositQuote(10000n, termsOf(cny));
    expect(depositPreview('100.00', cny)).toEqual({
      fee: '0.069444',
      receive: '13.819444',
      positive: true,
    });
    expect(quote.receiveMinor).toBe(13_819_444n);
  });

  it('a withdrawal: the fee of the wallet amount, the rest paid out in the pay currency', () => {
    expect(withdrawPreview('100', TRC20)).toEqual({ fee: '0.100000', receive: '99.900000', positive: true });
    const usd = channel({ feeRate: '0.01', min: '50', max: '20000' });
    expect(withdrawPreview('123.456789', usd)).toEqual({
      fee: '1.234567',
      receive: '122.22',
      positive: true,
    });
    expect(withdrawQuote(123_456_789n, termsOf(usd)).payoutPayMinor).toBe(12222n);
  });

  it('no quote until the text is a positive amount within the decimals', () => {
    for (const text of ['', '.', '0', '0.00', 'abc', '1.234'])
      expect(depositPreview(text, channel())).toBeNull();
    expect(withdrawPreview('1.1234567', TRC20)).toBeNull();
  });

  it('an amount that leaves nothing after truncation is not positive', () => {
    // 0.01 USD at 100,000,000 USD per BTC is below one satoshi.
    const btc = channel({ symbol: 'BTC', walletScale: 8, rate: '100000000', feeRate: '0' });
    expect(depositPreview('0.01', btc)).toEqual({
      fee: '0.00000000',
      receive: '0.00000000',
      positive: false,
    });
  });
});

describe('deposit rules (amount, payer name, voucher)', () => {
  it('accepts a complete form and builds the request body', () => {
    expect(validateDeposit(recharge(), channel(), 2)).toEqual({});
    expect(depositBody(recharge({ amount: ' 100.5 ', payerName: ' Kim Minsu ' }), channel())).toEqual({
      channelId: 5,
      amount: '100.5',
      payerName: 'Kim Minsu',
      payerMobile: '+82 10 1234 5678',
      voucherUploadId: 41,
    });
  });

  it('checks the amount in order: empty, wrong, decimals, range, something left after the fee', () => {
    const amountOf = (amount: string, c = channel()) =>
      validateDeposit(recharge({ amount }), c, c.payScale).amount;
    expect(amountOf('')).toEqual({ key: 'validation.amountEmpty' });
    expect(amountOf('1e3')).toEqual({ key: 'validation.amountWrong' });
    expect(amountOf('100.123')).toEqual({ key: 'validation.amountPrecision', params: { decimals: 2 } });
    const low = amountOf('49.99');
    expect(low?.key).toBe('validation.amountOutOfRange');
    expect(messageText(low!, translate)).toBe('The amount is out of range (Min 50.00, Max 50,000.00)');
    expect(amountOf('50000.01')?.key).toBe('validation.amountOutOfRange');
    expect(amountOf('50000')).toBeUndefined();
    const btc = channel({ symbol: 'BTC', walletScale: 8, rate: '100000000', feeRate: '0', min: '0.01' });
    expect(amountOf('0.01', btc)).toEqual({ key: 'validation.amountWrong' });
  });

  it('allows only the decimals the platform allows in the pay currency', () => {
    // GLOBAL amountMaxPrecision 4 against a pay currency of 6 decimals.
    const amountOf = (amount: string) => validateDeposit(recharge({ amount }), TRC20, 4).amount;
    const refused = amountOf('100.123456');
    expect(refused).toEqual({ key: 'validation.amountPrecision', params: { decimals: 4 } });
    expect(messageText(refused!, translate)).toBe('At most 4 decimal places');
    expect(amountOf('100.1234')).toBeUndefined();
  });

  it('needs a correct payer name and mobile, and the voucher upload', () => {
    const errors = validateDeposit(
      recharge({ payerName: 'K', payerMobile: '12', voucherUploadId: '' }),
      channel(),
      2,
    );
    expect(errors).toEqual({
      payerName: { key: 'validation.payerName' },
      payerMobile: { key: 'validation.payerMobile' },
      voucherUploadId: { key: 'validation.voucher' },
    });
    for (const name of ['Kim Minsu', "O'Brien", 'José-María', '김민수', '山田 太郎', 'محمد علي']) {
      expect(payerNameRule(name)).toBeNull();
    }
    // Empty is "required", not "enter a correct name": the user has not typed anything wrong.
    expect(payerNameRule('')).toBe('validation.required');
    expect(payerNameRule(' ')).toBe('validation.required');
    expect(payerMobileRule('')).toBe('validation.required');
    for (const name of ['K', 'R2D2', '-Kim', 'a'.repeat(65)]) {
      expect(payerNameRule(name)).toBe('validation.payerName');
    }
    for (const mobile of ['+82 10 1234 5678', '13800138000', '010-1234-5678']) {
      expect(payerMobileRule(mobile)).toBeNull();
    }
    for (const mobile of ['12345', 'phone', '++82 10', '+82 10 1234 5678 9999 99']) {
      expect(payerMobileRule(mobile)).toBe('validation.payerMobile');
    }
  });

  it('the payer rules are the contract’s own: the same texts pass and fail on both sides', () => {
    const texts = [
      'Kim Minsu',
      "O'Brien",
      'José-María',
      '山田 太郎',
      'K',
      'R2D2',
      '-Kim',
      '  Kim  ',
      'a'.repeat(64),
      'a'.repeat(65),
    ];
    const base = { channelId: 1, amount: '100', payerMobile: '+82 10 1234 5678', voucherUploadId: 1 };
    for (const payerName of texts) {
      const server = rechargeRequest.body.safeParse({ ...base, payerName }).success;
      expect([payerName, payerNameRule(payerName) === null]).toEqual([payerName, server]);
    }
    const mobiles = ['+82 10 1234 5678', '13800138000', '010-1234-5678', '12345', 'phone', ' +8210123456 '];
    for (const payerMobile of mobiles) {
      const server = rechargeRequest.body.safeParse({ ...base, payerName: 'Kim Minsu', payerMobile }).success;
      expect([payerMobile, payerMobileRule(payerMobile) === null]).toEqual([payerMobile, server]);
    }
    expect(PAYER_NAME_PATTERN.flags).toContain('u');
    expect(PAYER_MOBILE_PATTERN.test('+8210123456')).toBe(true);
  });
});

describe('withdrawal rules', () => {
  const picked = payoutCandidates(TRC20, { walletAddresses: [address(2, 1, 'TRC20')] });
  const context = {
    channel: TRC20,
    available: '1000.000000',
    payout: picked[0] ?? null,
    googleBound: false,
    decimals: 6,
  };

  it('accepts an amount within the limits and the balance, a method and the fund password', () => {
    expect(validateWithdraw(withdraw(), context)).toEqual({});
  });

  it('refuses more than the available balance, and amounts outside the channel’s limits', () => {
    expect(validateWithdraw(withdraw({ amount: '1000.000001' }), context).amount).toEqual({
      key: 'error.INSUFFICIENT_BALANCE',
    });
    expect(validateWithdraw(withdraw({ amount: '1000' }), context).amount).toBeUndefined();
    expect(validateWithdraw(withdraw({ amount: '9.99' }), context).amount?.key).toBe(
      'validation.amountOutOfRange',
    );
    expect(messageText(validateWithdraw(withdraw({ amount: '60000' }), context).amount!, translate)).toBe(
      'The amount is out of range (Min 10.00, Max 50,000.00)',
    );
    // An unknown balance is the server's to check.
    expect(validateWithdraw(withdraw({ amount: '5000' }), { ...context, available: null })).toEqual({});
  });

  it('allows only the decimals the platform allows in the wallet currency', () => {
    // GLOBAL amountMaxPrecision 4 against USDT's 6 decimals.
    const amountOf = (amount: string) =>
      validateWithdraw(withdraw({ amount }), { ...context, decimals: 4 }).amount;
    const refused = amountOf('100.123456');
    expect(refused).toEqual({ key: 'validation.amountPrecision', params: { decimals: 4 } });
    expect(messageText(refused!, translate)).toBe('At most 4 decimal places');
    expect(amountOf('100.1234')).toBeUndefined();
    expect(allAmount('1000.123456', 4)).toBe('1000.1234');
  });

  it('needs a bound method, the fund password, and a 6-digit Google code when one is bound', () => {
    expect(
      validateWithdraw(withdraw({ fundPwd: '', googleCode: '12345' }), {
        ...context,
        payout: null,
        googleBound: true,
      }),
    ).toEqual({
      targetId: { key: 'validation.withdrawTarget' },
      fundPwd: { key: 'validation.required' },
      googleCode: { key: 'validation.googleCode' },
    });
    expect(validateWithdraw(withdraw({ googleCode: '123456' }), { ...context, googleBound: true })).toEqual(
      {},
    );
  });

  it('offers only the methods the channel pays out to, as the server allows them', () => {
    const lists = {
      bankCards: [card],
      walletAddresses: [address(1, 2, 'Bitcoin'), address(2, 1, 'ERC20'), address(4, 1, 'TRC20')],
      zskAccounts: [zsk],
    };
    expect(payoutCandidates(TRC20, lists).map((c) => [c.kind, c.id])).toEqual([['WALLET_ADDRESS', 4]]);
    expect(payoutCandidates(channel(), lists).map((c) => [c.kind, c.id])).toEqual([['BANK_CARD', 3]]);
    expect(payoutCandidates(channel({ method: 'zsk' }), lists).map((c) => [c.kind, c.id])).toEqual([
      ['ZSK_ACCOUNT', 9],
    ]);
    expect(payoutCandidates(TRC20, { walletAddresses: undefined })).toEqual([]);
  });

  it('keeps the chosen method while it fits, else the first one', () => {
    const candidates = payoutCandidates(TRC20, {
      walletAddresses: [address(2, 1, 'TRC20'), address(4, 1, 'TRC20')],
    });
    expect(chosenPayout(candidates, '4')?.id).toBe(4);
    expect(chosenPayout(candidates, '')?.id).toBe(2);
    expect(chosenPayout(candidates, '99')?.id).toBe(2);
    expect(chosenPayout([], '4')).toBeNull();
  });

  it('"all" types the balance without trailing zeros, cut to the currency’s decimals', () => {
    expect(allAmount('1250.500000', 6)).toBe('1250.5');
    expect(allAmount('1000.000000', 6)).toBe('1000');
    expect(allAmount('0.123456789', 8)).toBe('0.12345678');
  });
});

describe('terms and orders as shown', () => {
  it('range hints follow the significant decimals of the limits', () => {
    expect(rangeHint('deposit', channel())).toEqual({
      key: 'validation.rangeMinMax',
      params: { min: '50.00', max: '50,000.00' },
    });
    const btc = channel({ symbol: 'BTC', walletScale: 8, min: '0.001', max: '5' });
    expect(rangeHint('withdraw', btc).params).toEqual({ min: '0.001', max: '5.000' });
    expect(rangeHint('withdraw', channel({ max: null }))).toEqual({
      key: 'validation.rangeMinUncapped',
      params: { min: '50.00' },
    });
  });

  it('fees as percentages and amounts with their significant decimals, without floats', () => {
    expect(feePercent('0.005')).toBe('0.5');
    expect(feePercent('0.001')).toBe('0.1');
    expect(feePercent('0')).toBe('0');
    expect(shownAmount('1250.500000')).toBe('1,250.50');
    expect(shownAmount('0.00012300')).toBe('0.000123');
  });

  it('status tabs send the filter the endpoint takes', () => {
    expect(statusFilter('all')).toEqual({});
    expect(statusFilter('rejected')).toEqual({ status: 'rejected' });
  });

  it('a timeline: submitted, then the review or the wait for it, with reasons and references', () => {
    expect(
      timelineSteps({ status: 'pending', timeline: [{ state: 'submitted', at: 1000, note: null }] }),
    ).toEqual([
      { state: 'submitted', at: 1000, note: null },
      { state: 'waiting', at: null, note: null },
    ]);
    expect(
      timelineSteps({
        status: 'rejected',
        timeline: [
          { state: 'submitted', at: 1000, note: null },
          { state: 'rejected', at: 2000, note: 'Voucher unreadable' },
        ],
      })[1],
    ).toEqual({
      state: 'rejected',
      at: 2000,
      note: { key: 'identity.rejectReason', params: { reason: 'Voucher unreadable' } },
    });
    expect(
      timelineSteps({
        status: 'approved',
        timeline: [
          { state: 'submitted', at: 1000, note: null },
          { state: 'approved', at: 2000, note: '0xabc' },
        ],
      })[1]?.note,
    ).toEqual({ key: 'funding.payoutReferenceValue', params: { reference: '0xabc' } });
  });
});

describe('a refused withdrawal', () => {
  const user = makeUser({ hasFundPassword: true, googleBound: false });

  it('corrects a user who has no fund password after all, and shows its prompt instead of the form', () => {
    expect(withdrawRefusal('FUND_PASSWORD_NOT_SET', user)).toEqual({
      user: { ...user, hasFundPassword: false },
      step: 'prompt',
    });
  });

  it('marks the authenticator bound or unbound as the server says, and shows the message by its field', () => {
    expect(withdrawRefusal('GOOGLE_CODE_REQUIRED', user)).toEqual({
      user: { ...user, googleBound: true },
      step: 'field',
    });
    const bound = { ...user, googleBound: true };
    expect(withdrawRefusal('GOOGLE_NOT_BOUND', bound)).toEqual({ user: user, step: 'field' });
    expect(withdrawRefusal('GOOGLE_CODE_REQUIRED', bound)).toEqual({ user: null, step: 'field' });
  });

  it('sends real-name and balance refusals to their own handling, and the rest under a field', () => {
    expect(withdrawRefusal('REAL_NAME_REQUIRED', user).step).toBe('realName');
    expect(withdrawRefusal('INSUFFICIENT_BALANCE', user).step).toBe('balance');
    expect(withdrawRefusal('FUND_PASSWORD_WRONG', user)).toEqual({ user: null, step: 'field' });
    expect(withdrawRefusal('FUND_PASSWORD_NOT_SET', null)).toEqual({ user: null, step: 'field' });
  });
});

describe('crypto deposits name their transaction hash, by their network’s rule', () => {
  const hash = 'ab'.repeat(32);
  const erc20 = { ...TRC20, id: 8, name: 'USDT · ERC20', chainName: 'ERC20' };

  it('asks a crypto channel for the hash, not the payer, and sends only the hash', () => {
    const values = recharge({ payerName: '', payerMobile: '', txHash: ` ${hash} ` });
    expect(validateDeposit(values, TRC20, 6)).toEqual({});
    expect(depositBody(values, TRC20)).toEqual({
      channelId: TRC20.id,
      amount: '100',
      txHash: hash,
      voucherUploadId: 41,
    });
  });

  it("states the network's rule when the hash does not follow it", () => {
    expect(validateDeposit(recharge({ txHash: `0x${hash}` }), TRC20, 6)).toEqual({
      txHash: { key: 'validation.txHash.hex64' },
    });
    expect(validateDeposit(recharge({ txHash: hash }), erc20, 6)).toEqual({
      txHash: { key: 'validation.txHash.hex64With0x' },
    });
    expect(validateDeposit(recharge({ txHash: '' }), erc20, 6)).toEqual({
      txHash: { key: 'validation.txHash.hex64With0x' },
    });
    expect(txHashMessage(erc20)).toBe('validation.txHash.hex64With0x');
    expect(txHashFieldRule(`0x${hash}`, erc20)).toBeNull();
  });

  it('a bank channel still asks for the payer and never sends a hash', () => {
    const body = depositBody(recharge({ txHash: hash }), channel());
    expect(body).not.toHaveProperty('txHash');
    expect(body).toMatchObject({ payerName: 'Kim Minsu' });
  });

  it('the contract takes either kind of body', () => {
    expect(
      rechargeRequest.body.safeParse({ ...depositBody(recharge({ txHash: hash }), TRC20) }).success,
    ).toBe(true);
    expect(rechargeRequest.body.safeParse(depositBody(recharge(), channel())).success).toBe(true);
  });

  it('gives each network of a coin its own badge', () => {
    expect(networkBadge('TRC20')).toEqual({ label: 'T', colour: '#eb0029' });
    expect(networkBadge('ERC20')).toEqual({ label: 'E', colour: '#627eea' });
    expect(networkBadge('Omni').label).toBe('O');
  });
});

describe('the withdrawal checklist and its links', () => {
  const user = { hasFundPassword: true, realNameStatus: 'APPROVED' as const, googleBound: false };

  it('adds a missing address pre-filled with the coin and network, and comes back to /withdraw', () => {
    expect(addMethodLink(TRC20)).toBe('/add-wallet-address?coinId=1&chain=TRC20&returnTo=/withdraw');
    expect(addMethodLink({ ...TRC20, chainName: 'BNB Smart Chain' })).toBe(
      '/add-wallet-address?coinId=1&chain=BNB%20Smart%20Chain&returnTo=/withdraw',
    );
    expect(addMethodLink(channel())).toBe('/add-bank-card?returnTo=/withdraw');
  });

  it('lists every condition in the server’s order, with its state and where it is fixed', () => {
    const checks = withdrawChecklist(TRC20, { ...user, realNameStatus: 'PENDING' }, true, 0);
    expect(checks.map((c) => [c.requirement, c.state, c.target])).toEqual([
      ['fundPassword', 'done', '/bind-fund-password'],
      ['realName', 'underReview', '/real-name'],
      ['googleAuthenticator', 'missing', '/bind-google-validator'],
      ['WALLET_ADDRESS', 'missing', '/add-wallet-address?coinId=1&chain=TRC20&returnTo=/withdraw'],
    ]);
    expect(checks[3]?.label).toEqual({
      key: 'funding.check.WALLET_ADDRESS',
      params: { symbol: 'USDT', network: 'TRC20' },
    });
    expect(checks[3]?.action).toBe('funding.check.add');
  });

  it('leaves out the authenticator where the configuration does not ask for one', () => {
    const checks = withdrawChecklist(channel(), user, false, 1);
    expect(checks.map((c) => [c.requirement, c.state])).toEqual([
      ['fundPassword', 'done'],
      ['realName', 'done'],
      ['BANK_CARD', 'done'],
    ]);
  });
});

describe('order statuses as users read them', () => {
  it('a paid-out withdrawal is Completed; a credited deposit stays Approved', () => {
    expect(STATUS_LABEL.withdraw.approved).toBe('funding.status.completed');
    expect(STATUS_LABEL.deposit.approved).toBe('funding.status.approved');
    expect(tabLabel('withdraw', 'approved')).toBe('funding.status.completed');
    expect(tabLabel('deposit', 'all')).toBe('funding.status.all');
    expect(STATUS_LABEL.withdraw.cancelled).toBe('funding.status.cancelled');
  });

  it('a cancelled withdrawal ends its timeline with the cancellation, waiting for nothing', () => {
    expect(
      timelineSteps({
        status: 'cancelled',
        timeline: [
          { state: 'submitted', at: 1000, note: null },
          { state: 'cancelled', at: 2000, note: null },
        ],
      }).map((s) => s.state),
    ).toEqual(['submitted', 'cancelled']);
  });
});
