import { describe, expect, it } from 'vitest';
import { dateTimeInText, formatClock, formatDate, formatDateTime } from '../../src/lib/date-time.ts';

describe('the one date-time format', () => {
  const at = new Date(2025, 2, 7, 4, 5, 9, 42).getTime();

  it('writes "YYYY-MM-DD HH:mm:ss" on a 24-hour clock in the device’s time zone', () => {
    expect(formatDateTime(at)).toBe('2025-03-07 04:05:09');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59, 59).getTime())).toBe('2024-12-31 23:59:59');
  });

  it('adds milliseconds when asked (a price tick is told apart by them)', () => {
    expect(formatDateTime(at, { millis: true })).toBe('2025-03-07 04:05:09.042');
    expect(formatClock(new Date(2026, 0, 2, 3, 4, 5, 7).getTime(), { millis: true })).toBe('03:04:05.007');
  });

  it('writes the date and the time of day alone with the same parts', () => {
    expect(formatDate(at)).toBe('2025-03-07');
    expect(formatClock(at)).toBe('04:05:09');
    expect(formatDateTime(at)).toBe(`${formatDate(at)} ${formatClock(at)}`);
  });

  it('uses Western digits whatever the page language', () => {
    document.documentElement.lang = 'ar';
    expect(formatDateTime(at)).toMatch(/^[0-9: -]+$/);
    document.documentElement.lang = 'en';
  });

  it('refuses what is not a time instead of writing "NaN"', () => {
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });

  it('isolates a moment inside a sentence left to right, so Arabic does not reorder the date', () => {
    expect(dateTimeInText(at)).toBe('\u20662025-03-07 04:05:09\u2069');
  });
});
