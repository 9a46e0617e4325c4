import type { Ticker } from '@vela/contract';
import { compareDecimal, risingList, turnoverList } from '@vela/domain';
import { toRankable } from '../../system/market-tickers-logic.ts';

/** How many hot coins the home screen shows. */
export const HOT_COIN_COUNT = 3;

/**
 * The symbols of PORTAL `hotCoins`, the coins operators put first on the home screen: comma
 * separated, in order ("BTC,ETH"); case and spaces do not matter.
 */
export function hotCoinSymbols(setting: string): string[] {
  return setting
    .split(',')
    .map((symbol) => symbol.trim().toUpperCase())
    .filter((symbol) => symbol !== '');
}

const byTurnover = (a: Ticker, b: Ticker) => compareDecimal(b.turnover, a.turnover) || a.a - b.a;

/**
 * Hot coins: the coins operators chose (PORTAL `hotCoins`), those of them that are listed, in their
 * order; the places left go to the most traded coins (24 h turnover) of the chosen coins' types, and
 * then of every type. With nothing chosen they are the most traded coins of every type. The chosen
 * coins are what visitors come for (BTC, ETH); turnover alone would put currency pairs and indices
 * first, whose simulated turnover dwarfs any coin's.
 */
export function hotCoins(tickers: readonly Ticker[], setting: string, count = HOT_COIN_COUNT): Ticker[] {
  const chosen = hotCoinSymbols(setting)
    .map((symbol) => tickers.find((t) => t.c.toUpperCase() === symbol))
    .filter((t): t is Ticker => t !== undefined);
  const picked = [...new Set(chosen)].slice(0, count);
  const types = new Set(picked.map((t) => t.type));
  const rest = tickers.filter((t) => !picked.includes(t)).sort(byTurnover);
  const sameType = rest.filter((t) => types.has(t.type));
  const otherType = rest.filter((t) => !types.has(t.type));
  return [...picked, ...sameType, ...otherType].slice(0, count);
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
