import { describe, expect, it } from 'vitest';
import { moveProblem, pathText } from '../../../src/features/team/agent-tree-logic.ts';
import { memberChanges, valuesToInput } from '../../../src/features/team/member-edit-logic.ts';
import { percentProblem, percentText, rateOf } from '../../../src/features/team/rate-logic.ts';
import {
  defaultRange,
  offsetText,
  rangeProblem,
  sumDecimals,
  wholeHourOffset,
} from '../../../src/features/team/report-days-logic.ts';
import { agent01, agent02, member09, teamA, teamNode, user7 } from './fixtures.ts';

describe('rebate rates as percentages', () => {
  it('shows a fraction times 100 and reads a percentage back as the exact fraction', () => {
    expect(percentText('0.015')).toBe('1.5 %');
    expect(percentText('0.00000001')).toBe('0.000001 %');
    expect(rateOf('1.5')).toBe('0.015');
    expect(rateOf(' 2.25 ')).toBe('0.0225');
    expect(rateOf('0.000001')).toBe('0.00000001');
    expect(rateOf('100')).toBe('1');
    expect(rateOf('0')).toBe('0');
    // 0.1 + 0.2 in floating point is not 0.3; as text it is.
    expect(rateOf('0.3')).toBe('0.003');
  });

  it('refuses what is not a percentage from 0 to 100 with six decimals, or above the agent', () => {
    expect(rateOf('100.000001')).toBeNull();
    expect(rateOf('-1')).toBeNull();
    expect(rateOf('0.0000001')).toBeNull();
    expect(rateOf('1e2')).toBeNull();
    expect(percentProblem('', null)).toBe('Required');
    expect(percentProblem('3', '0.03')).toBeNull();
    expect(percentProblem('3.01', '0.03')).toBe("At most 3 %, the agent's rate");
    expect(percentProblem('99', null)).toBeNull();
  });
});

describe('the edit of a member', () => {
  it('sends fractions and lists only what changed', () => {
    const input = valuesToInput(teamA, {
      userType: 2,
      timingPercent: '1.50',
      contractPercent: '0.5',
      reason: ' why ',
    });
    expect(input).toEqual({
      userId: 3,
      userType: 2,
      pointPercentTiming: '0.015',
      pointPercentContract: '0.005',
      reason: 'why',
    });
    expect(input && memberChanges(teamA, input)).toEqual([
      { key: 'contractPercent', label: 'Contract rebate', before: '1 %', after: '0.5 %' },
    ]);
  });
});

describe('the tree', () => {
  it('writes the path from the top down to the user', () => {
    expect(pathText(user7)).toBe('agent01 › teamA › user7');
    expect(pathText(agent01)).toBe('agent01');
  });

  it('says which agents cannot take a user, as the server would refuse them', () => {
    expect(moveProblem(teamA, agent02)).toBeNull();
    expect(moveProblem(teamA, agent01)).toBe('the current agent');
    expect(moveProblem(teamA, member09)).toBe('not an agent');
    expect(moveProblem(agent01, teamA)).toBe("inside the user's own team");
    const deepAgent = teamNode(8, 'deep', {
      userType: 2,
      path: ['agent01', 'teamA'],
      pointPercentTiming: '1',
      pointPercentContract: '1',
    });
    expect(moveProblem(agent01, deepAgent)).toBe("inside the user's own team");
    const poorAgent = teamNode(6, 'poor', {
      userType: 2,
      pointPercentTiming: '0.02',
      pointPercentContract: '0.005',
    });
    expect(moveProblem(teamA, poorAgent)).toBe("rates below the user's");
  });
});

describe('the daily report', () => {
  it('defaults to the last seven days of the zone and counts offsets in whole hours', () => {
    const now = Date.UTC(2025, 0, 7, 20, 0);
    expect(defaultRange(now, 0)).toEqual({ from: '2025-01-01', to: '2025-01-07' });
    expect(defaultRange(now, 480)).toEqual({ from: '2025-01-02', to: '2025-01-08' });
    expect(wholeHourOffset(330)).toBe(300);
    expect(wholeHourOffset(-210)).toBe(-180);
    expect(offsetText(480)).toBe('UTC+08:00');
    expect(offsetText(-210)).toBe('UTC-03:30');
  });

  it('checks a range: both days, in order, at most 366 of them', () => {
    expect(rangeProblem('2025-01-01', '2025-01-01')).toBeNull();
    expect(rangeProblem('', '2025-01-01')).toBe('Choose both days.');
    expect(rangeProblem('2025-01-02', '2025-01-01')).toBe('The last day cannot be before the first.');
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(rangeProblem('2024-01-01', '2025-01-01')).toBe('At most 366 days at a time.');
  });

  it('adds amounts exactly', () => {
    expect(sumDecimals(['0.100000', '0.200000'])).toBe('0.300000');
    expect(sumDecimals(['-10.000000', '4.125000'])).toBe('-5.875000');
    expect(sumDecimals([])).toBe('0');
  });
});
