import { formatNumber } from '@vela/domain';

/**
 * How every screen writes the decimal strings the server sends: amounts with their significant
 * decimals, prices with the decimals they came with. One place, so that the trade, contract,
 * finance and wallet screens show the same figure the same way.
 */

/** The number of decimals a plain decimal string is written with ("12.50" -> 2). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * An amount grouped, with its significant decimals and at least 2 ("100.000000" -> "100.00",
 * "0.125000" -> "0.125", "10" -> "10.00"). Nothing is cut: the wire text carries the currency's scale.
 */
export function shownAmount(text: string): string {
  const significant = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatNumber(text, Math.max(2, significant));
}

/** A signed amount: "+80.00", "-100.00", "0.00". */
export function signedAmount(text: string): string {
  const shown = shownAmount(text);
  return /[1-9]/.test(text) && !text.trim().startsWith('-') ? `+${shown}` : shown;
}

/** A price with the decimals it was sent with ("3100.50" -> "3,100.50"). */
export function shownPrice(text: string): string {
  return formatNumber(text, decimalsOf(text));
}
