import { describe, expect, it } from 'vitest';
import { percentText, soldOf, termText } from '../../../src/features/finance/finance-display-logic.ts';
import {
  productChanges,
  productSummary,
  type CoinSymbol,
} from '../../../src/features/finance/finance-changes-logic.ts';
import { isUserId, orderPayout, userFilterOf } from '../../../src/features/finance/finance-orders-logic.ts';
import { productToValues, valuesToInput } from '../../../src/features/finance/finance-product-logic.ts';
import { btcProduct, order } from './fixtures.ts';

const symbolOf: CoinSymbol = (vcId) => ({ 1: 'BTC', 2: 'ETH' })[vcId] ?? `#${vcId}`;

function inputOf(changes: Partial<ReturnType<typeof productToValues>>) {
  const input = valuesToInput({ ...productToValues(btcProduct), ...changes }, btcProduct.id);
  if (!input) throw new Error('no input');
  return input;
}

describe('product display', () => {
  it('writes rates as percentages and terms in their unit', () => {
    expect(percentText('0.12')).toBe('12 %');
    expect(percentText('0.08000000')).toBe('8 %');
    expect(percentText('0.005')).toBe('0.5 %');
    expect(termText(30, 'day')).toBe('30 days');
    expect(termText(1, 'hour')).toBe('1 hour');
    expect(termText(15, 'minute')).toBe('15 minutes');
  });

  it('counts what has been sold of a quota exactly', () => {
    expect(soldOf('1000000.000000', '750000.000000')).toBe('250000.000000');
    expect(soldOf('0.3', '0.1')).toBe('0.2');
    expect(soldOf('500.000000', '500.000000')).toBe('0.000000');
  });
});

describe('the changes a save makes', () => {
  it('lists the values changed in the form order, decimals compared by value', () => {
    const input = inputOf({ rateStr: '0.15', minAmount: '100.0', maxAmount: '', enabled: false });
    expect(productChanges(btcProduct, input, symbolOf)).toEqual([
      { key: 'rateStr', label: 'Annual yield', before: '0.12 (12 %)', after: '0.15 (15 %)' },
      { key: 'maxAmount', label: 'Maximum amount', before: '10000', after: 'Uncapped' },
      { key: 'enabled', label: 'Sale', before: 'Open', after: 'Closed' },
    ]);
  });

  it('lists the names and remarks changed, language by language', () => {
    const values = productToValues(btcProduct);
    const input = inputOf({
      names: { ...values.names, 'zh-CN': '', ja: 'BTC 30日' },
      remarks: { ...values.remarks, en: 'x'.repeat(70) },
    });
    expect(productChanges(btcProduct, input, symbolOf)).toEqual([
      { key: 'names.zh-CN', label: 'Name (Chinese (simplified))', before: 'BTC 30 天', after: '(none)' },
      { key: 'names.ja', label: 'Name (Japanese)', before: '(none)', after: 'BTC 30日' },
      {
        key: 'remarks.en',
        label: 'Remark (English)',
        before: 'Dual investment',
        after: `${'x'.repeat(60)}…`,
      },
    ]);
  });

  it('names the coin and the units as the operator reads them', () => {
    const input = inputOf({ vcId: 2, buyType: 'coin', cycleType: 'hour' });
    expect(productChanges(btcProduct, input, symbolOf)).toEqual([
      { key: 'vcId', label: 'Coin', before: 'BTC', after: 'ETH' },
      { key: 'buyType', label: 'Paid in', before: 'In USDT', after: 'In the coin' },
      { key: 'cycleType', label: 'Term unit', before: 'Days', after: 'Hours' },
    ]);
  });

  it('is empty when nothing changes', () => {
    expect(productChanges(btcProduct, inputOf({}), symbolOf)).toEqual([]);
  });

  it('sums up a new product with every value and the languages it is named in', () => {
    const summary = productSummary(inputOf({}), symbolOf);
    expect(summary[0]).toEqual({ label: 'Coin', value: 'BTC' });
    expect(summary).toContainEqual({ label: 'Early redemption fee', value: '0.01 (1 %)' });
    expect(summary.at(-1)).toEqual({ label: 'Names in', value: 'English, Chinese (simplified)' });
  });
});

describe('orders', () => {
  it('shows what a holding order pays at either side of the linked price', () => {
    expect(orderPayout(order(1))).toEqual({
      kind: 'expected',
      belowLinked: { amount: '0.010098', currency: 'BTC' },
      atOrAboveLinked: { amount: '605.917808', currency: 'USDT' },
    });
  });

  it('shows what a settled order paid, and what an order redeemed early gave back', () => {
    const settled = order(2, { state: 'settled', payoutAmount: '0.010098', payoutSymbol: 'BTC' });
    expect(orderPayout(settled)).toEqual({ kind: 'paid', line: { amount: '0.010098', currency: 'BTC' } });
    const redeemed = order(3, { state: 'redeemed', refundAmount: '594.000000', serviceAmount: '6.000000' });
    expect(orderPayout(redeemed)).toEqual({
      kind: 'refunded',
      line: { amount: '594.000000', currency: 'USDT' },
      fee: { amount: '6.000000', currency: 'USDT' },
    });
    expect(orderPayout(order(4, { state: 'settled' }))).toEqual({ kind: 'none' });
  });

  it('filters by a user id only when one is typed', () => {
    expect(isUserId('7')).toBe(true);
    expect(isUserId('07')).toBe(false);
    expect(userFilterOf(' 7 ')).toBe(7);
    expect(userFilterOf('')).toBeNull();
    expect(userFilterOf('abc')).toBeUndefined();
    expect(userFilterOf('99999999999999999999')).toBeUndefined();
  });
});
