import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCompactIn,
  formatNumber,
  rebatePercent,
  truncateQuickAmount,
} from '../src/index.ts';

describe('formatNumber', () => {
  it.each([
    ['1234567.891', undefined, '1,234,567.89'],
    [1234.5, undefined, '1,234.50'],
    ['0', undefined, '0.00'],
    ['-9876543.219', 2, '-9,876,543.21'],
    ['1234.56789', 4, '1,234.5678'],
    ['999', 0, '999'],
    [12n, 2, '12.00'],
  ] as const)('%s with %s decimals is %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });

  it('shows a placeholder for what is not a number', () => {
    expect(formatNumber(Number.NaN)).toBe('--');
    expect(formatNumber('abc')).toBe('--');
  });
});

describe('formatCompact', () => {
  it.each([
    ['999', '999.00'],
    ['1000', '1.00K'],
    ['1234567', '1.23M'],
    ['9999999999', '9.99B'],
    ['1500000000000', '1.50T'],
    ['2000000000000000', '2.00P'],
    ['3000000000000000000', '3.00E'],
    ['4000000000000000000000', '4,000.00E'],
    ['-1234', '-1.23K'],
  ])('%s is %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });
});

describe('formatCompactIn', () => {
  it.each([
    ['2559000000', 'en', '2.55B'],
    ['1234567', 'en', '1.23M'],
    ['45678', 'en', '45.67K'],
    ['999.999', 'en', '999.99'],
    ['2559000000', 'ko', '25.59억'],
    ['2559000000', 'ja', '25.59億'],
    ['-1234', 'en', '-1.23K'],
  ])('%s in %s is %s', (value, locale, expected) => {
    expect(formatCompactIn(value, locale)).toBe(expected);
  });

  it('writes Arabic in its own words with the digits prices use', () => {
    expect(formatCompactIn('2559000000', 'ar')).toMatch(/^2\.55\s\S+$/u);
  });

  it('shows a placeholder for what is not a number', () => {
    expect(formatCompactIn('abc', 'en')).toBe('--');
  });
});

describe('rebatePercent', () => {
  it.each([
    ['0.015', '1.5'],
    ['0.1', '10'],
    ['1', '100'],
    ['0', '0'],
    ['0.00125', '0.125'],
    [0.07, '7'],
  ] as const)('%s is %s percent', (rate, percent) => {
    expect(rebatePercent(rate)).toBe(percent);
  });
});

describe('truncateQuickAmount', () => {
  it('keeps 4 decimals by default, truncating', () => {
    expect(truncateQuickAmount('12.345678')).toBe('12.3456');
    expect(truncateQuickAmount(0.123456789, 2)).toBe('0.12');
  });
});
