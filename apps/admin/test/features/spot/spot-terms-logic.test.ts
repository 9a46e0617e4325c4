import { describe, expect, it } from 'vitest';
import type { SpotTerms } from '@vela/contract';
import {
  decimalProblem,
  feeRateText,
  formFieldOf,
  maximumProblem,
  termsChanges,
  termsToValues,
  valuesToInput,
} from '../../../src/features/spot/spot-terms-logic.ts';

const btc: SpotTerms = {
  vcId: 1,
  symbol: 'BTC',
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
};

describe('spot terms in the form', () => {
  it('starts from the terms as an operator would type them, an uncapped maximum empty', () => {
    expect(termsToValues(btc)).toEqual({
      enabled: true,
      feeRate: '0.001',
      minAmount: '10',
      maxAmount: '',
      minQuantity: '0.0001',
      maxQuantity: '5',
      priceDecimals: 2,
      quantityDecimals: 6,
    });
  });

  it('sends trimmed text, and an empty maximum as uncapped', () => {
    const values = { ...termsToValues(btc), feeRate: ' 0.002 ', maxQuantity: '  ', maxAmount: '5000' };
    expect(valuesToInput(1, values)).toEqual({
      vcId: 1,
      enabled: true,
      feeRate: '0.002',
      minAmount: '10',
      maxAmount: '5000',
      minQuantity: '0.0001',
      maxQuantity: null,
      priceDecimals: 2,
      quantityDecimals: 6,
    });
  });
});

describe('the changes a save makes', () => {
  it('lists only the fields whose value changes, decimals compared by value', () => {
    const input = valuesToInput(1, {
      ...termsToValues(btc),
      enabled: false,
      feeRate: '0.0010',
      maxAmount: '5000',
      maxQuantity: '',
    });
    expect(termsChanges(btc, input)).toEqual([
      { field: 'enabled', label: 'Trading', before: 'Enabled', after: 'Disabled' },
      { field: 'maxAmount', label: 'Maximum buy amount', before: 'Uncapped', after: '5000' },
      { field: 'maxQuantity', label: 'Maximum sell quantity', before: '5', after: 'Uncapped' },
    ]);
  });

  it('shows a fee rate with its percentage', () => {
    const input = valuesToInput(1, { ...termsToValues(btc), feeRate: '0.0015' });
    expect(termsChanges(btc, input)).toEqual([
      { field: 'feeRate', label: 'Fee rate', before: '0.001 (0.1 %)', after: '0.0015 (0.15 %)' },
    ]);
  });

  it('is empty when nothing changes', () => {
    expect(termsChanges(btc, valuesToInput(1, termsToValues(btc)))).toEqual([]);
  });
});

describe('checks before saving', () => {
  it('takes plain decimals only', () => {
    expect(decimalProblem('0.001')).toBeNull();
    expect(decimalProblem('')).toBeNull();
    expect(decimalProblem('1e-3')).toBe('A plain number such as 0.001 or 25');
    expect(decimalProblem('-1')).toBe('A plain number such as 0.001 or 25');
  });

  it('refuses a maximum below its minimum', () => {
    expect(maximumProblem('10', '9.99')).toBe('At least the minimum, or empty for uncapped');
    expect(maximumProblem('10', '10.0')).toBeNull();
    expect(maximumProblem('10', '')).toBeNull();
    expect(maximumProblem('x', '1')).toBeNull();
  });
});

describe('display', () => {
  it('writes a fee rate as a percentage', () => {
    expect(feeRateText('0.001')).toBe('0.1 %');
    expect(feeRateText('0')).toBe('0 %');
  });

  it('marks the field a server refusal names, and none for the coin', () => {
    expect(formFieldOf('maxAmount')).toBe('maxAmount');
    expect(formFieldOf('vcId')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});
