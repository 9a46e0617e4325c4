import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebateRateUnits } from '@vela/domain';
import {
  isAboveCap,
  keptPercent,
  normalizePercent,
  percentToRate,
  rateToPercent,
} from '../../../src/features/agent/rebate-percent.ts';

describe('percent to rate', () => {
  it.each([
    ['1.5', '0.015'],
    ['0', '0'],
    ['0.0', '0'],
    ['100', '1'],
    ['100.000000', '1'],
    ['1.50', '0.015'],
    [' 2 ', '0.02'],
    ['0.000001', '0.00000001'],
    ['12.345678', '0.12345678'],
    // Floating point would answer 0.0007000000000000001 and 0.0030000000000000005.
    ['0.07', '0.0007'],
    ['0.3', '0.003'],
    ['99.999999', '0.99999999'],
    // As typed on a phone's decimal pad.
    ['.5', '0.005'],
    ['1.', '0.01'],
  ])('%s %% is %s', (percent, rate) => {
    expect(percentToRate(percent)).toBe(rate);
  });

  it.each([
    '',
    ' ',
    '.',
    '..5',
    '1..',
    '-1',
    '+1',
    '1e2',
    '0x10',
    'abc',
    '1,5',
    '100.000001',
    '101',
    '1.2345678',
  ])('refuses %j', (percent) => {
    expect(percentToRate(percent)).toBeNull();
  });
});

describe('rate to percent', () => {
  it.each([
    ['0.015', '1.5'],
    ['0', '0'],
    ['1', '100'],
    ['0.1', '10'],
    ['0.00000001', '0.000001'],
    ['0.12345678', '12.345678'],
    ['0.01000000', '1'],
  ])('%s is %s %%', (rate, percent) => {
    expect(rateToPercent(rate)).toBe(percent);
  });

  it('gives back every rate it was given, through the percentage and back, exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 100_000_000n }), (units) => {
        const rate = rateFromUnits(units);
        const percent = rateToPercent(rate);
        expect(rebateRateUnits(percentToRate(percent) ?? 'invalid')).toBe(units);
        expect(normalizePercent(percent)).toBe(percent);
      }),
    );
  });
});

/** A rate of `units` hundred-millionths, written out by hand (the code under test is not used). */
function rateFromUnits(units: bigint): string {
  const digits = units.toString().padStart(9, '0');
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`;
}

describe('what the agent keeps', () => {
  it('is the agent’s rate less the member’s, in percent', () => {
    expect(keptPercent('0.015', '1')).toBe('0.5');
    expect(keptPercent('0.015', '1.5')).toBe('0');
    expect(keptPercent('0.1', '0.000001')).toBe('9.999999');
    expect(keptPercent('0.02', '0.3')).toBe('1.7');
  });

  it('is never negative, and a rate not yet typed keeps the whole', () => {
    expect(keptPercent('0.01', '2')).toBe('0');
    expect(keptPercent('0.01', '')).toBe('1');
  });
});

describe('the cap', () => {
  it('is the agent’s own rate, which a member may equal but not exceed', () => {
    expect(isAboveCap('1.5', '0.015')).toBe(false);
    expect(isAboveCap('1.500000', '0.015')).toBe(false);
    expect(isAboveCap('1.500001', '0.015')).toBe(true);
    expect(isAboveCap('0', '0')).toBe(false);
    expect(isAboveCap('0.000001', '0')).toBe(true);
  });

  it('leaves a malformed percentage to the form’s own rule', () => {
    expect(isAboveCap('abc', '0.015')).toBe(false);
  });
});
