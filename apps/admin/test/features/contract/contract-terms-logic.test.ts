import { describe, expect, it } from 'vitest';
import type { ContractTerms } from '@vela/contract';
import {
  decimalsProblem,
  feeRateProblem,
  formFieldOf,
  leveragesProblem,
  leveragesText,
  maximumProblem,
  percentText,
  quantityProblem,
  sortedLeverages,
  termsChanges,
  termsToValues,
  valuesToInput,
} from '../../../src/features/contract/contract-terms-logic.ts';

const btc: ContractTerms = {
  vcId: 1,
  symbol: 'BTC',
  settleSymbol: 'USDT',
  enabled: true,
  leverages: [1, 5, 10, 20],
  openFeeRate: '0.00050000',
  closeFeeRate: '0.00100000',
  minQuantity: '0.001000',
  maxQuantity: null,
  priceDecimals: 2,
  quantityDecimals: 3,
};

describe('contract terms in the form', () => {
  it('starts from the terms as an operator would type them, an uncapped maximum empty', () => {
    expect(termsToValues(btc)).toEqual({
      enabled: true,
      leverages: ['1', '5', '10', '20'],
      openFeeRate: '0.0005',
      closeFeeRate: '0.001',
      minQuantity: '0.001',
      maxQuantity: '',
      priceDecimals: 2,
      quantityDecimals: 3,
    });
  });

  it('sends trimmed text, leverages as ascending numbers each once, and an empty maximum as uncapped', () => {
    const values = {
      ...termsToValues(btc),
      leverages: ['20', ' 3 ', '1', '20', '100'],
      openFeeRate: ' 0.0004 ',
      maxQuantity: '  ',
    };
    expect(valuesToInput(1, values)).toEqual({
      vcId: 1,
      enabled: true,
      leverages: [1, 3, 20, 100],
      openFeeRate: '0.0004',
      closeFeeRate: '0.001',
      minQuantity: '0.001',
      maxQuantity: null,
      priceDecimals: 2,
      quantityDecimals: 3,
    });
    expect(valuesToInput(1, { ...values, maxQuantity: ' 50 ' }).maxQuantity).toBe('50');
  });

  it('orders leverages by value, not as text', () => {
    expect(sortedLeverages(['100', '20', '3'])).toEqual([3, 20, 100]);
  });
});

describe('checks before saving', () => {
  it('takes one to twenty whole leverages from 1 to 200', () => {
    expect(leveragesProblem(['1', '200'])).toBeNull();
    expect(leveragesProblem([])).toBe('At least one leverage');
    expect(leveragesProblem(undefined)).toBe('At least one leverage');
    expect(leveragesProblem([' '])).toBe('At least one leverage');
    expect(leveragesProblem(['0', '5', '2.5', '201', 'x'])).toBe(
      'Whole numbers from 1 to 200; not 0, 2.5, 201, x',
    );
    const twenty = Array.from({ length: 20 }, (_, i) => String(i + 1));
    expect(leveragesProblem(twenty)).toBeNull();
    expect(leveragesProblem([...twenty, '21'])).toBe('At most 20 leverages');
    expect(leveragesProblem([...twenty, '20'])).toBeNull();
  });

  it('takes a fee rate from 0 to below 1 with at most 8 decimals', () => {
    expect(feeRateProblem('0')).toBeNull();
    expect(feeRateProblem('0.99999999')).toBeNull();
    expect(feeRateProblem('')).toBeNull();
    expect(feeRateProblem('1')).toBe('Below 1: a fraction of the value, 0.0005 is 0.05 %');
    expect(feeRateProblem('1.5')).toBe('Below 1: a fraction of the value, 0.0005 is 0.05 %');
    expect(feeRateProblem('0.000000001')).toBe('At most 8 decimals');
    expect(feeRateProblem('5e-4')).toBe('A plain number such as 0.0005 or 25');
    expect(feeRateProblem('-0.1')).toBe('A plain number such as 0.0005 or 25');
  });

  it('takes a quantity limit above zero with no more decimals than a quantity may have', () => {
    expect(quantityProblem('0.001', 3)).toBeNull();
    expect(quantityProblem('0.0010', 3)).toBeNull();
    expect(quantityProblem('0.0001', 3)).toBe('At most 3 decimals (the quantity decimals)');
    expect(quantityProblem('0', 3)).toBe('Above zero');
    expect(quantityProblem('0.0001', undefined)).toBeNull();
    expect(quantityProblem('', 3)).toBeNull();
    expect(quantityProblem('1,5', 3)).toBe('A plain number such as 0.0005 or 25');
  });

  it('refuses a maximum below its minimum', () => {
    expect(maximumProblem('10', '9.99')).toBe('At least the minimum, or empty for uncapped');
    expect(maximumProblem('10', '10.0')).toBeNull();
    expect(maximumProblem('10', '')).toBeNull();
    expect(maximumProblem('x', '1')).toBeNull();
  });

  it('takes decimals from 0 to 18', () => {
    expect(decimalsProblem(0)).toBeNull();
    expect(decimalsProblem(18)).toBeNull();
    expect(decimalsProblem(19)).toBe('A whole number from 0 to 18');
    expect(decimalsProblem(-1)).toBe('A whole number from 0 to 18');
    expect(decimalsProblem(1.5)).toBe('A whole number from 0 to 18');
    expect(decimalsProblem(null)).toBeNull();
  });
});

describe('the changes a save makes', () => {
  it('lists only the fields whose value changes, decimals compared by value', () => {
    const input = valuesToInput(1, {
      ...termsToValues(btc),
      enabled: false,
      leverages: ['20', '10', '5', '1', '50'],
      openFeeRate: '0.00050',
      closeFeeRate: '0.0008',
      maxQuantity: '100',
    });
    expect(termsChanges(btc, input)).toEqual([
      { field: 'enabled', label: 'Trading', before: 'Enabled', after: 'Disabled' },
      { field: 'leverages', label: 'Leverages', before: '1×, 5×, 10×, 20×', after: '1×, 5×, 10×, 20×, 50×' },
      {
        field: 'closeFeeRate',
        label: 'Closing fee rate',
        before: '0.001 (0.1 %)',
        after: '0.0008 (0.08 %)',
      },
      { field: 'maxQuantity', label: 'Maximum quantity', before: 'Uncapped', after: '100' },
    ]);
  });

  it('is empty when nothing changes, the leverages typed in another order included', () => {
    const values = { ...termsToValues(btc), leverages: ['20', '1', '10', '5'] };
    expect(termsChanges(btc, valuesToInput(1, values))).toEqual([]);
  });
});

describe('display', () => {
  it('writes fractions as percentages and leverages with their sign', () => {
    expect(percentText('0.0005')).toBe('0.05 %');
    expect(percentText('0')).toBe('0 %');
    expect(leveragesText([1, 100])).toBe('1×, 100×');
  });

  it('marks the field a server refusal names, a leverage of the list as the list, and none for the coin', () => {
    expect(formFieldOf('openFeeRate')).toBe('openFeeRate');
    expect(formFieldOf('leverages.3')).toBe('leverages');
    expect(formFieldOf('vcId')).toBeNull();
    expect(formFieldOf('constructor')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});
