import type { ReportFigures } from '@vela/contract';
import { formatNumber } from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import { shownAmount, signedAmount } from '../../lib/amount-text.ts';

/**
 * The report screens' rules as plain functions, tested without a browser: the date ranges (quick
 * choices, days in the device's time zone, the range check the server applies too), the way the
 * figures are grouped and written, and the choice of currency. Days are `YYYY-MM-DD` strings
 * throughout; arithmetic on them goes through UTC day numbers, so that a daylight-saving change in
 * the device's zone never makes a day 23 or 25 hours long.
 */

export type ReportScope = 'user' | 'team';

export interface DayRange {
  from: string;
  to: string;
}

/** The longest range the server reports on, both ends included. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The days since 1970-01-01 of a `YYYY-MM-DD` string; null for text that is not a real day. */
export function dayNumber(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, date);
  // "2025-02-30" rolls over into March; such a day does not exist.
  if (time.getUTCFullYear() !== year || time.getUTCMonth() !== month - 1 || time.getUTCDate() !== date)
    return null;
  return Math.round(time.getTime() / DAY_MS);
}

/** The `YYYY-MM-DD` string of a day number. */
function dayOfNumber(days: number): string {
  const time = new Date(days * DAY_MS);
  return `${pad(time.getUTCFullYear(), 4)}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}`;
}

/** The day a moment falls on in the device's time zone. */
export function localDay(moment: Date): string {
  return `${pad(moment.getFullYear(), 4)}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The device's local midnight that starts a day, as the date pickers take it. */
export function localDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const number = dayNumber(day);
  if (number === null) throw new RangeError(`not a day: ${day}`);
  return dayOfNumber(number + days);
}

/** How many days a range covers, both ends included; null when either end is not a day. */
export function rangeLength(range: DayRange): number | null {
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  return from === null || to === null ? null : to - from + 1;
}

export const QUICK_RANGES = ['today', 'days7', 'days30', 'month'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export const QUICK_RANGE_LABELS: Record<QuickRange, MessageKey> = {
  today: 'report.range.today',
  days7: 'report.range.days7',
  days30: 'report.range.days30',
  month: 'report.range.month',
};

/** A quick range, ending today in the device's time zone. */
export function quickRange(kind: QuickRange, now: Date): DayRange {
  const today = localDay(now);
  switch (kind) {
    case 'today':
      return { from: today, to: today };
    case 'days7':
      return { from: addDays(today, -6), to: today };
    case 'days30':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The range a screen opens with: the last 7 days, today included. */
export function defaultRange(now: Date): DayRange {
  return quickRange('days7', now);
}

/**
 * Whether a range is the quick one of that kind today. On the first of a month "Today" and "This
 * month" are the same range, and both show as chosen: each describes it truthfully.
 */
export function isQuickRange(range: DayRange, kind: QuickRange, now: Date): boolean {
  const quick = quickRange(kind, now);
  return quick.from === range.from && quick.to === range.to;
}

/** How far back the calendar goes when the account's age is unknown, and at most. */
const CALENDAR_YEARS = 3;

/**
 * The first day the calendar offers: the day the account was created (nothing happened before
 * it), but no more than three years back, so the calendar stays a short scroll.
 */
export function calendarFirstDay(createdAt: number | null, now: Date): string {
  const today = localDay(now);
  const earliest = addDays(today, -Math.round(CALENDAR_YEARS * 365.25));
  if (createdAt === null) return earliest;
  const created = localDay(new Date(createdAt));
  return created > earliest ? created : earliest;
}

export interface RangeProblem {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * What is wrong with a range, checked before the server is asked (it refuses the same ranges):
 * both ends must be real days, the last not before the first, and the whole at most 366 days.
 * Null for a range the server reports on.
 */
export function rangeProblem(range: DayRange): RangeProblem | null {
  const length = rangeLength(range);
  if (length === null) return { key: 'report.range.invalidDay' };
  if (length < 1) return { key: 'report.range.endBeforeStart' };
  if (length > MAX_RANGE_DAYS)
    return { key: 'report.range.tooLong', params: { max: MAX_RANGE_DAYS, count: length } };
  return null;
}

/**
 * The range an address asks for (`?from=…&to=…`, as the "By day" link writes it), or the default
 * range when it names none. A range that is named but wrong is kept, so the screen can say why it
 * is not reported on instead of silently showing another one.
 */
export function rangeFromSearch(search: URLSearchParams, now: Date): DayRange {
  const from = search.get('from');
  const to = search.get('to');
  return from !== null && to !== null ? { from, to } : defaultRange(now);
}

/**
 * The query string of a report screen: its range and, once one is chosen, its currency. The "By day"
 * link carries it to the daily report, and each screen keeps its own in its address, so going back
 * or reloading shows the same report.
 */
export function reportSearch(range: DayRange, currency: string | null = null): string {
  const search = new URLSearchParams({ from: range.from, to: range.to });
  if (currency) search.set('currency', currency);
  return search.toString();
}

/** The device's offset from UTC in minutes, east positive, as the server takes it. */
export function deviceOffsetMinutes(now: Date): number {
  const offset = -now.getTimezoneOffset();
  // JavaScript's -0 would print as "-0" in a key and fail an equality with 0.
  return offset === 0 ? 0 : offset;
}

/** An offset as people write it: 330 -> "UTC+05:30", -180 -> "UTC-03:00", 0 -> "UTC+00:00". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** The names of a currency's amounts (decimal strings) and of its counts (integers). */
type AmountKey = {
  [K in keyof ReportFigures]: ReportFigures[K] extends string ? K : never;
}[keyof ReportFigures];
type CountKey = {
  [K in keyof ReportFigures]: ReportFigures[K] extends number ? K : never;
}[keyof ReportFigures];

export type FigureCell =
  | { kind: 'amount'; figure: Exclude<AmountKey, 'symbol'>; label: MessageKey; signed?: boolean }
  | { kind: 'count'; figure: CountKey; label: MessageKey }
  | { kind: 'members'; label: MessageKey };

export interface FigureGroup {
  key: 'trading' | 'income' | 'funds' | 'firstRecharge' | 'members';
  title: MessageKey;
  /** The cells per row: funds read as rows of amount, fee and count. */
  columns: 2 | 3;
  cells: readonly FigureCell[];
}

const amount = (figure: Exclude<AmountKey, 'symbol'>, label: MessageKey, signed = false): FigureCell => ({
  kind: 'amount',
  figure,
  label,
  signed,
});
const count = (figure: CountKey, label: MessageKey): FigureCell => ({ kind: 'count', figure, label });
const NEW_MEMBERS: FigureCell = { kind: 'members', label: 'report.figure.members' };

const PROFIT = amount('profit', 'report.figure.profit', true);
const ORDER_AMOUNT = amount('orderAmount', 'report.figure.orderAmount');
const RECHARGE = amount('recharge', 'report.figure.recharge');
const WITHDRAW = amount('withdraw', 'report.figure.withdraw');
const REBATE = amount('rebate', 'report.figure.rebate');

const COMMON_GROUPS: readonly FigureGroup[] = [
  {
    key: 'trading',
    title: 'report.group.trading',
    columns: 2,
    cells: [
      PROFIT,
      ORDER_AMOUNT,
      count('orderCount', 'report.figure.orderCount'),
      amount('fee', 'report.figure.fee'),
    ],
  },
  {
    key: 'income',
    title: 'report.group.income',
    columns: 2,
    cells: [amount('bonus', 'report.figure.bonus'), REBATE],
  },
  {
    key: 'funds',
    title: 'report.group.funds',
    columns: 3,
    cells: [
      RECHARGE,
      amount('rechargeFee', 'report.figure.rechargeFee'),
      count('rechargeCount', 'report.figure.rechargeCount'),
      WITHDRAW,
      amount('withdrawFee', 'report.figure.withdrawFee'),
      count('withdrawCount', 'report.figure.withdrawCount'),
      amount('exchange', 'report.figure.exchange'),
      amount('exchangeFee', 'report.figure.exchangeFee'),
    ],
  },
  {
    key: 'firstRecharge',
    title: 'report.group.firstRecharge',
    columns: 2,
    cells: [
      amount('firstRecharge', 'report.figure.firstRecharge'),
      count('firstRechargeCount', 'report.figure.firstRechargeCount'),
    ],
  },
];

const MEMBERS_GROUP: FigureGroup = {
  key: 'members',
  title: 'report.group.members',
  columns: 2,
  cells: [NEW_MEMBERS],
};

/** Every figure of a scope, grouped as the report shows them; a team's report adds its new members. */
export function figureGroups(scope: ReportScope): readonly FigureGroup[] {
  return scope === 'team' ? [...COMMON_GROUPS, MEMBERS_GROUP] : COMMON_GROUPS;
}

/** The figures a day shows before it is opened: what a reader of a daily report looks for first. */
export function dayMainFigures(scope: ReportScope): readonly FigureCell[] {
  const main = [PROFIT, ORDER_AMOUNT, RECHARGE, WITHDRAW, REBATE];
  return scope === 'team' ? [...main, NEW_MEMBERS] : main;
}

/** One currency's figures and the range's (or day's) new members, as a cell reads them. */
export interface FigureSource {
  figures: ReportFigures;
  members: number;
}

export type Tone = 'up' | 'down' | null;

/** A cell's value as written on screen, and its colour: a profit is green, a loss red. */
export function figureText(cell: FigureCell, source: FigureSource): { text: string; tone: Tone } {
  if (cell.kind === 'members') return { text: formatNumber(source.members, 0), tone: null };
  if (cell.kind === 'count') return { text: formatNumber(source.figures[cell.figure], 0), tone: null };
  const value = source.figures[cell.figure];
  if (!cell.signed) return { text: shownAmount(value), tone: null };
  return { text: signedAmount(value), tone: toneOf(value) };
}

/** Up for a positive decimal string, down for a negative one, none for zero. */
export function toneOf(value: string): Tone {
  if (!/[1-9]/.test(value)) return null;
  return value.trim().startsWith('-') ? 'down' : 'up';
}

/** The currency a report opens in, and the one it falls back to when the chosen one has no figures. */
export const DEFAULT_CURRENCY = 'USDT';

/**
 * The currencies that have figures in any of `lists`, the default currency first and the others in
 * the order the server sent them. The row without a currency (members) is not one to switch to.
 */
export function currenciesOf(lists: readonly (readonly ReportFigures[])[]): string[] {
  const seen: string[] = [];
  for (const list of lists)
    for (const row of list) if (row.symbol !== '' && !seen.includes(row.symbol)) seen.push(row.symbol);
  return seen.includes(DEFAULT_CURRENCY)
    ? [DEFAULT_CURRENCY, ...seen.filter((symbol) => symbol !== DEFAULT_CURRENCY)]
    : seen;
}

/** The currency to show: the one chosen while it has figures, else the default, else the first. */
export function shownCurrency(currencies: readonly string[], chosen: string | null): string {
  if (chosen !== null && currencies.includes(chosen)) return chosen;
  if (currencies.includes(DEFAULT_CURRENCY)) return DEFAULT_CURRENCY;
  return currencies[0] ?? DEFAULT_CURRENCY;
}

/** Figures of nothing: what a currency without activity in the range reports. */
export function zeroFigures(symbol: string): ReportFigures {
  return {
    symbol,
    profit: '0',
    orderAmount: '0',
    orderCount: 0,
    fee: '0',
    bonus: '0',
    rebate: '0',
    recharge: '0',
    rechargeFee: '0',
    rechargeCount: 0,
    withdraw: '0',
    withdrawFee: '0',
    withdrawCount: 0,
    exchange: '0',
    exchangeFee: '0',
    firstRecharge: '0',
    firstRechargeCount: 0,
    memberCount: 0,
  };
}

/** One currency's row of a list, or zeros when the currency had no activity. */
export function figuresIn(list: readonly ReportFigures[], symbol: string): ReportFigures {
  return list.find((row) => row.symbol === symbol) ?? zeroFigures(symbol);
}

export interface ReportDay {
  day: string;
  figures: readonly ReportFigures[];
  members: number;
}

export interface ShownDay extends FigureSource {
  day: string;
}

/**
 * The days to list in one currency, newest first: those with figures in it, and a team's days with
 * new members (they count in no currency, so they belong to every currency's list).
 */
export function shownDays(days: readonly ReportDay[], symbol: string, scope: ReportScope): ShownDay[] {
  return days
    .filter(
      (day) => day.figures.some((row) => row.symbol === symbol) || (scope === 'team' && day.members > 0),
    )
    .map((day) => ({ day: day.day, figures: figuresIn(day.figures, symbol), members: day.members }))
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}
