/**
 * Decimal strings <-> integer minor units.
 *
 * Money is always an integer count of the smallest unit (`bigint`), with a scale that says how many
 * decimal places the unit has. Floats never touch money: a float cannot hold 0.1 exactly, and the
 * error compounds across postings. The wire format is a plain decimal string such as "1234.5600".
 *
 * Rounding happens only here, and only in one direction: toward zero (truncation). Displaying or
 * converting an amount therefore never shows more than is really there.
 */

/** The plain decimal syntax we accept: optional minus, digits, optional fraction. No exponents. */
const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

export type ParseDecimalResult = { ok: true; minor: bigint } | { ok: false; reason: 'syntax' | 'precision' };

/**
 * Parses a decimal string into minor units at `scale`. Strings with more decimals than `scale` are
 * refused (reason `precision`) rather than silently rounded, so a user never pays a different amount
 * than the one typed.
 */
export function parseDecimal(text: string, scale: number): ParseDecimalResult {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return { ok: false, reason: 'syntax' };
  const [, sign, whole = '0', fraction = ''] = match;
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > scale) return { ok: false, reason: 'precision' };
  const minor = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return { ok: true, minor: sign ? -minor : minor };
}

/** Formats minor units as a decimal string with exactly `scale` decimals ("1234.5600"). */
export function formatMinor(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Normalises any finite number or decimal string to a plain decimal string, or null when it is
 * not a number we can show. Numbers are accepted only for display of non-money figures such as
 * percentages; exponent notation from `Number#toString` is expanded.
 */
export function toPlainDecimal(value: number | string | bigint): string | null {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that reads back as the same number (0.07, not the
    // 0.07000000000000000666 that toFixed(20) would show); only its exponent form needs expanding.
    return expandExponent(Object.is(value, -0) ? '0' : String(value));
  }
  const trimmed = value.trim();
  return DECIMAL_PATTERN.test(trimmed) ? trimmed : null;
}

/** Rewrites "1.5e-7" or "2e+21" as a plain decimal string. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + plain.replace(/^0+(?=\d)/, '');
}

/** Truncates a plain decimal string to at most `decimals` places (toward zero), keeping its sign. */
export function truncateDecimal(text: string, decimals: number): string {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, decimals);
  const isZero = /^0*$/.test(whole + kept);
  return `${isZero ? '' : sign}${whole}${kept ? `.${kept}` : ''}`;
}
