import { describe, expect, it } from 'vitest';
import { amountDecimals, amountRangeHint, checkAmount, sanitizeAmountTyping } from '../src/index.ts';

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

describe('checkAmount with fewer decimals than the currency has', () => {
  // USDT has 6 decimals; the platform allows 4 to be typed.
  const usdt = { min: '0.000010', max: '5000.000000', maxPrecision: 4, scale: 6 };

  it('refuses the decimals the platform does not allow, though the currency has them', () => {
    expect(checkAmount('10.123456', usdt)).toEqual({ ok: false, error: 'amountPrecision' });
    expect(checkAmount('10.12345', usdt)).toEqual({ ok: false, error: 'amountPrecision' });
    expect(checkAmount('10.123400', usdt)).toEqual({ ok: true, minor: 10_123_400n });
  });

  it('counts minor units and reads the limits at the currency scale', () => {
    expect(checkAmount('0.0001', usdt)).toEqual({ ok: true, minor: 100n });
    expect(checkAmount('5000', usdt)).toEqual({ ok: true, minor: 5_000_000_000n });
    expect(checkAmount('5000.0001', usdt)).toEqual({ ok: false, error: 'amountOutOfRange' });
    expect(checkAmount('0.0001', { ...usdt, min: '0.000101' })).toEqual({
      ok: false,
      error: 'amountOutOfRange',
    });
  });

  it('refuses a rule that allows more decimals than the currency has', () => {
    expect(() => checkAmount('1', { ...usdt, maxPrecision: 7 })).toThrow(/7 decimals at scale 6/);
  });
});

describe('amountDecimals', () => {
  it('is the fewer of the currency scale and the platform setting', () => {
    expect(amountDecimals(6, '4')).toBe(4);
    expect(amountDecimals(2, '4')).toBe(2);
    expect(amountDecimals(6, ' 0 ')).toBe(0);
    expect(amountDecimals(6, '18')).toBe(6);
  });

  it('is the currency scale while the setting is missing or not a whole number from 0 to 18', () => {
    for (const setting of [undefined, '', 'four', '-1', '2.5', '19', '99', '100', '1e1']) {
      expect(amountDecimals(6, setting)).toBe(6);
    }
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
