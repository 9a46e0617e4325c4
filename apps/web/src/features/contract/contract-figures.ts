import { formatMinor, parseDecimal, truncateDecimal } from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import type { TFunction } from '../../lib/i18n.ts';
import { decimalsOf, shownAmount, shownPrice, signedAmount } from '../../lib/amount-text.ts';

/**
 * How the contract screens word their messages and check a typed price; the figures are written
 * by the shared rules of `lib/amount-text.ts`.
 */

export { decimalsOf, shownAmount, shownPrice, signedAmount };

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
