import type { SimCoin, SimTick } from '@vela/domain';

/**
 * Where prices come from. The feed engine owns recording (ticks, candles, resume point, tickers,
 * announcements); a source only says what the price of a coin was in a given second. The embedded
 * default is the keyed simulator (`simulator-source.ts`); an adapter for a real exchange's public
 * ticker stream implements the same interface.
 */

/** A coin the feed records: the simulator's parameters plus what an adapter needs to map it. */
export interface FeedCoin extends SimCoin {
  symbol: string;
  /** The reference price (price minor units) the simulator anchors history to. */
  referencePrice: bigint;
}

export interface PriceSourceContext {
  /** The enabled tradable coins, read at every call (coins may be enabled or disabled at run time). */
  coins(): readonly FeedCoin[];
  /** The last recorded price of a coin, or undefined before its first. */
  lastPrice(vcId: number): bigint | undefined;
  /** The last recorded second of a coin (epoch ms), or undefined before its first. */
  lastTimeMs(vcId: number): number | undefined;
}

/**
 * Receives ticks for recording. Per coin, ticks must be in time order, on whole seconds, at most one
 * per second; a batch may hold several seconds (a source catching up). Ticks at or before a coin's
 * last recorded second are dropped, so a source may safely re-send. Resolves once the batch is
 * committed and announced; rejects when it could not be committed (nothing of it was recorded).
 */
export type TickSink = (ticks: SimTick[]) => Promise<void>;

export interface PriceSource {
  /** For logs: 'simulator', 'exchange'. */
  readonly name: string;
  /**
   * Begins delivering ticks to `onTicks`, about once a second. A source awaits each call before
   * making the next one, so batches never overlap.
   */
  start(context: PriceSourceContext, onTicks: TickSink): Promise<void>;
  /** Stops delivering; resolves after the batch in flight (if any) has been handed over. */
  stop(): Promise<void>;
}
