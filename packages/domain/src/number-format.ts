import { toPlainDecimal, truncateDecimal } from './decimal.ts';

/**
 * Display formatting shared by the web app, the admin console and server-side reports.
 * Every figure is truncated toward zero (see decimal.ts) and padded to a fixed number of decimals so
 * that columns of tabular figures line up.
 */

export const DEFAULT_DISPLAY_DECIMALS = 2;
export const DEFAULT_QUICK_AMOUNT_DECIMALS = 4;

/** Inserts thousands separators into the whole part of a plain decimal string. */
function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Pads or truncates the fraction of a plain decimal string to exactly `decimals` places. */
function fixDecimals(plain: string, decimals: number): string {
  const truncated = truncateDecimal(plain, decimals);
  const [whole = '0', fraction = ''] = truncated.split('.');
  return decimals > 0 ? `${whole}.${fraction.padEnd(decimals, '0')}` : whole;
}

/**
 * "1234567.891" -> "1,234,567.89". Anything that is not a finite number shows as "--", the usual
 * placeholder in exchange apps for a figure that is not available yet.
 */
export function formatNumber(value: number | string | bigint, decimals = DEFAULT_DISPLAY_DECIMALS): string {
  const plain = toPlainDecimal(value);
  if (plain === null) return '--';
  const fixed = fixDecimals(plain, decimals);
  const negative = fixed.startsWith('-');
  const [whole = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = groupThousands(whole) + (fraction !== undefined ? `.${fraction}` : '');
  return negative ? `-${grouped}` : grouped;
}

const UNITS = ['', 'K', 'M', 'B', 'T', 'P', 'E'] as const;

/**
 * Abbreviates large figures with K/M/B/T/P/E (powers of 1000, B for billions as exchanges write it):
 * 1234567 -> "1.23M". Figures below 1000 are formatted normally.
 */
export function formatCompact(value: number | string | bigint, decimals = DEFAULT_DISPLAY_DECIMALS): string {
  const plain = toPlainDecimal(value);
  if (plain === null) return '--';
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const unitIndex = Math.min(Math.floor((wholeDigits.length - 1) / 3), UNITS.length - 1);
  if (unitIndex <= 0 || wholeDigits === '0') return formatNumber(plain, decimals);
  const shift = unitIndex * 3;
  const shifted = `${wholeDigits.slice(0, wholeDigits.length - shift)}.${wholeDigits.slice(wholeDigits.length - shift)}${fraction}`;
  return `${negative ? '-' : ''}${formatNumber(shifted, decimals)}${UNITS[unitIndex]}`;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

function compactFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      notation: 'compact',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // Truncated like every other figure on screen, and in the digits the prices use.
      roundingMode: 'trunc',
      numberingSystem: 'latn',
    });
    compactFormats.set(key, format);
  }
  return format;
}

/**
 * A large figure in the reader's own compact form (`locale` in BCP 47): "2.55B" in English,
 * "25.59억" in Korean, "2.55 مليار" in Arabic. Figures below 1000 are formatted normally, as by
 * `formatCompact`. The figure goes through a double: it is only shown, never computed with.
 */
export function formatCompactIn(
  value: number | string | bigint,
  locale: string,
  decimals = DEFAULT_DISPLAY_DECIMALS,
): string {
  const plain = toPlainDecimal(value);
  if (plain === null) return '--';
  const figure = Number(plain);
  if (Math.abs(figure) < 1000) return formatNumber(plain, decimals);
  return compactFormat(locale, decimals).format(figure);
}

/**
 * Rebate rates are stored as fractions (0.015) and shown as percentages (1.5): rate × 100, done on
 * the decimal string so that no float error appears ("0.015" -> "1.5").
 */
export function rebatePercent(rate: string | number): string {
  const plain = toPlainDecimal(rate);
  if (plain === null) return '--';
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  const padded = fraction.padEnd(2, '0');
  const newWhole = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const newFraction = padded.slice(2).replace(/0+$/, '');
  const result = newFraction ? `${newWhole}.${newFraction}` : newWhole;
  return negative && result !== '0' ? `-${result}` : result;
}

/** Truncates a quick amount (for example a share of the balance) to `decimals` places, default 4. */
export function truncateQuickAmount(
  value: number | string,
  decimals = DEFAULT_QUICK_AMOUNT_DECIMALS,
): string {
  const plain = toPlainDecimal(value);
  return plain === null ? '0' : truncateDecimal(plain, decimals);
}
