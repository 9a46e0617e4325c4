import { describe, expect, it } from 'vitest';
import {
  cycleProblem,
  decimalProblem,
  maximumProblem,
  namesProblem,
  positiveProblem,
  quotaProblem,
  serviceRateProblem,
  yieldRateProblem,
} from '../../../src/features/finance/finance-checks-logic.ts';
import { newProductValues } from '../../../src/features/finance/finance-product-logic.ts';

describe('the product checks', () => {
  it('takes plain decimals only, and leaves an empty field to its own rule', () => {
    expect(decimalProblem('0.5')).toBeNull();
    expect(decimalProblem('')).toBeNull();
    expect(decimalProblem('1e3')).toBe('A plain number such as 0.5 or 100');
    expect(decimalProblem('1,000')).toBe('A plain number such as 0.5 or 100');
    expect(decimalProblem('-1')).toBe('A plain number such as 0.5 or 100');
  });

  it('wants amounts and the linked price above zero', () => {
    expect(positiveProblem('0.000001')).toBeNull();
    expect(positiveProblem('0')).toBe('Above zero');
    expect(positiveProblem('0.000')).toBe('Above zero');
    expect(positiveProblem('abc')).toBe('A plain number such as 0.5 or 100');
  });

  it('wants a maximum at least the minimum, or none', () => {
    expect(maximumProblem('100', '99.99')).toBe('At least the minimum amount, or empty');
    expect(maximumProblem('100', '100.00')).toBeNull();
    expect(maximumProblem('100', '')).toBeNull();
    expect(maximumProblem('', '50')).toBeNull();
    expect(maximumProblem('100', '0')).toBe('Above zero');
  });

  it('wants a quota at least the minimum amount', () => {
    expect(quotaProblem('100', '99')).toBe('At least the minimum amount');
    expect(quotaProblem('100', '100')).toBeNull();
    expect(quotaProblem('x', '5')).toBeNull();
  });

  it('takes the annual yield as a fraction up to 10, with at most 8 decimals', () => {
    expect(yieldRateProblem('0.12')).toBeNull();
    expect(yieldRateProblem('10')).toBeNull();
    expect(yieldRateProblem('0')).toBeNull();
    expect(yieldRateProblem('12')).toBe('At most 10, a fraction: 0.12 is 12 % a year');
    expect(yieldRateProblem('0.123456789')).toBe('At most 8 decimals');
    expect(yieldRateProblem('0.120000000')).toBe('At most 8 decimals');
  });

  it('takes the early-redemption fee as a fraction up to 1', () => {
    expect(serviceRateProblem('1')).toBeNull();
    expect(serviceRateProblem('0.005')).toBeNull();
    expect(serviceRateProblem('1.5')).toBe('At most 1, a fraction of the principal: 0.01 is 1 %');
    expect(serviceRateProblem('5%')).toBe('A plain number such as 0.5 or 100');
  });

  it('takes a term of 1 to 3650 whole units', () => {
    expect(cycleProblem(1)).toBeNull();
    expect(cycleProblem(3650)).toBeNull();
    expect(cycleProblem(0)).toBe('A whole number from 1 to 3650');
    expect(cycleProblem(3651)).toBe('A whole number from 1 to 3650');
    expect(cycleProblem(1.5)).toBe('A whole number from 1 to 3650');
    expect(cycleProblem(null)).toBeNull();
  });

  it('wants a name in at least one language', () => {
    const names = newProductValues().names;
    expect(namesProblem(names)).toBe('At least one name; English is the default');
    expect(namesProblem({ ...names, en: '  ' })).toBe('At least one name; English is the default');
    expect(namesProblem({ ...names, tr: 'Altın' })).toBeNull();
  });
});
