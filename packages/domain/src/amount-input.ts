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
  /** The most decimals the user may type: `amountDecimals` of the currency's scale. */
  maxPrecision: number;
  /**
   * The currency's scale, at which the amount and the limits are read and the minor units are
   * counted, when the platform allows fewer decimals to be typed than the currency has. Defaults to
   * `maxPrecision`; it may not be smaller.
   */
  scale?: number;
}

export type AmountError = 'amountEmpty' | 'amountWrong' | 'amountPrecision' | 'amountOutOfRange';

/**
 * No amount may exceed 10^18 minor units, whatever the limits say: balances and postings are
 * signed 64-bit integers in the database (at most about 9.2 * 10^18), and a sum of two amounts
 * must still fit.
 */
export const MAX_AMOUNT_MINOR = 10n ** 18n;

export type AmountCheck = { ok: true; minor: bigint } | { ok: false; error: AmountError };

/** The largest scale a currency may have; a larger `amountMaxPrecision` could never be the stricter rule. */
const MAX_SCALE = 18;

/**
 * The decimals an amount of a currency may have: the fewer of the currency's scale and the platform's
 * GLOBAL `amountMaxPrecision` (the server's rule, `requireAmount`). `setting` is the configuration's
 * text; while it is missing (the configuration is still loading) or not a whole number from 0 to 18,
 * the currency's scale alone applies, and the server still refuses what the platform does not allow.
 */
export function amountDecimals(scale: number, setting: string | undefined): number {
  const text = setting?.trim() ?? '';
  const platform = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  return platform <= MAX_SCALE ? Math.min(scale, platform) : scale;
}

/**
 * Validates a typed amount against its limits, in a fixed order: empty, syntax, precision, range.
 * The decimals are checked at `maxPrecision`; the range and the minor units at the currency's scale,
 * since the limits are configured per currency, not per platform rule.
 */
export function checkAmount(input: string, limits: AmountLimits): AmountCheck {
  const scale = limits.scale ?? limits.maxPrecision;
  if (limits.maxPrecision > scale) {
    throw new Error(`an amount cannot allow ${limits.maxPrecision} decimals at scale ${scale}`);
  }
  const text = input.trim();
  if (text === '') return { ok: false, error: 'amountEmpty' };
  const typed = parseDecimal(text, limits.maxPrecision);
  if (!typed.ok)
    return { ok: false, error: typed.reason === 'precision' ? 'amountPrecision' : 'amountWrong' };
  const minor = typed.minor * 10n ** BigInt(scale - limits.maxPrecision);
  if (minor <= 0n) return { ok: false, error: 'amountWrong' };
  const bound = (limit: string | null): bigint | null => {
    if (limit === null) return null;
    const limitParsed = parseDecimal(limit, scale);
    return limitParsed.ok ? limitParsed.minor : null;
  };
  const min = bound(limits.min);
  const max = bound(limits.max);
  if (minor > MAX_AMOUNT_MINOR || (min !== null && minor < min) || (max !== null && minor > max)) {
    return { ok: false, error: 'amountOutOfRange' };
  }
  return { ok: true, minor };
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
