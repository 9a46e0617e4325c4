import { parseDecimal, toPlainDecimal } from './decimal.ts';
import { formatNumber } from './number-format.ts';

/**
 * Amount-input rules for every money form (recharge, withdraw, trade, finance). The form logic is a
 * pure function: it takes what the user typed and the limits, and returns either the amount in minor
 * units or a named error. The screens translate the error key; nothing here knows about React.
 */

export interface AmountLimits {
  /** Smallest accepted amount as a decimal string; null for no minimum. */
  min: string | null;
  /** Largest accepted amount as a decimal string; null for uncapped. */
  max: string | null;
  /** The most decimals the user may type (the spec's amountMaxPrecision). */
  maxPrecision: number;
}

export type AmountError = 'amountEmpty' | 'amountWrong' | 'amountPrecision' | 'amountOutOfRange';

/**
 * No amount may exceed 10^18 minor units, whatever the limits say: balances and postings are
 * signed 64-bit integers in the database (at most about 9.2 * 10^18), and a sum of two amounts
 * must still fit.
 */
export const MAX_AMOUNT_MINOR = 10n ** 18n;

export type AmountCheck = { ok: true; minor: bigint } | { ok: false; error: AmountError };

/** Validates a typed amount against its limits, in a fixed order: empty, syntax, precision, range. */
export function checkAmount(input: string, limits: AmountLimits): AmountCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'amountEmpty' };
  const parsed = parseDecimal(text, limits.maxPrecision);
  if (!parsed.ok)
    return { ok: false, error: parsed.reason === 'precision' ? 'amountPrecision' : 'amountWrong' };
  if (parsed.minor <= 0n) return { ok: false, error: 'amountWrong' };
  const bound = (limit: string | null): bigint | null => {
    if (limit === null) return null;
    const limitParsed = parseDecimal(limit, limits.maxPrecision);
    return limitParsed.ok ? limitParsed.minor : null;
  };
  const min = bound(limits.min);
  const max = bound(limits.max);
  if (
    parsed.minor > MAX_AMOUNT_MINOR ||
    (min !== null && parsed.minor < min) ||
    (max !== null && parsed.minor > max)
  ) {
    return { ok: false, error: 'amountOutOfRange' };
  }
  return { ok: true, minor: parsed.minor };
}

/** The range hint: key `rangeMinMax` ('Min X, Max Y') or `rangeMinUncapped` ('Min X, Uncapped'). */
export function amountRangeHint(
  limits: Pick<AmountLimits, 'min' | 'max'>,
  decimals = 2,
): { key: 'rangeMinMax' | 'rangeMinUncapped'; min: string; max: string } {
  const min = formatNumber(toPlainDecimal(limits.min ?? '0') ?? '0', decimals);
  if (limits.max === null) return { key: 'rangeMinUncapped', min, max: '' };
  return { key: 'rangeMinMax', min, max: formatNumber(limits.max, decimals) };
}

/**
 * Keeps an amount field's text acceptable while the user types: digits and one dot, at most
 * `maxPrecision` decimals. Returns the previous text when the new one would break the rule, which is
 * how exchange apps keep the caret steady instead of showing an error on every key press.
 */
export function sanitizeAmountTyping(previous: string, next: string, maxPrecision: number): string {
  if (next === '') return '';
  const pattern = maxPrecision > 0 ? new RegExp(`^\\d*(\\.\\d{0,${maxPrecision}})?$`) : /^\d*$/;
  return pattern.test(next) ? next : previous;
}
