import { RISK_UNIT, formatMinor, forcedCloseLevel, parseDecimal, rebatePercent } from '@vela/domain';
import type { ContractLevels } from '@vela/contract';

/**
 * Risk degrees and levels travel as fractions with 4 decimals ("0.5571" is 55.71 %), which are the
 * domain's basis points; everything here compares them as whole basis points, never as floats.
 */
const RISK_DECIMALS = 4;

/** A degree of 9.9999 or more is the server's way of saying the equity is gone. */
const EQUITY_GONE_UNITS = 99_999n;

/** The adjustment ratio is typed as a percentage: two decimals are the basis points. */
const PERCENT_DECIMALS = 2;

/** How a risk degree is shown: plain, a caution above the caution level, danger at the forced-close level. */
export type RiskTone = 'normal' | 'caution' | 'danger';

/** A fraction in basis points; null for a text the server would never send. */
export function riskUnits(fraction: string): bigint | null {
  const parsed = parseDecimal(fraction, RISK_DECIMALS);
  return parsed.ok ? parsed.minor : null;
}

/** Whether a risk degree says that the account's equity is gone. */
export function isEquityGone(degree: string): boolean {
  const units = riskUnits(degree);
  return units !== null && units >= EQUITY_GONE_UNITS;
}

/** "0.5571" -> "55.71 %", "0.9000" -> "90 %"; a gone equity in words, not as 999,990 %. */
export function riskText(degree: string): string {
  return isEquityGone(degree) ? 'Equity gone' : `${rebatePercent(degree)} %`;
}

/** The tone of a degree under the current levels: danger at or above forced closing. */
export function riskTone(
  degree: string,
  levels: Pick<ContractLevels, 'cautionLevel' | 'forcedCloseLevel'>,
): RiskTone {
  const units = riskUnits(degree);
  const forced = riskUnits(levels.forcedCloseLevel);
  const caution = riskUnits(levels.cautionLevel);
  if (units === null) return 'normal';
  if (forced !== null && units >= forced) return 'danger';
  return caution !== null && units > caution ? 'caution' : 'normal';
}

/**
 * The rows riskiest first. The server sends them in that order already; sorting again keeps the
 * table right whatever order a refresh brings, and equal degrees keep a fixed order (by user id) so
 * rows do not jump between refreshes.
 */
export function byRiskDescending<Row extends { riskDegree: string; userId: number }>(
  rows: readonly Row[],
): Row[] {
  const units = (row: Row) => riskUnits(row.riskDegree) ?? 0n;
  return [...rows].sort((a, b) => {
    const difference = units(b) - units(a);
    return difference === 0n ? a.userId - b.userId : difference > 0n ? 1 : -1;
  });
}

/** "0.1000" -> "10": the adjustment ratio as the form shows it, in percent. */
export function percentOfFraction(fraction: string): string {
  return rebatePercent(fraction);
}

/**
 * What is wrong with a typed adjustment ratio in percent, or null: a plain number from 0 to below
 * 100 with at most two decimals (a whole basis point), as the server takes it.
 */
export function ratioProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return 'Required';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'A plain number of percent such as 10 or 12.5';
  const units = parseDecimal(text, PERCENT_DECIMALS);
  if (!units.ok) return 'At most two decimals';
  return units.minor < RISK_UNIT ? null : 'Below 100 %';
}

/** "12.5" (percent) -> "0.1250": the ratio as the server takes it; null while the text is not valid. */
export function ratioOfPercent(value: string | undefined): string | null {
  if (ratioProblem(value) !== null) return null;
  const units = parseDecimal(value?.trim() ?? '', PERCENT_DECIMALS);
  return units.ok ? formatMinor(units.minor, RISK_DECIMALS) : null;
}

/** The forced-close level an adjustment ratio gives, as a fraction: "0.1000" -> "0.9000". */
export function levelOfRatio(ratio: string): string | null {
  const units = riskUnits(ratio);
  if (units === null || units < 0n || units >= RISK_UNIT) return null;
  return formatMinor(forcedCloseLevel(units), RISK_DECIMALS);
}

/** A level as the operator reads it: "0.9000" -> "90 %". */
export function levelText(fraction: string): string {
  return `${rebatePercent(fraction)} %`;
}

/** Whether a forced-close level sits at or below the caution level, so no warning comes before it. */
export function levelBelowCaution(level: string, cautionLevel: string): boolean {
  const forced = riskUnits(level);
  const caution = riskUnits(cautionLevel);
  return forced !== null && caution !== null && forced <= caution;
}
