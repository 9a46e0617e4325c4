import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor, parseDecimal, toPlainDecimal, truncateDecimal } from '../src/index.ts';

describe('parseDecimal', () => {
  it.each([
    ['1234.56', 4, 12345600n],
    ['0.0001', 4, 1n],
    ['-2.5', 2, -250n],
    ['7', 0, 7n],
    ['1.2300', 2, 123n],
    ['  3.1 ', 2, 310n],
  ])('%s at scale %i is %s minor units', (text, scale, minor) => {
    expect(parseDecimal(text, scale)).toEqual({ ok: true, minor });
  });

  it.each(['', 'abc', '1e5', '1.2.3', 'NaN', 'Infinity', '.5', '5.', '+1', '0x10', '1,000'])(
    'refuses %j as syntax',
    (text) => {
      expect(parseDecimal(text, 4)).toEqual({ ok: false, reason: 'syntax' });
    },
  );

  it('refuses more decimals than the scale instead of rounding', () => {
    expect(parseDecimal('0.00001', 4)).toEqual({ ok: false, reason: 'precision' });
  });

  it('round-trips every integer of minor units through format and parse', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (minor, scale) => {
          expect(parseDecimal(formatMinor(minor, scale), scale)).toEqual({ ok: true, minor });
        },
      ),
    );
  });
});

describe('formatMinor', () => {
  it.each([
    [12345600n, 4, '1234.5600'],
    [1n, 8, '0.00000001'],
    [-5n, 2, '-0.05'],
    [42n, 0, '42'],
  ])('%s at scale %i is %s', (minor, scale, text) => {
    expect(formatMinor(minor, scale)).toBe(text);
  });
});

describe('toPlainDecimal and truncateDecimal', () => {
  it('expands exponent notation of numbers and refuses non-finite ones', () => {
    expect(toPlainDecimal(1e-7)).toBe('0.0000001');
    expect(toPlainDecimal(Number.NaN)).toBeNull();
    expect(toPlainDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toPlainDecimal('1e3')).toBeNull();
    expect(toPlainDecimal(-0)).toBe('0');
  });

  it('truncates toward zero, never rounding up', () => {
    expect(truncateDecimal('1.99999', 4)).toBe('1.9999');
    expect(truncateDecimal('-1.99999', 2)).toBe('-1.99');
    expect(truncateDecimal('-0.001', 2)).toBe('0.00');
    expect(truncateDecimal('5', 2)).toBe('5');
  });
});
