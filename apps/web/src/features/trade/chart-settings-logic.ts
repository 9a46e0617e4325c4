import {
  CHART_MAIN_INDICATORS,
  CHART_SUB_INDICATORS,
  type ChartSettings,
  type KlineInterval,
} from '@vela/contract';

/**
 * The chart's interval and indicators. A user's choice is
 * saved on the server, so it is the same on every device; a visitor's lasts for the visit.
 */
export const DEFAULT_CHART_SETTINGS: ChartSettings = { interval: '15m', main: ['MA'], sub: ['VOL'] };

export type MainIndicator = (typeof CHART_MAIN_INDICATORS)[number];
export type SubIndicator = (typeof CHART_SUB_INDICATORS)[number];

/** Turns one indicator on or off, keeping the catalogue's order (so saved lists compare equal). */
export function toggleIndicator(
  settings: ChartSettings,
  group: 'main' | 'sub',
  name: MainIndicator | SubIndicator,
): ChartSettings {
  if (group === 'main') {
    const on = new Set<string>(settings.main);
    if (on.has(name)) on.delete(name);
    else on.add(name);
    return { ...settings, main: CHART_MAIN_INDICATORS.filter((n) => on.has(n)) };
  }
  const on = new Set<string>(settings.sub);
  if (on.has(name)) on.delete(name);
  else on.add(name);
  return { ...settings, sub: CHART_SUB_INDICATORS.filter((n) => on.has(n)) };
}

export function withInterval(settings: ChartSettings, interval: KlineInterval): ChartSettings {
  return { ...settings, interval };
}
