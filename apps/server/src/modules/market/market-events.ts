import type { Candle, KlineInterval, Ticker } from '@vela/contract';

/**
 * What the feed engine announces once per second, after the second's ticks are committed: the
 * tickers that changed and the current candle of every coin and interval they touched. The live hub
 * (WebSocket) and any other in-process consumer listen here; with REDIS_URL the same update is
 * relayed to the other API nodes.
 */
export interface MarketUpdate {
  /** The second the update describes (epoch ms, a whole second). */
  timeMs: number;
  tickers: Ticker[];
  candles: { vcId: number; interval: KlineInterval; candle: Candle }[];
}

export type MarketListener = (update: MarketUpdate) => void;

export class MarketEvents {
  private readonly listeners = new Set<MarketListener>();

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(update: MarketUpdate): void {
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        // One failing consumer must not stop the others or the feed.
        console.error('[market] listener failed', error);
      }
    }
  }
}
