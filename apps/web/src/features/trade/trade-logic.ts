import type { KlineInterval, Ticker } from '@vela/contract';
import { ensureSelectedVc, formatNumber } from '@vela/domain';
import type { ChartLoad } from './kline-chart.tsx';

/**
 * The trade page shows the selected coin; when none is selected (or it is gone), the first pair of
 * the trade configuration is selected, or else the first coin with a price.
 */
export function coinToShow(
  selected: number | null,
  tickers: readonly Ticker[],
  configCoinIds: readonly number[],
): number | null {
  if (selected !== null && tickers.some((t) => t.a === selected)) return selected;
  return (
    ensureSelectedVc(
      null,
      configCoinIds.filter((id) => tickers.some((t) => t.a === id)),
    ) ??
    tickers[0]?.a ??
    null
  );
}

/** A price change with its sign: rises get a "+", falls keep their "-", no change has neither. */
export function signedChange(value: string, precision: number): string {
  const text = formatNumber(value, precision);
  return text !== '--' && !text.startsWith('-') && Number(value) !== 0 ? `+${text}` : text;
}

export type ChartStatus = 'loading' | 'failed' | 'empty' | 'ready';

/**
 * What the chart frame shows: a load reported for another coin or interval is stale, so the chart
 * of the shown coin and interval is still loading.
 */
export function chartStatus(load: ChartLoad | null, coinId: number, interval: KlineInterval): ChartStatus {
  if (load?.vcId !== coinId || load.interval !== interval) return 'loading';
  if (load.failed) return 'failed';
  return load.count === 0 ? 'empty' : 'ready';
}
