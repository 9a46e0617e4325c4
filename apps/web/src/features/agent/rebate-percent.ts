import {
  formatMinor,
  formatRebateRate,
  parseDecimal,
  REBATE_RATE_SCALE,
  rebateRateUnits,
} from '@vela/domain';

/**
 * Rebate rates travel as fractions ("0.015") and are typed and shown as percentages ("1.5"). A rate
 * carries at most REBATE_RATE_SCALE decimals, so a percentage carries two fewer; with both counted
 * in the same integer units (10^-8 of the whole, 10^-6 of a percent) the conversion is a change of
 * scale and never touches a floating-point number, which could not hold "0.1" exactly.
 */
export const PERCENT_DECIMALS = REBATE_RATE_SCALE - 2;

/** One hundred percent in rate units: the largest rate there is. */
const WHOLE_UNITS = 10n ** BigInt(REBATE_RATE_SCALE);

/**
 * A percentage as typed: digits with an optional fraction, nothing else (no sign, no exponent). A
 * point may start or end it (".5", "1."), as people type on a phone's decimal pad.
 */
const PERCENT_PATTERN = /^(\d+\.?\d*|\.\d+)$/;

/** Units to their shortest text at `scale`: "1.50000000" reads "1.5", "0.00000000" reads "0". */
function shortest(units: bigint, scale: number): string {
  const text = formatMinor(units, scale);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * A typed percentage in rate units, or null when it is not a percentage from 0 to 100 with at most
 * PERCENT_DECIMALS decimals.
 */
export function percentUnits(percent: string): bigint | null {
  const text = percent.trim();
  if (!PERCENT_PATTERN.test(text)) return null;
  const plain = text.startsWith('.') ? `0${text}` : text.replace(/\.$/, '');
  const parsed = parseDecimal(plain, PERCENT_DECIMALS);
  if (!parsed.ok || parsed.minor > WHOLE_UNITS) return null;
  return parsed.minor;
}

/** A typed percentage as the fraction the server takes ("1.5" is "0.015"), or null when invalid. */
export function percentToRate(percent: string): string | null {
  const units = percentUnits(percent);
  return units === null ? null : formatRebateRate(units);
}

/** A rate from the server as the percentage a screen shows ("0.015" is "1.5"). */
export function rateToPercent(rate: string): string {
  return shortest(rebateRateUnits(rate), PERCENT_DECIMALS);
}

/** A typed percentage in its shortest form ("1.50" reads "1.5"), or null when invalid. */
export function normalizePercent(percent: string): string | null {
  const units = percentUnits(percent);
  return units === null ? null : shortest(units, PERCENT_DECIMALS);
}

/**
 * What an agent keeps on each trade of a member, in percent: the agent's rate less the member's
 * ("1.5" less "0.4" is "1.1"). A member above the agent keeps the agent nothing, never less.
 */
export function keptPercent(ownRate: string, memberPercent: string): string {
  const own = rebateRateUnits(ownRate);
  const member = percentUnits(memberPercent) ?? 0n;
  return shortest(own > member ? own - member : 0n, PERCENT_DECIMALS);
}

/** Whether a typed percentage is above the agent's own rate (the cap); an invalid one is not. */
export function isAboveCap(percent: string, capRate: string): boolean {
  const units = percentUnits(percent);
  return units !== null && units > rebateRateUnits(capRate);
}
