import type { Ticker } from '@vela/contract';
import { compareDecimal, risingList, turnoverList } from '@vela/domain';
import { toRankable } from '../../system/market-tickers-logic.ts';

/** Hot coins: the three with the largest 24 h turnover, whatever their type. */
export const HOT_COIN_COUNT = 3;

export function hotCoins(tickers: readonly Ticker[], count = HOT_COIN_COUNT): Ticker[] {
  return [...tickers].sort((a, b) => compareDecimal(b.turnover, a.turnover) || a.a - b.a).slice(0, count);
}

export type RankingKind = 'rising' | 'turnover';

/** One ranking of the home screen: five coins of one type, by the domain's order. */
export function ranking(tickers: readonly Ticker[], kind: RankingKind, type: number): Ticker[] {
  const rankable = tickers.map(toRankable);
  const list = kind === 'rising' ? risingList(rankable, type) : turnoverList(rankable, type);
  return list.map((r) => r.ticker);
}

/**
 * The coin-type tabs: the VcTypeEnum dictionary of the system configuration, in its order, with
 * its localized labels. Until the dictionary has loaded, nothing is shown.
 */
export function typeTabs(dict: Record<string, { value: string; label: string }[]> | undefined) {
  return (dict?.VcTypeEnum ?? [])
    .map((item) => ({ type: Number(item.value), label: item.label }))
    .filter((tab) => Number.isInteger(tab.type));
}
