import { describe, expect, it } from 'vitest';
import {
  allAmount,
  canRedeem,
  checkFinanceAmount,
  countdownParts,
  exampleAmount,
  financeOutcomes,
  financeScalesOf,
  groupByCoin,
  liveOutcomes,
  quotaSoldPercent,
  rangeHint,
  redeemFigures,
  refusedField,
  shownAmount,
  soldOut,
  termLabel,
  typedMinor,
  yieldPercent,
} from '../../../src/features/finance/finance-logic.ts';
import {
  makeCoinProduct,
  makeFinanceOrder,
  makeFinanceProduct,
  ORDER_START,
} from '../../support/finance-fixtures.ts';

const usdtProduct = makeFinanceProduct();
const coinProduct = makeCoinProduct();

describe('the two outcomes of a purchase', () => {
  it('read the scales: the currency paid in, the linked price, and the other from the wallet', () => {
    expect(financeScalesOf(usdtProduct, 8)).toEqual({ coin: 8, settle: 6, price: 2 });
    expect(financeScalesOf(coinProduct, 6)).toEqual({ coin: 8, settle: 6, price: 2 });
    expect(financeScalesOf(usdtProduct, null)).toBeNull();
  });

  it('pay a USDT principal back in the coin below the linked price, in USDT at or above it', () => {
    // 100 USDT for 30 days at 12 %: factor 1 + 30 × 0.12 / 365, each payout truncated once.
    const outcomes = financeOutcomes(usdtProduct, 100_000_000n, { coin: 8, settle: 6, price: 2 });
    expect(outcomes).toEqual({
      coin: { amount: '0.00168310', income: '0.00001644' },
      usdt: { amount: '100.986301', income: '0.986301' },
    });
  });

  it('pay a coin principal back in the coin or at the linked price in USDT', () => {
    const outcomes = financeOutcomes(coinProduct, 100_000_000n, { coin: 8, settle: 6, price: 2 });
    expect(outcomes.coin).toEqual({ amount: '1.00153424', income: '0.00153424' });
    expect(outcomes.usdt).toEqual({ amount: '3004.602739', income: '4.602739' });
  });

  it('follow what is typed, and wait for a positive amount and the scales', () => {
    const scales = financeScalesOf(usdtProduct, 8);
    expect(liveOutcomes(usdtProduct, '250', scales)?.usdt.amount).toBe('252.465753');
    expect(liveOutcomes(usdtProduct, '250', scales)?.coin.amount).toBe('0.00420776');
    for (const typed of ['', '0', '0.000', '1.', 'abc', '1.0000001']) {
      expect(liveOutcomes(usdtProduct, typed, scales), typed).toBeNull();
    }
    expect(liveOutcomes(usdtProduct, '250', null)).toBeNull();
    expect(typedMinor(' 12.5 ', 6)).toBe(12_500_000n);
  });

  it('take a round example the product accepts, else its minimum', () => {
    expect(exampleAmount(usdtProduct)).toBe('100');
    expect(exampleAmount(coinProduct)).toBe('1');
    expect(exampleAmount(makeFinanceProduct({ minAmount: '500.000000' }))).toBe('500');
    expect(exampleAmount(makeFinanceProduct({ minAmount: '5.500000', maxAmount: '50.000000' }))).toBe('5.5');
  });
});

describe('the amount of a purchase', () => {
  const check = (amount: string, available: string | null = '1000.000000', decimals = 6) =>
    checkFinanceAmount({ product: usdtProduct, amount, decimals, available });

  it('is checked in the server order: given, well formed, decimals, limits, quota, balance', () => {
    expect(check('')).toEqual({ key: 'validation.amountEmpty' });
    expect(check('0')).toEqual({ key: 'validation.amountWrong' });
    expect(check('1.1234567')).toEqual({ key: 'validation.amountPrecision', params: { decimals: 6 } });
    expect(check('1.123', null, 2)).toEqual({ key: 'validation.amountPrecision', params: { decimals: 2 } });
    expect(check('5')).toEqual({
      key: 'validation.amountOutOfRange',
      range: { key: 'validation.rangeMinMax', params: { min: '10.00', max: '50,000.00' } },
    });
    expect(check('1000.000001')).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
    expect(check('1000', null)).toBeNull();
    expect(check('100')).toBeNull();
  });

  it('is refused beyond the remaining quota, naming what is left', () => {
    const nearlyGone = makeFinanceProduct({ remaining: '20.500000' });
    expect(checkFinanceAmount({ product: nearlyGone, amount: '30', decimals: 6, available: null })).toEqual({
      key: 'error.FINANCE_QUOTA_EXHAUSTED',
      params: { remaining: '20.50', symbol: 'USDT' },
    });
  });

  it('has a range hint, uncapped when the product has no maximum', () => {
    expect(rangeHint(coinProduct)).toEqual({ key: 'validation.rangeMinUncapped', params: { min: '0.10' } });
  });

  it('is filled with "all" within the decimals allowed, as a user would type it', () => {
    expect(allAmount('1250.500000', 6)).toBe('1250.5');
    expect(allAmount('0.12345678', 4)).toBe('0.1234');
    expect(allAmount('300.000000', 2)).toBe('300');
  });

  it('puts a refusal under its field: the amount, the fund password, or a toast', () => {
    expect(refusedField('INSUFFICIENT_BALANCE', null)).toBe('amount');
    expect(refusedField('FINANCE_QUOTA_EXHAUSTED', null)).toBe('amount');
    expect(refusedField('VALIDATION_FAILED', 'amount')).toBe('amount');
    expect(refusedField('FUND_PASSWORD_WRONG', null)).toBe('fundPwd');
    expect(refusedField('FUND_PASSWORD_NOT_SET', null)).toBe('fundPwd');
    expect(refusedField('FINANCE_PRODUCT_CLOSED', null)).toBeNull();
  });
});

describe('products', () => {
  it('show their yield as a percentage and their term in its unit', () => {
    expect(yieldPercent('0.12')).toBe('12');
    expect(yieldPercent('0.085')).toBe('8.5');
    expect(termLabel(30, 'day')).toEqual({ key: 'timing.periodDays', params: { count: 30 } });
    expect(termLabel(12, 'hour')).toEqual({ key: 'timing.periodHours', params: { count: 12 } });
    expect(termLabel(45, 'minute')).toEqual({ key: 'timing.periodMinutes', params: { count: 45 } });
  });

  it('show how much of the quota is sold, rounded down', () => {
    expect(quotaSoldPercent(usdtProduct)).toBe(75);
    expect(quotaSoldPercent(makeFinanceProduct({ remaining: '0.000001' }))).toBe(99);
    expect(quotaSoldPercent(makeFinanceProduct({ remaining: '0.000000' }))).toBe(100);
    expect(soldOut(makeFinanceProduct({ remaining: '0.000000' }))).toBe(true);
    expect(soldOut(usdtProduct)).toBe(false);
  });

  it('are grouped by coin in the order the server sorts them', () => {
    const second = makeFinanceProduct({ id: 5, name: 'BTC 7-day' });
    const groups = groupByCoin([usdtProduct, coinProduct, second]);
    expect(groups.map((g) => [g.symbol, g.products.map((p) => p.id)])).toEqual([
      ['BTC', [3, 5]],
      ['ETH', [4]],
    ]);
  });
});

describe('orders', () => {
  it('redeem early for the principal less the fee, rounded up', () => {
    expect(redeemFigures(makeFinanceOrder())).toEqual({ fee: '0.500000', refund: '99.500000' });
    expect(redeemFigures(makeFinanceOrder({ amount: '10.000001', serviceRateStr: '0.005' }))).toEqual({
      fee: '0.050001',
      refund: '9.950000',
    });
  });

  it('may be redeemed only while holding and before the end', () => {
    const order = makeFinanceOrder();
    expect(canRedeem(order, ORDER_START + 1000)).toBe(true);
    expect(canRedeem(order, order.calcEndDate)).toBe(false);
    expect(canRedeem(makeFinanceOrder({ state: 'settled' }), ORDER_START)).toBe(false);
  });

  it('count down in days and a clock, rounding seconds up', () => {
    expect(countdownParts(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toEqual({
      days: 2,
      clock: '03:04:05',
    });
    expect(countdownParts(500)).toEqual({ days: 0, clock: '00:00:01' });
    expect(countdownParts(-10)).toEqual({ days: 0, clock: '00:00:00' });
  });

  it('show amounts with their significant decimals', () => {
    expect(shownAmount('0.00168310')).toBe('0.0016831');
    expect(shownAmount('100000.000000')).toBe('100,000.00');
  });
});
