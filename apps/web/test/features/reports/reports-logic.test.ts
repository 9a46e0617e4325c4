import { afterEach, describe, expect, it } from 'vitest';
import { reportFiguresSchema } from '@vela/contract';
import {
  addDays,
  calendarFirstDay,
  currenciesOf,
  dayMainFigures,
  dayNumber,
  defaultRange,
  deviceOffsetMinutes,
  figureGroups,
  figuresIn,
  figureText,
  isQuickRange,
  localDate,
  localDay,
  offsetText,
  quickRange,
  rangeFromSearch,
  rangeLength,
  rangeProblem,
  reportSearch,
  shownCurrency,
  shownDays,
  toneOf,
  type FigureCell,
} from '../../../src/features/reports/reports-logic.ts';
import { btcLoss, busyUsdt, makeFigures } from './report-fixtures.ts';

const originalZone = process.env.TZ;

/** Runs the rest of a test in a time zone; the zone in force before the test comes back after it. */
function inZone(zone: string): void {
  process.env.TZ = zone;
}

afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe('days', () => {
  it('reads real days only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2024-02-29')).not.toBeNull();
    for (const text of ['2023-02-29', '2025-02-30', '2025-13-01', '2025-3-7', '20250307', '', 'today'])
      expect(dayNumber(text), text).toBeNull();
  });

  it('counts across months, years and leap days', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-07', -29)).toBe('2025-02-06');
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
    expect(rangeLength({ from: '2025-03-07', to: '2025-03-07' })).toBe(1);
    expect(rangeLength({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
    expect(rangeLength({ from: '2025-03-07', to: 'x' })).toBeNull();
  });

  it('takes the day of a moment in the device time zone', () => {
    const moment = new Date('2025-03-06T23:30:00Z');
    inZone('Asia/Tokyo');
    expect(localDay(moment)).toBe('2025-03-07');
    inZone('America/Los_Angeles');
    expect(localDay(moment)).toBe('2025-03-06');
    expect(localDate('2025-03-07').getDate()).toBe(7);
    expect(localDate('2025-03-07').getHours()).toBe(0);
  });
});

describe('quick ranges', () => {
  const now = () => new Date(2025, 2, 20, 15, 30);

  it('end today in the device time zone', () => {
    expect(quickRange('today', now())).toEqual({ from: '2025-03-20', to: '2025-03-20' });
    expect(quickRange('days7', now())).toEqual({ from: '2025-03-14', to: '2025-03-20' });
    expect(quickRange('days30', now())).toEqual({ from: '2025-02-19', to: '2025-03-20' });
    expect(quickRange('month', now())).toEqual({ from: '2025-03-01', to: '2025-03-20' });
    expect(defaultRange(now())).toEqual(quickRange('days7', now()));
  });

  it('keep whole days across a daylight-saving change', () => {
    inZone('America/New_York');
    // Clocks moved forward on 9 March 2025; a week still spans seven calendar days.
    expect(quickRange('days7', new Date(2025, 2, 10, 0, 30))).toEqual({
      from: '2025-03-04',
      to: '2025-03-10',
    });
  });

  it('follow the device day near midnight', () => {
    const moment = new Date('2025-03-31T22:00:00Z');
    inZone('Asia/Shanghai');
    expect(quickRange('month', moment)).toEqual({ from: '2025-04-01', to: '2025-04-01' });
    inZone('UTC');
    expect(quickRange('month', moment)).toEqual({ from: '2025-03-01', to: '2025-03-31' });
  });

  it('are recognised in a range, two at once when they coincide', () => {
    const first = new Date(2025, 2, 1, 9);
    const range = { from: '2025-03-01', to: '2025-03-01' };
    expect(isQuickRange(range, 'today', first)).toBe(true);
    expect(isQuickRange(range, 'month', first)).toBe(true);
    expect(isQuickRange(range, 'days7', first)).toBe(false);
  });
});

describe('range check', () => {
  it('accepts 1 to 366 days', () => {
    expect(rangeProblem({ from: '2025-03-07', to: '2025-03-07' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
  });

  it('says what is wrong with any other range', () => {
    expect(rangeProblem({ from: '2024-01-01', to: '2025-01-01' })).toEqual({
      key: 'report.range.tooLong',
      params: { max: 366, count: 367 },
    });
    expect(rangeProblem({ from: '2025-03-08', to: '2025-03-07' })).toEqual({
      key: 'report.range.endBeforeStart',
    });
    expect(rangeProblem({ from: '2025-02-30', to: '2025-03-07' })).toEqual({
      key: 'report.range.invalidDay',
    });
    expect(rangeProblem({ from: '', to: '' })).toEqual({ key: 'report.range.invalidDay' });
  });
});

describe('addresses', () => {
  const now = new Date(2025, 2, 20, 12);

  it('read the range of the query string, or the default one', () => {
    expect(rangeFromSearch(new URLSearchParams('from=2025-01-01&to=2025-01-31'), now)).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(rangeFromSearch(new URLSearchParams(''), now)).toEqual(defaultRange(now));
    expect(rangeFromSearch(new URLSearchParams('from=2025-01-01'), now)).toEqual(defaultRange(now));
  });

  it('keep a wrong range, so the screen can say what is wrong with it', () => {
    expect(rangeFromSearch(new URLSearchParams('from=2020-01-01&to=2025-01-01'), now)).toEqual({
      from: '2020-01-01',
      to: '2025-01-01',
    });
  });

  it('carry the range and the currency', () => {
    const range = { from: '2025-03-14', to: '2025-03-20' };
    expect(reportSearch(range)).toBe('from=2025-03-14&to=2025-03-20');
    expect(reportSearch(range, 'BTC')).toBe('from=2025-03-14&to=2025-03-20&currency=BTC');
  });
});

describe('time zones', () => {
  it('send the device offset east of UTC in minutes', () => {
    inZone('Asia/Kolkata');
    expect(deviceOffsetMinutes(new Date(2025, 0, 15))).toBe(330);
    inZone('America/New_York');
    expect(deviceOffsetMinutes(new Date(2025, 0, 15))).toBe(-300);
    inZone('UTC');
    expect(Object.is(deviceOffsetMinutes(new Date(2025, 0, 15)), 0)).toBe(true);
  });

  it('write an offset as people read it', () => {
    expect(offsetText(300)).toBe('UTC+05:00');
    expect(offsetText(330)).toBe('UTC+05:30');
    expect(offsetText(-180)).toBe('UTC-03:00');
    expect(offsetText(-570)).toBe('UTC-09:30');
    expect(offsetText(0)).toBe('UTC+00:00');
    expect(offsetText(840)).toBe('UTC+14:00');
  });

  it('start the calendar at the account creation, at most three years back', () => {
    const now = new Date(2025, 2, 20, 12);
    expect(calendarFirstDay(new Date(2024, 5, 3, 18).getTime(), now)).toBe('2024-06-03');
    expect(calendarFirstDay(new Date(2015, 0, 1).getTime(), now)).toBe('2022-03-20');
    expect(calendarFirstDay(null, now)).toBe('2022-03-20');
  });
});

describe('figure groups', () => {
  const figureOf = (cell: FigureCell) => (cell.kind === 'members' ? 'members' : cell.figure);

  it('show every figure of a currency once, a team adding its new members', () => {
    const userFigures = figureGroups('user').flatMap((group) => group.cells.map(figureOf));
    const wire = Object.keys(reportFiguresSchema.shape).filter(
      (key) => key !== 'symbol' && key !== 'memberCount',
    );
    expect([...userFigures].sort()).toEqual([...wire].sort());
    expect(figureGroups('user').map((group) => group.key)).toEqual([
      'trading',
      'income',
      'funds',
      'firstRecharge',
    ]);
    const team = figureGroups('team');
    expect(team.map((group) => group.key).at(-1)).toBe('members');
    expect(team.at(-1)?.cells.map(figureOf)).toEqual(['members']);
  });

  it('put trading first, profit leading, and funds in rows of amount, fee and count', () => {
    const [trading, , funds] = figureGroups('user');
    expect(trading?.cells.map(figureOf)).toEqual(['profit', 'orderAmount', 'orderCount', 'fee']);
    expect(funds?.columns).toBe(3);
    expect(funds?.cells.map(figureOf)).toEqual([
      'recharge',
      'rechargeFee',
      'rechargeCount',
      'withdraw',
      'withdrawFee',
      'withdrawCount',
      'exchange',
      'exchangeFee',
    ]);
  });

  it('give a day its main figures, with new members for a team', () => {
    expect(dayMainFigures('user').map(figureOf)).toEqual([
      'profit',
      'orderAmount',
      'recharge',
      'withdraw',
      'rebate',
    ]);
    expect(dayMainFigures('team').map(figureOf).at(-1)).toBe('members');
  });
});

describe('figure text', () => {
  const [trading] = figureGroups('user');
  const [profit, orderAmount, orderCount] = trading?.cells ?? [];
  const members: FigureCell = { kind: 'members', label: 'report.figure.members' };

  it('signs and colours a profit, and writes the rest plainly', () => {
    const source = { figures: busyUsdt(), members: 1200 };
    expect(figureText(profit!, source)).toEqual({ text: '+1,234.50', tone: 'up' });
    expect(figureText(orderAmount!, source)).toEqual({ text: '25,000.00', tone: null });
    expect(figureText(orderCount!, source)).toEqual({ text: '42', tone: null });
    expect(figureText(members, source)).toEqual({ text: '1,200', tone: null });
    expect(figureText(profit!, { figures: btcLoss(), members: 0 })).toEqual({
      text: '-0.0125',
      tone: 'down',
    });
    expect(figureText(profit!, { figures: makeFigures(), members: 0 })).toEqual({ text: '0.00', tone: null });
  });

  it('tells gains, losses and nothing apart', () => {
    expect(toneOf('0.01')).toBe('up');
    expect(toneOf('-3')).toBe('down');
    expect(toneOf('-0.000')).toBeNull();
    expect(toneOf('0')).toBeNull();
  });
});

describe('currencies', () => {
  it('list those with figures, USDT first, never the row without a currency', () => {
    const members = makeFigures({ symbol: '', memberCount: 3 });
    expect(currenciesOf([[btcLoss(), busyUsdt(), members]])).toEqual(['USDT', 'BTC']);
    expect(currenciesOf([[btcLoss()], [makeFigures({ symbol: 'ETH' }), btcLoss()]])).toEqual(['BTC', 'ETH']);
    expect(currenciesOf([[members], []])).toEqual([]);
  });

  it('show the chosen one while it has figures, else USDT, else the first', () => {
    expect(shownCurrency(['USDT', 'BTC'], 'BTC')).toBe('BTC');
    expect(shownCurrency(['USDT', 'BTC'], 'ETH')).toBe('USDT');
    expect(shownCurrency(['USDT', 'BTC'], null)).toBe('USDT');
    expect(shownCurrency(['BTC', 'ETH'], null)).toBe('BTC');
    expect(shownCurrency([], null)).toBe('USDT');
  });

  it('read a currency without activity as zeros', () => {
    expect(figuresIn([busyUsdt()], 'BTC')).toEqual(
      expect.objectContaining({ symbol: 'BTC', profit: '0', orderCount: 0 }),
    );
    expect(figuresIn([btcLoss(), busyUsdt()], 'USDT').profit).toBe('1234.500000');
  });
});

describe('days of a currency', () => {
  const days = [
    { day: '2025-03-05', figures: [busyUsdt()], members: 0 },
    { day: '2025-03-07', figures: [btcLoss(), busyUsdt()], members: 2 },
    { day: '2025-03-06', figures: [], members: 1 },
    { day: '2025-03-04', figures: [btcLoss()], members: 0 },
  ];

  it('list the days with figures in it, newest first', () => {
    expect(shownDays(days, 'USDT', 'user').map((day) => day.day)).toEqual(['2025-03-07', '2025-03-05']);
    expect(shownDays(days, 'BTC', 'user').map((day) => day.day)).toEqual(['2025-03-07', '2025-03-04']);
  });

  it("keep a team's days with new members in every currency, with zero amounts", () => {
    const shown = shownDays(days, 'BTC', 'team');
    expect(shown.map((day) => day.day)).toEqual(['2025-03-07', '2025-03-06', '2025-03-04']);
    expect(shown[1]).toEqual(
      expect.objectContaining({ members: 1, figures: expect.objectContaining({ profit: '0' }) }),
    );
  });
});
