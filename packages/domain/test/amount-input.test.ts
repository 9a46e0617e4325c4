import { describe, expect, it } from 'vitest';
import { amountRangeHint, checkAmount, sanitizeAmountTyping } from '../src/index.ts';

const limits = { min: '10', max: '5000', maxPrecision: 2 };

describe('checkAmount', () => {
  it.each([
    ['', 'amountEmpty'],
    ['   ', 'amountEmpty'],
    ['abc', 'amountWrong'],
    ['-5', 'amountWrong'],
    ['0', 'amountWrong'],
    ['1e3', 'amountWrong'],
    ['NaN', 'amountWrong'],
    ['Infinity', 'amountWrong'],
    ['10.001', 'amountPrecision'],
    ['9.99', 'amountOutOfRange'],
    ['5000.01', 'amountOutOfRange'],
  ])('%j fails with %s', (input, error) => {
    expect(checkAmount(input, limits)).toEqual({ ok: false, error });
  });

  it('accepts the bounds and returns minor units', () => {
    expect(checkAmount('10', limits)).toEqual({ ok: true, minor: 1000n });
    expect(checkAmount('5000.00', limits)).toEqual({ ok: true, minor: 500000n });
  });

  it('treats a null maximum as uncapped', () => {
    expect(checkAmount('99999999', { min: '1', max: null, maxPrecision: 0 })).toEqual({
      ok: true,
      minor: 99999999n,
    });
  });
});

describe('amountRangeHint', () => {
  it('gives Min X, Max Y or Min X, Uncapped', () => {
    expect(amountRangeHint({ min: '10', max: '5000' })).toEqual({
      key: 'rangeMinMax',
      min: '10.00',
      max: '5,000.00',
    });
    expect(amountRangeHint({ min: '10', max: null })).toEqual({
      key: 'rangeMinUncapped',
      min: '10.00',
      max: '',
    });
  });
});

describe('sanitizeAmountTyping', () => {
  it('keeps digits and at most maxPrecision decimals', () => {
    expect(sanitizeAmountTyping('1.2', '1.23', 2)).toBe('1.23');
    expect(sanitizeAmountTyping('1.23', '1.234', 2)).toBe('1.23');
    expect(sanitizeAmountTyping('1', '1a', 2)).toBe('1');
    expect(sanitizeAmountTyping('1', '1.', 0)).toBe('1');
    expect(sanitizeAmountTyping('5', '', 2)).toBe('');
  });
});
