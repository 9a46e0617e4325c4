import { formatNumber, parseDecimal } from '@vela/domain';

/** The significant decimals of a decimal string ("12.500000" has 1). */
function significantDecimals(value: string): number {
  const fraction = value.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/**
 * "1234.500000" -> "1,234.50". Amounts arrive at the currency's full scale; the zeros past the
 * second decimal say nothing, so they go, and every significant digit stays (nothing is rounded).
 */
export function amountText(value: string): string {
  return formatNumber(value, Math.max(2, significantDecimals(value)));
}

/** "150.000000" -> "150": the amount as an operator would type it, for prefilling a field. */
export function plainAmount(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The decimals an amount is written with; the server writes a currency's amounts at its full scale. */
export function scaleOf(amount: string): number {
  return (amount.split('.')[1] ?? '').length;
}

/** Whether a decimal string is other than zero ("0.000000" is not). */
export function isNonZero(amount: string): boolean {
  return /[1-9]/.test(amount);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; both plain decimal strings. */
export function compareDecimals(a: string, b: string): number {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const left = minorOf(a, scale);
  const right = minorOf(b, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

function decimalsOf(text: string): number {
  return (text.trim().split('.')[1] ?? '').length;
}

function minorOf(text: string, scale: number): bigint {
  const parsed = parseDecimal(text, scale);
  if (!parsed.ok) throw new Error(`Not a decimal: ${text}`);
  return parsed.minor;
}
