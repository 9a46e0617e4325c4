import { formatMinor, parseDecimal, rebatePercent, type FinanceCycleType } from '@vela/domain';
import { scaleOf } from '../../lib/amounts.ts';

const CYCLE_UNITS: Record<FinanceCycleType, [singular: string, plural: string]> = {
  day: ['day', 'days'],
  hour: ['hour', 'hours'],
  minute: ['minute', 'minutes'],
};

/** "0.12" -> "12 %": a rate as the operator thinks of it. */
export function percentText(fraction: string): string {
  return `${rebatePercent(fraction)} %`;
}

/** 30 days, 1 hour: a term as it is read. */
export function termText(cycle: number, cycleType: FinanceCycleType): string {
  const [singular, plural] = CYCLE_UNITS[cycleType];
  return `${cycle} ${cycle === 1 ? singular : plural}`;
}

/**
 * What has been bought of a quota: the quota less what remains, exactly. Both are written at the
 * scale of the currency paid in; the larger scale is used should they differ.
 */
export function soldOf(quota: string, remaining: string): string {
  const scale = Math.max(scaleOf(quota), scaleOf(remaining));
  const total = parseDecimal(quota, scale);
  const left = parseDecimal(remaining, scale);
  if (!total.ok || !left.ok) return '—';
  const sold = total.minor - left.minor;
  return formatMinor(sold > 0n ? sold : 0n, scale);
}
