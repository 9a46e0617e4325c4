import { formatRebateRate, parseDecimal, rebatePercent } from '@vela/domain';
import { compareDecimals } from '../../lib/amounts.ts';

/**
 * Rebate rates travel as fractions ("0.015") and are shown and typed as percentages ("1.5"). A
 * rate has at most eight decimals, so a percentage has at most six; both are converted as decimal
 * text, never through a floating-point number, so what the operator types is what is sent.
 */
const PERCENT_DECIMALS = 6;
const HUNDRED_PERCENT = 100n * 10n ** BigInt(PERCENT_DECIMALS);

/** "0.015" -> "1.5 %". */
export function percentText(rate: string): string {
  return `${rebatePercent(rate)} %`;
}

/** "0.015" -> "1.5": a rate as the form's field holds it. */
export function percentOf(rate: string): string {
  return rebatePercent(rate);
}

/**
 * "1.5" -> "0.015": a typed percentage as the fraction the server takes, or null when it is not a
 * percentage from 0 to 100 with at most six decimals. A millionth of a percent is a hundred-millionth
 * of the fraction, so the percentage's units are the rate's units as they are.
 */
export function rateOf(percent: string): string | null {
  const parsed = parseDecimal(percent.trim(), PERCENT_DECIMALS);
  if (!parsed.ok || parsed.minor < 0n || parsed.minor > HUNDRED_PERCENT) return null;
  return formatRebateRate(parsed.minor);
}

/**
 * What is wrong with a typed percentage, or null: it must be a percentage, and at most the agent's
 * rate when the agent's rate is known (`cap`, a fraction).
 */
export function percentProblem(percent: string | undefined, cap: string | null): string | null {
  const text = percent?.trim() ?? '';
  if (text === '') return 'Required';
  const rate = rateOf(text);
  if (rate === null) return 'A percentage from 0 to 100 with at most 6 decimals, such as 1.5';
  if (cap !== null && compareDecimals(rate, cap) > 0) return `At most ${percentText(cap)}, the agent's rate`;
  return null;
}

/** Whether rate `a` is at least rate `b`; both fractions. */
export function rateAtLeast(a: string, b: string): boolean {
  return compareDecimals(a, b) >= 0;
}

/** Whether two rates are the same fraction ("0.10" is "0.1"). */
export function sameRate(a: string, b: string): boolean {
  return compareDecimals(a, b) === 0;
}
