import type { BillType, WalletCurrency } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { formatDate } from '../../lib/date-time.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { BILL_TYPE_TITLES } from './bill-lines-logic.ts';

/**
 * The bills filter: which types, which currency and which days. Dates are the `YYYY-MM-DD` values
 * of the date inputs, read as whole days in the device's time zone: the start day from its first
 * millisecond, the end day through its last (the server's `toTime` is exclusive, so it gets the
 * start of the next day). A range needs both ends, so once either date is chosen both are required.
 */
export interface BillFilter {
  /** Empty means every type. */
  types: BillType[];
  vcId: number | null;
  startDate: string;
  endDate: string;
}

export const EMPTY_FILTER: BillFilter = { types: [], vcId: null, startDate: '', endDate: '' };

export type FilterErrors = Partial<Record<'startDate' | 'endDate', MessageKey>>;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight that starts `date` plus `days` days, or null for text that is not a date. */
export function dayStart(date: string, days = 0): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const time = new Date(y, m - 1, d + days).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Today as a date input's value, in the device's time zone. */
export function todayValue(now = new Date()): string {
  return formatDate(now.getTime());
}

/** The time range a filter asks for; either end may be open only when no date is chosen at all. */
export function filterTimes(filter: BillFilter): { fromTime?: number; toTime?: number } {
  const fromTime = dayStart(filter.startDate);
  const toTime = dayStart(filter.endDate, 1);
  return {
    ...(fromTime !== null ? { fromTime } : {}),
    ...(toTime !== null ? { toTime } : {}),
  };
}

/**
 * The date rules, in order: a date that the range needs is required (the spec's date-picker
 * message); the end must come after the start (the server's rule, `fromTime < toTime`).
 */
export function validateFilter(filter: BillFilter): FilterErrors {
  const errors: FilterErrors = {};
  const hasStart = filter.startDate.trim() !== '';
  const hasEnd = filter.endDate.trim() !== '';
  if (hasStart !== hasEnd) {
    if (!hasStart) errors.startDate = 'validation.dateRequired';
    if (!hasEnd) errors.endDate = 'validation.dateRequired';
    return errors;
  }
  const { fromTime, toTime } = filterTimes(filter);
  if (hasStart && (fromTime === undefined || toTime === undefined || fromTime >= toTime)) {
    errors.endDate = 'validation.dateRange';
  }
  return errors;
}

/** The `walletBills` body of a valid filter, without the page cursor. */
export function billsRequest(filter: BillFilter): {
  types?: BillType[];
  vcId?: number;
  fromTime?: number;
  toTime?: number;
} {
  return {
    ...(filter.types.length > 0 ? { types: [...filter.types] } : {}),
    ...(filter.vcId !== null ? { vcId: filter.vcId } : {}),
    ...filterTimes(filter),
  };
}

/** Whether the filter narrows the list at all. */
export function isFiltered(filter: BillFilter): boolean {
  return filter.types.length > 0 || filter.vcId !== null || filter.startDate !== '' || filter.endDate !== '';
}

/** Picks or drops a type; picking every type is the same as picking none. */
export function toggleType(types: readonly BillType[], type: BillType, all: readonly BillType[]): BillType[] {
  const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
  return next.length === all.length ? [] : all.filter((t) => next.includes(t));
}

/**
 * The chips above the bills that say what the list is narrowed to: the chosen types in one chip,
 * the currency's symbol, and the date range once both ends are set. Empty when nothing narrows it.
 * A currency the wallet no longer lists has no symbol to show and is left out.
 */
export function filterSummary(
  filter: BillFilter,
  currencies: readonly Pick<WalletCurrency, 'vcId' | 'symbol'>[],
  t: TFunction,
): string[] {
  const summary: string[] = [];
  if (filter.types.length > 0) summary.push(filter.types.map((type) => t(BILL_TYPE_TITLES[type])).join(', '));
  const symbol = currencies.find((c) => c.vcId === filter.vcId)?.symbol;
  if (symbol) summary.push(symbol);
  if (filter.startDate && filter.endDate) summary.push(`${filter.startDate} – ${filter.endDate}`);
  return summary;
}
