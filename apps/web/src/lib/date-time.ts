/**
 * The app's one way to show a moment: "2025-03-07 14:05:09", 24-hour, in the device's time zone,
 * with Western digits like every other figure, in every language. Lists, receipts, notices and
 * records all read the same, and a time copied from one screen matches another. The parts (the date
 * alone, the time of day) come from the same place, so a screen that shows less never shows it
 * differently.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function checked(ms: number): Date {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${String(ms)}`);
  return date;
}

/** "2025-03-07": the day of `ms`. */
export function formatDate(ms: number): string {
  const d = checked(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "14:05:09", or "14:05:09.067" with `millis` (a price tick is told apart by its milliseconds). */
export function formatClock(ms: number, options: { millis?: boolean } = {}): string {
  const d = checked(ms);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return options.millis ? `${time}.${pad(d.getMilliseconds(), 3)}` : time;
}

/** "2025-03-07 14:05:09", or "2025-03-07 14:05:09.067" with `millis`. */
export function formatDateTime(ms: number, options: { millis?: boolean } = {}): string {
  return `${formatDate(ms)} ${formatClock(ms, options)}`;
}

/**
 * A moment inside a translated sentence ("Submitted 2025-03-07 14:05:09"), isolated left to right
 * (U+2066 … U+2069): in an Arabic sentence the hyphens would otherwise let the date read
 * "07-03-2025". Where the moment stands alone, a `.num` element isolates it instead.
 */
export function dateTimeInText(ms: number): string {
  return `\u2066${formatDateTime(ms)}\u2069`;
}
