import { describe, expect, it } from 'vitest';
import { amountText, compareDecimals, isNonZero, plainAmount, scaleOf } from '../../src/lib/amounts.ts';

describe('amounts', () => {
  it('shows at least two decimals and every significant one', () => {
    expect(amountText('1234.500000')).toBe('1,234.50');
    expect(amountText('0.123456')).toBe('0.123456');
    expect(amountText('150')).toBe('150.00');
  });

  it('writes an amount as an operator would type it', () => {
    expect(plainAmount('150.000000')).toBe('150');
    expect(plainAmount('149.500000')).toBe('149.5');
    expect(plainAmount('100')).toBe('100');
  });

  it('reads the scale an amount is written at', () => {
    expect(scaleOf('1.000000')).toBe(6);
    expect(scaleOf('12')).toBe(0);
  });

  it('tells zero from other amounts', () => {
    expect(isNonZero('0.000000')).toBe(false);
    expect(isNonZero('0.000100')).toBe(true);
  });

  it('compares decimals of any length exactly', () => {
    expect(compareDecimals('0.1', '0.09999999999999999999')).toBe(1);
    expect(compareDecimals('2', '2.000')).toBe(0);
    expect(compareDecimals('1.5', '10')).toBe(-1);
  });
});
