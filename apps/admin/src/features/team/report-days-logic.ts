import type { ReportFigures } from '@vela/contract';
import { formatMinor, parseDecimal, REPORT_AMOUNTS, REPORT_COUNTS } from '@vela/domain';
import { scaleOf } from '../../lib/amounts.ts';
import type { ReportDay } from './team-api.ts';

const DAY_MS = 86_400_000;
/** The longest range the server reports on, in days. */
export const MAX_REPORT_DAYS = 366;
/** The default range: the last seven days, today included. */
export const DEFAULT_REPORT_DAYS = 7;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "UTC+08:00", "UTC-03:30". The server counts days in whole hours of the offset it is given
 * (UTC+05:30 counts as UTC+05:00), so the screen names the offset the days were counted in.
 */
export function offsetText(minutes: number): string {
  const sign = minutes >= 0 ? '+' : '-';
  const size = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** The offsets the selector offers: every whole hour from UTC-12:00 to UTC+14:00, in minutes. */
export const OFFSET_CHOICES: readonly number[] = Array.from({ length: 27 }, (_, index) => (index - 12) * 60);

/** The browser's offset from UTC in minutes, east positive. */
export function browserOffsetMinutes(now = new Date()): number {
  return -now.getTimezoneOffset();
}

/** An offset as the server counts it: whole hours, toward zero. */
export function wholeHourOffset(minutes: number): number {
  return Math.trunc(minutes / 60) * 60;
}

/** The day ("2025-01-31") it is at `nowMs` in the zone `offsetMinutes` east of UTC. */
export function dayAt(nowMs: number, offsetMinutes: number): string {
  return new Date(nowMs + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** "2025-01-31" plus `days` (negative: earlier), by the calendar. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last seven days up to today in the given zone. */
export function defaultRange(nowMs: number, offsetMinutes: number): { from: string; to: string } {
  const to = dayAt(nowMs, offsetMinutes);
  return { from: addDays(to, 1 - DEFAULT_REPORT_DAYS), to };
}

/** What is wrong with a range, or null: both days given, the end not before the start, at most 366 days. */
export function rangeProblem(from: string, to: string): string | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || Number.isNaN(start + end))
    return 'Choose both days.';
  if (end < start) return 'The last day cannot be before the first.';
  if ((end - start) / DAY_MS + 1 > MAX_REPORT_DAYS) return `At most ${MAX_REPORT_DAYS} days at a time.`;
  return null;
}

/**
 * A row of the report: one day's figures in one currency. A day's first row carries the day and
 * its new members for all of the day's rows (`span`); a day with new members and no money moved
 * has one row without figures.
 */
export interface ReportRow {
  key: string;
  day: string;
  figures: ReportFigures | null;
  members: number;
  span: number;
}

export function reportRows(days: readonly ReportDay[]): ReportRow[] {
  return days.flatMap((day): ReportRow[] => {
    if (day.figures.length === 0)
      return [{ key: day.day, day: day.day, figures: null, members: day.members, span: 1 }];
    return day.figures.map((figures, index) => ({
      key: `${day.day} ${figures.symbol}`,
      day: day.day,
      figures,
      members: day.members,
      span: index === 0 ? day.figures.length : 0,
    }));
  });
}

/** The sum of decimal strings, exactly, at the largest scale among them. */
export function sumDecimals(values: readonly string[]): string {
  const scale = Math.max(0, ...values.map(scaleOf));
  let total = 0n;
  for (const value of values) {
    const parsed = parseDecimal(value, scale);
    if (!parsed.ok) throw new Error(`Not a decimal: ${value}`);
    total += parsed.minor;
  }
  return formatMinor(total, scale);
}

/** Each currency's figures over the whole range, in the order the currencies first appear. */
export function reportTotals(days: readonly ReportDay[]): ReportFigures[] {
  const bySymbol = new Map<string, ReportFigures[]>();
  for (const day of days) {
    for (const figures of day.figures)
      bySymbol.set(figures.symbol, [...(bySymbol.get(figures.symbol) ?? []), figures]);
  }
  return [...bySymbol].map(([symbol, list]) => {
    const total = { symbol } as ReportFigures;
    for (const key of REPORT_AMOUNTS) total[key] = sumDecimals(list.map((figures) => figures[key]));
    for (const key of REPORT_COUNTS) total[key] = list.reduce((sum, figures) => sum + figures[key], 0);
    return total;
  });
}

/** New members over the range. */
export function totalMembers(days: readonly ReportDay[]): number {
  return days.reduce((sum, day) => sum + day.members, 0);
}
