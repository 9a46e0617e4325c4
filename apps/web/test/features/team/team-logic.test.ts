import { describe, expect, it } from 'vitest';
import {
  directionOf,
  cardBalance,
  isolate,
  isolateName,
  keptRate,
  memberIdFrom,
  memberTimingPath,
  outcomeOf,
  periodLabel,
  placeLabel,
  ratePercent,
  rebateFigures,
  rebateRefLabel,
  registerWayLabel,
  rowsOf,
  searchKeyword,
  firstPageOf,
} from '../../../src/features/team/team-logic.ts';

describe('rates', () => {
  it('show a fraction times 100 without float error', () => {
    expect(ratePercent('0.015')).toBe('1.5');
    expect(ratePercent('0.01')).toBe('1');
    expect(ratePercent('0.00125')).toBe('0.125');
    expect(ratePercent('0')).toBe('0');
    expect(ratePercent('0.07')).toBe('7');
  });

  it('keep the difference between the own rate and the rate below, never below zero', () => {
    expect(keptRate('0.015', '0.01')).toBe('0.005');
    expect(keptRate('0.03', '0')).toBe('0.03');
    expect(keptRate('0.01', '0.01')).toBe('0');
    expect(keptRate('0.01', '0.02')).toBe('0');
    expect(keptRate('0.1', '0.00000001')).toBe('0.09999999');
    expect(keptRate('abc', '0.01')).toBeNull();
  });

  it('give every figure of a rebate explanation as it is shown', () => {
    expect(
      rebateFigures({ base: '100.000000', rate: '0.015', belowRate: '0.01', amount: '0.500000' }),
    ).toEqual({
      base: '100.00',
      ratePercent: '1.5',
      belowPercent: '1',
      keptPercent: '0.5',
      amount: '0.50',
    });
    expect(rebateFigures({ base: '12345.678', rate: '0.02', belowRate: '0', amount: '246.91356' })).toEqual({
      base: '12,345.678',
      ratePercent: '2',
      belowPercent: '0',
      keptPercent: '2',
      amount: '246.91356',
    });
    expect(rebateFigures({ base: '1', rate: 'x', belowRate: '0', amount: '0' }).keptPercent).toBe('--');
  });
});

describe('the search keyword', () => {
  it('is trimmed, cut to the server limit, and empty for nothing typed', () => {
    expect(searchKeyword('  ali ')).toBe('ali');
    expect(searchKeyword('   ')).toBe('');
    expect(searchKeyword('a'.repeat(30))).toBe('a'.repeat(20));
  });
});

describe('the member filter', () => {
  it('reads a positive whole id from the address, and nothing otherwise', () => {
    expect(memberIdFrom('301')).toBe(301);
    expect(memberIdFrom(' 42 ')).toBe(42);
    expect(memberIdFrom(null)).toBeNull();
    expect(memberIdFrom('')).toBeNull();
    expect(memberIdFrom('0')).toBeNull();
    expect(memberIdFrom('-3')).toBeNull();
    expect(memberIdFrom('3.5')).toBeNull();
    expect(memberIdFrom('abc')).toBeNull();
    expect(memberIdFrom('9'.repeat(20))).toBeNull();
  });

  it('leads to the member’s timed trades', () => {
    expect(memberTimingPath(301)).toBe('/team-timing?memberId=301');
  });
});

describe('labels', () => {
  it('name how a member joined, and show an unknown way as its code', () => {
    expect(registerWayLabel('INVITE_CODE')).toEqual({ key: 'team.registerWay.INVITE_CODE' });
    expect(registerWayLabel('AGENT')).toEqual({ key: 'team.registerWay.AGENT' });
    expect(registerWayLabel('PARTNER')).toEqual({ text: 'PARTNER' });
  });

  it('say where a member stands', () => {
    expect(placeLabel({ depth: 1, parentUsername: 'boss01' })).toEqual({ key: 'team.member.direct' });
    expect(placeLabel({ depth: 2, parentUsername: 'bob' })).toEqual({
      key: 'team.member.under',
      parent: 'bob',
    });
    expect(placeLabel({ depth: 3, parentUsername: null })).toEqual({ key: 'team.member.direct' });
  });

  it('name the order a rebate came from as the bills do', () => {
    expect(rebateRefLabel('timing', 71)).toEqual({ key: 'bills.ref.timing', params: { id: 71 } });
    expect(rebateRefLabel('contract_order', 5)).toEqual({
      key: 'bills.ref.contract_order',
      params: { id: 5 },
    });
    expect(rebateRefLabel('mystery', 2)).toEqual({
      key: 'team.rebate.refOther',
      params: { type: 'mystery', id: 2 },
    });
  });

  it('colour directions and outcomes with the app’s up and down colours', () => {
    expect(directionOf('up')).toEqual({ label: 'dict.TradeOrderDirectionEnum.1', tone: 'up' });
    expect(directionOf('down')).toEqual({ label: 'dict.TradeOrderDirectionEnum.2', tone: 'down' });
    expect(outcomeOf('win')).toEqual({ label: 'timing.outcome.win', tone: 'up' });
    expect(outcomeOf('loss')).toEqual({ label: 'timing.outcome.loss', tone: 'down' });
    expect(outcomeOf('tie')).toEqual({ label: 'timing.outcome.tie', tone: 'flat' });
    expect(outcomeOf(null)).toEqual({ label: null, tone: 'flat' });
  });

  it('write a period in its largest whole unit', () => {
    expect(periodLabel(30)).toEqual({ key: 'timing.periodSeconds', params: { count: 30 } });
    expect(periodLabel(120)).toEqual({ key: 'timing.periodMinutes', params: { count: 2 } });
    expect(periodLabel(7200)).toEqual({ key: 'timing.periodHours', params: { count: 2 } });
    expect(periodLabel(86_400)).toEqual({ key: 'timing.periodDays', params: { count: 1 } });
    expect(periodLabel(90)).toEqual({ key: 'timing.periodSeconds', params: { count: 90 } });
  });
});

describe('pages', () => {
  it('join the rows of every page, and give the first page for the scope’s figures', () => {
    const data = {
      pages: [
        { list: [1, 2], n: 'a' },
        { list: [3], n: 'b' },
      ],
    };
    expect(rowsOf(data)).toEqual([1, 2, 3]);
    expect(rowsOf(undefined)).toEqual([]);
    expect(firstPageOf(data)?.n).toBe('a');
    expect(firstPageOf(undefined)).toBeNull();
  });

  it('isolate a figure left to right, and a name in its own direction, inside a sentence', () => {
    expect(isolate('1.5 %')).toBe('\u20661.5 %\u2069');
    expect(isolateName('alice01')).toBe('\u2068alice01\u2069');
  });

  it('show a card balance to two decimals, truncated', () => {
    expect(cardBalance('98765432.123456')).toBe('98,765,432.12');
    expect(cardBalance('0.009999')).toBe('0.00');
  });
});
