import {
  changePercentText,
  formatMinor,
  RollingDayStats,
  TURNOVER_SCALE,
  type CandleMinor,
  type SimTick,
} from '@vela/domain';
import type { Ticker } from '@vela/contract';
import type { MarketCoin } from './coin-catalog.ts';

type Direction = 0 | 1 | 2;

interface Entry {
  coin: MarketCoin;
  stats: RollingDayStats;
  last: bigint;
  direction: Direction;
  timeMs: number;
  ticker: Ticker;
}

/** What the book starts a coin from: its recent one-minute candles and its last recorded tick. */
export interface TickerSeed {
  minuteCandles: readonly CandleMinor[];
  lastPrice?: bigint | undefined;
  lastTimeMs?: number | undefined;
}

const directionOf = (previous: bigint, next: bigint): Direction =>
  next > previous ? 1 : next < previous ? 2 : 0;

/**
 * The tickers of every market coin, kept in memory and updated once per recorded second. The
 * answer of the market list is one precomputed array: a request costs no database read and no
 * formatting.
 */
export class TickerBook {
  private entries = new Map<number, Entry>();
  private list: Ticker[] = [];

  /** Every market coin's ticker, in coin list order. The array is replaced, never mutated. */
  tickers(): Ticker[] {
    return this.list;
  }

  ticker(vcId: number): Ticker | undefined {
    return this.entries.get(vcId)?.ticker;
  }

  /** The last price a coin's ticker shows (minor units), or undefined for an unknown coin. */
  lastPrice(vcId: number): bigint | undefined {
    return this.entries.get(vcId)?.last;
  }

  /**
   * Replaces the book: one entry per coin, from the last 24 h of one-minute candles and the last
   * recorded price. A coin that has no history at all shows its reference price.
   */
  rebuild(coins: readonly MarketCoin[], seeds: ReadonlyMap<number, TickerSeed>): void {
    const entries = new Map<number, Entry>();
    for (const coin of coins) entries.set(coin.id, this.entryFor(coin, seeds.get(coin.id)));
    this.entries = entries;
    this.publishList(coins);
  }

  /**
   * Follows a change of the coin list: keeps the entries of coins that stay (with their new
   * names and scales), starts new ones from `seeds`, drops the rest.
   */
  syncCoins(coins: readonly MarketCoin[], seeds: ReadonlyMap<number, TickerSeed>): void {
    const entries = new Map<number, Entry>();
    for (const coin of coins) {
      const existing = this.entries.get(coin.id);
      if (existing) {
        existing.coin = coin;
        existing.ticker = buildTicker(existing);
        entries.set(coin.id, existing);
      } else {
        entries.set(coin.id, this.entryFor(coin, seeds.get(coin.id)));
      }
    }
    this.entries = entries;
    this.publishList(coins);
  }

  /** Coins in the book that have no entry yet (the caller loads their seeds). */
  missing(coins: readonly MarketCoin[]): MarketCoin[] {
    return coins.filter((coin) => !this.entries.has(coin.id));
  }

  /** Adds recorded ticks (time order per coin); answers the tickers that changed. */
  addTicks(ticks: readonly SimTick[]): Ticker[] {
    const changed = new Set<Entry>();
    for (const tick of ticks) {
      const entry = this.entries.get(tick.vcId);
      if (!entry || tick.timeMs <= entry.timeMs) continue;
      entry.stats.add({
        timeMs: tick.timeMs,
        price: tick.price,
        volume: tick.volume,
        turnover: tick.turnover,
      });
      entry.direction = directionOf(entry.last, tick.price);
      entry.last = tick.price;
      entry.timeMs = tick.timeMs;
      changed.add(entry);
    }
    if (changed.size === 0) return [];
    for (const entry of changed) entry.ticker = buildTicker(entry);
    this.list = [...this.entries.values()].map((entry) => entry.ticker);
    return [...changed].map((entry) => entry.ticker);
  }

  /** Takes tickers computed elsewhere (another node's feed), as they are. */
  replaceTickers(tickers: readonly Ticker[]): void {
    let any = false;
    for (const ticker of tickers) {
      const entry = this.entries.get(ticker.a);
      if (!entry) continue;
      entry.ticker = ticker;
      any = true;
    }
    if (any) this.list = [...this.entries.values()].map((entry) => entry.ticker);
  }

  private entryFor(coin: MarketCoin, seed: TickerSeed | undefined): Entry {
    const stats = new RollingDayStats();
    const candles = seed?.minuteCandles ?? [];
    for (const candle of candles) {
      stats.add({
        timeMs: candle.t,
        open: candle.o,
        high: candle.h,
        low: candle.l,
        price: candle.c,
        volume: candle.v,
        turnover: candle.q,
      });
    }
    const lastCandle = candles[candles.length - 1];
    const last = seed?.lastPrice ?? lastCandle?.c ?? coin.feed.referencePrice;
    const entry: Entry = {
      coin,
      stats,
      last,
      direction: lastCandle ? directionOf(lastCandle.o, lastCandle.c) : 0,
      timeMs: seed?.lastTimeMs ?? lastCandle?.t ?? 0,
      ticker: undefined as unknown as Ticker,
    };
    entry.ticker = buildTicker(entry);
    return entry;
  }

  private publishList(coins: readonly MarketCoin[]): void {
    this.list = coins.map((coin) => this.entries.get(coin.id)!.ticker);
  }
}

/** 24 h change in percent, truncated to two decimals (exact integer arithmetic up to the end). */
function changePercent(open: bigint, last: bigint): number {
  if (open <= 0n) return 0;
  return Number(((last - open) * 10_000n) / open) / 100;
}

function buildTicker(entry: Entry): Ticker {
  const { coin, last } = entry;
  const stats = entry.stats.stats();
  const scale = coin.priceScale;
  const open = stats?.open ?? last;
  const high = stats && stats.high > last ? stats.high : last;
  const low = stats && stats.low < last ? stats.low : last;
  const percent = changePercent(open, last);
  return {
    a: coin.id,
    c: coin.coin.symbol,
    g: formatMinor(last, scale),
    j: formatMinor(stats?.volume ?? 0n, coin.volumeScale),
    k: formatMinor(last - open, scale),
    l: entry.direction,
    changePer: percent,
    changePerStr: changePercentText(percent),
    turnover: formatMinor(stats?.turnover ?? 0n, TURNOVER_SCALE),
    open: formatMinor(open, scale),
    high: formatMinor(high, scale),
    low: formatMinor(low, scale),
    name: coin.coin.name,
    type: coin.type,
    precision: coin.coin.precision,
    ts: entry.timeMs,
  };
}
