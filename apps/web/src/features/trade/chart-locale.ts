import { registerLocale, type Chart, type IndicatorFigure } from 'klinecharts';
import { CHART_LABELS, type ChartLabels } from '@vela/i18n/chart-labels';
import type { LocaleCode } from '@vela/i18n';

/**
 * The chart's words in the app's language. klinecharts knows only Chinese and English and fails on
 * a locale it has not been given, so each of the eleven languages is registered under the app's own
 * code before any chart is created. This module and the labels load with the chart, never with the
 * first screen.
 */
let registered = false;

export function registerChartLocales(): void {
  if (registered) return;
  for (const [code, labels] of Object.entries(CHART_LABELS)) registerLocale(code, { ...labels });
  registered = true;
}

/** The klinecharts locale of an app language: the same code, registered above. */
export function chartLocaleOf(locale: LocaleCode): string {
  registerChartLocales();
  return locale;
}

export function chartLabelsOf(locale: LocaleCode): ChartLabels {
  return CHART_LABELS[locale];
}

/**
 * The VOL indicator titles its volume bars "VOLUME: " by itself rather than through the chart's
 * locale, so the title is replaced. Answers the new figures, or null when they already carry it.
 */
export function withVolumeTitle(
  figures: readonly IndicatorFigure[],
  title: string,
): IndicatorFigure[] | null {
  let changed = false;
  const next = figures.map((figure) => {
    if (figure.key !== 'volume' || figure.title === title) return figure;
    changed = true;
    return { ...figure, title };
  });
  return changed ? next : null;
}

/** Puts the language's volume title on every VOL indicator of the chart. */
export function localizeIndicators(chart: Chart, locale: LocaleCode): void {
  const title = chartLabelsOf(locale).volume;
  for (const indicator of chart.getIndicators({ name: 'VOL' })) {
    const figures = withVolumeTitle(indicator.figures, title);
    if (figures) chart.overrideIndicator({ name: 'VOL', paneId: indicator.paneId, figures });
  }
}
