import { formatMinor, formatNumber, parseDecimal, truncateDecimal } from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import type { TFunction } from '../../lib/i18n.ts';

/**
 * How the contract screens write decimal strings and word their messages: the display rules the
 * trade screens follow (a feature keeps its own, so that features never import each other), and
 * the checks of a typed price.
 */

/** The number of decimals a plain decimal string is written with ("12.50" -> 2). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * An amount grouped, with its significant decimals and at least 2 ("100.000000" -> "100.00",
 * "0.125000" -> "0.125"). Nothing is cut: the wire text carries the currency's scale.
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

/** A figure as a user would type it: no trailing zeros ("12.500" -> "12.5", "3.000" -> "3"). */
export function typedFigure(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The colour of a signed amount: above zero is "up", below "down". */
export function signTone(text: string | null): 'up' | 'down' | 'flat' {
  if (text === null || !/[1-9]/.test(text)) return 'flat';
  return text.trim().startsWith('-') ? 'down' : 'up';
}

/** The quick-amount buttons: shares of what the figure allows, in percent. */
export const QUICK_SHARES = [25, 50, 75, 100] as const;

/**
 * `percent` of `whole` (a decimal string), truncated (never rounded up) to `decimals`: a quick
 * amount never asks for more than there is. "0" when there is nothing or the text cannot be read.
 */
export function shareOf(whole: string, percent: number, decimals: number): string {
  const scale = decimalsOf(whole.trim());
  const parsed = parseDecimal(whole, scale);
  if (!parsed.ok || parsed.minor <= 0n) return '0';
  const share = (parsed.minor * BigInt(percent)) / 100n;
  return typedFigure(truncateDecimal(formatMinor(share, scale), decimals));
}

/**
 * Wraps a figure in a left-to-right isolate (U+2066 … U+2069), so that inside a translated sentence
 * it keeps its own order in Arabic instead of being reordered by the text around it.
 */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * A message for a form: a catalogue key with its values; `range` is a second message (the "Min X,
 * Max Y" hint) that fills the `{{range}}` placeholder once translated.
 */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
  range?: { key: MessageKey; params: MessageParams };
}

/** A message with its figures isolated, so that they keep their order in Arabic. */
export function messageText(message: FieldMessage, t: TFunction): string {
  const isolated = (params: FieldMessage['params']) =>
    params
      ? Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]),
        )
      : undefined;
  const range = message.range ? t(message.range.key, isolated(message.range.params)) : undefined;
  return t(message.key, { ...isolated(message.params), ...(range ? { range } : {}) });
}

/** A field's problem: the form's own message, or the server's words for it. */
export type FieldError = FieldMessage | { text: string } | null;

export function errorText(error: FieldError, t: TFunction): string | null {
  if (!error) return null;
  return 'text' in error ? error.text : messageText(error, t);
}

/** A typed price: given, a number above zero, with at most the coin's price decimals. */
export function checkPrice(text: string, priceDecimals: number): FieldMessage | null {
  const trimmed = text.trim();
  if (trimmed === '') return { key: 'validation.priceEmpty' };
  const parsed = parseDecimal(trimmed, priceDecimals);
  if (!parsed.ok) {
    return parsed.reason === 'precision'
      ? { key: 'validation.pricePrecision', params: { decimals: priceDecimals } }
      : { key: 'validation.priceWrong' };
  }
  return parsed.minor > 0n ? null : { key: 'validation.priceWrong' };
}

/** A limit price prefilled from the live price, cut (not rounded) to the coin's price decimals. */
export function prefilledPrice(livePrice: string | undefined, priceDecimals: number): string {
  return livePrice ? truncateDecimal(livePrice.trim(), priceDecimals) : '';
}
