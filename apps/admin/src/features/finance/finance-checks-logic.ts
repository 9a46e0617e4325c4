import { FINANCE_RATE_SCALE } from '@vela/domain';
import { compareDecimals } from '../../lib/amounts.ts';
import type { LanguageTexts } from './finance-product-logic.ts';

/**
 * The product form's checks, the same the server makes, so that a mistake is shown on its field
 * before anything is sent. Each returns what is wrong, or null; an empty field is left to the
 * field's own "required" rule, and a text that is not a number yet only gets the number check.
 */

/** The longest term the server takes, in units of the term's unit. */
export const MAX_CYCLE = 3650;

/** The highest annual yield the server takes, as a fraction: 10 is 1000 % a year. */
export const MAX_YIELD_RATE = '10';

/** The highest early-redemption fee: the whole principal. */
export const MAX_SERVICE_RATE = '1';

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** The contract's rate pattern: trailing zeros count, as they do on the wire. */
const RATE_TEXT = new RegExp(`^\\d+(\\.\\d{1,${FINANCE_RATE_SCALE}})?$`);

function textOf(value: string | undefined): string {
  return value?.trim() ?? '';
}

/** A plain decimal such as 0.5 or 100: no sign, no exponent, no thousands separator. */
export function decimalProblem(value: string | undefined): string | null {
  const text = textOf(value);
  if (text === '') return null;
  return DECIMAL_TEXT.test(text) ? null : 'A plain number such as 0.5 or 100';
}

/** An amount or a price above zero: a limit of zero would refuse nothing or everything. */
export function positiveProblem(value: string | undefined): string | null {
  const text = textOf(value);
  const plain = decimalProblem(text);
  if (plain || text === '') return plain;
  return compareDecimals(text, '0') > 0 ? null : 'Above zero';
}

/** A maximum below the minimum would refuse every purchase. */
export function maximumProblem(minimum: string | undefined, maximum: string | undefined): string | null {
  const plain = positiveProblem(maximum);
  const low = textOf(minimum);
  const high = textOf(maximum);
  if (plain || high === '' || !DECIMAL_TEXT.test(low)) return plain;
  return compareDecimals(high, low) < 0 ? 'At least the minimum amount, or empty' : null;
}

/** A quota below the minimum amount could never be bought. */
export function quotaProblem(minimum: string | undefined, quota: string | undefined): string | null {
  const plain = positiveProblem(quota);
  const low = textOf(minimum);
  const high = textOf(quota);
  if (plain || high === '' || !DECIMAL_TEXT.test(low)) return plain;
  return compareDecimals(high, low) < 0 ? 'At least the minimum amount' : null;
}

/**
 * A rate is a fraction ("0.12" is 12 %), from 0 up to `max`, with at most the decimals the rate
 * arithmetic keeps. A percentage typed by mistake ("12") reads as 1200 % and is refused by `max`.
 */
function rateProblem(value: string | undefined, max: string, tooHigh: string): string | null {
  const text = textOf(value);
  const plain = decimalProblem(text);
  if (plain || text === '') return plain;
  if (!RATE_TEXT.test(text)) return `At most ${FINANCE_RATE_SCALE} decimals`;
  return compareDecimals(text, max) > 0 ? tooHigh : null;
}

export function yieldRateProblem(value: string | undefined): string | null {
  return rateProblem(value, MAX_YIELD_RATE, 'At most 10, a fraction: 0.12 is 12 % a year');
}

export function serviceRateProblem(value: string | undefined): string | null {
  return rateProblem(value, MAX_SERVICE_RATE, 'At most 1, a fraction of the principal: 0.01 is 1 %');
}

/** A term is a whole number of units from 1 to 3650. */
export function cycleProblem(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return Number.isInteger(value) && value >= 1 && value <= MAX_CYCLE
    ? null
    : `A whole number from 1 to ${MAX_CYCLE}`;
}

/** A product needs a name in at least one language; the English one is shown where one is missing. */
export function namesProblem(names: LanguageTexts | undefined): string | null {
  const given = Object.values(names ?? {}).some((name) => name.trim() !== '');
  return given ? null : 'At least one name; English is the default';
}
