import { describe, expect, it } from 'vitest';
import {
  byRiskDescending,
  isEquityGone,
  levelBelowCaution,
  levelOfRatio,
  levelText,
  percentOfFraction,
  ratioOfPercent,
  ratioProblem,
  riskText,
  riskTone,
} from '../../../src/features/contract/risk-logic.ts';

const levels = { adjustmentRatio: '0.1000', forcedCloseLevel: '0.9000', cautionLevel: '0.5000' };

describe('risk degrees', () => {
  it('reads as percentages, and a gone equity in words', () => {
    expect(riskText('0.5571')).toBe('55.71 %');
    expect(riskText('0.9000')).toBe('90 %');
    expect(riskText('9.9998')).toBe('999.98 %');
    expect(riskText('9.9999')).toBe('Equity gone');
    expect(riskText('100000000.0000')).toBe('Equity gone');
    expect(isEquityGone('9.9998')).toBe(false);
  });

  it('is a caution above 50 % and a danger from the forced-close level', () => {
    expect(riskTone('0.5000', levels)).toBe('normal');
    expect(riskTone('0.5001', levels)).toBe('caution');
    expect(riskTone('0.8999', levels)).toBe('caution');
    expect(riskTone('0.9000', levels)).toBe('danger');
    expect(riskTone('9.9999', levels)).toBe('danger');
    expect(riskTone('0.8500', { ...levels, forcedCloseLevel: '0.8500' })).toBe('danger');
  });

  it('orders accounts riskiest first, equal degrees by user id', () => {
    const rows = [
      { userId: 3, riskDegree: '0.2000' },
      { userId: 9, riskDegree: '0.9500' },
      { userId: 4, riskDegree: '100000000.0000' },
      { userId: 2, riskDegree: '0.9500' },
      { userId: 5, riskDegree: '0.6000' },
    ];
    expect(byRiskDescending(rows).map((row) => row.userId)).toEqual([4, 2, 9, 5, 3]);
    expect(rows[0]?.userId).toBe(3);
  });
});

describe('the adjustment ratio', () => {
  it('is typed in percent from 0 to below 100 with at most two decimals', () => {
    expect(ratioProblem('10')).toBeNull();
    expect(ratioProblem('0')).toBeNull();
    expect(ratioProblem('99.99')).toBeNull();
    expect(ratioProblem('100')).toBe('Below 100 %');
    expect(ratioProblem('12.345')).toBe('At most two decimals');
    expect(ratioProblem('ten')).toBe('A plain number of percent such as 10 or 12.5');
    expect(ratioProblem(' ')).toBe('Required');
  });

  it('goes to the server as a fraction with four decimals', () => {
    expect(ratioOfPercent(' 12.5 ')).toBe('0.1250');
    expect(ratioOfPercent('0')).toBe('0.0000');
    expect(ratioOfPercent('100')).toBeNull();
    expect(percentOfFraction('0.1000')).toBe('10');
    expect(percentOfFraction('0.0125')).toBe('1.25');
  });

  it('gives the forced-close level: 100 % less the ratio', () => {
    expect(levelOfRatio('0.1000')).toBe('0.9000');
    expect(levelOfRatio('0.0000')).toBe('1.0000');
    expect(levelOfRatio('0.1250')).toBe('0.8750');
    expect(levelOfRatio('1.0000')).toBeNull();
    expect(levelText('0.8750')).toBe('87.5 %');
  });

  it('warns when forced closing would come at or before the caution level', () => {
    expect(levelBelowCaution('0.5000', '0.5000')).toBe(true);
    expect(levelBelowCaution('0.5001', '0.5000')).toBe(false);
  });
});
