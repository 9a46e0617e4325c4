import type { Redis } from 'ioredis';
import type { MarketUpdate } from '../market/market-events.ts';
import type { MarketRuntime } from '../market/market-runtime.ts';

/**
 * Scale-out mode: one node runs the feed (the PostgreSQL advisory-lock leader); every other API node
 * learns each second's update through this Redis channel, applies it to its own tickers and kline
 * cache, and announces it locally, so its WebSocket clients get the same pushes as the leader's.
 * Only the node whose runtime is live (recording the feed) publishes, so relayed updates never loop.
 */
export const MARKET_CHANNEL = 'vela:market:updates';

export async function startMarketRelay(
  runtime: MarketRuntime,
  publisher: Redis,
  subscriber: Redis,
): Promise<() => Promise<void>> {
  const unsubscribeLocal = runtime.events.subscribe((update) => {
    if (!runtime.isLive) return;
    publisher.publish(MARKET_CHANNEL, JSON.stringify(update)).catch((error: unknown) => {
      console.error('[market] relay publish failed', error);
    });
  });

  const onMessage = (channel: string, message: string) => {
    // The leader already applied and announced its own update.
    if (channel !== MARKET_CHANNEL || runtime.isLive) return;
    let update: MarketUpdate;
    try {
      update = JSON.parse(message) as MarketUpdate;
    } catch (error) {
      console.error('[market] relay message unreadable', error);
      return;
    }
    runtime.applyUpdate(update);
    runtime.events.publish(update);
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(MARKET_CHANNEL);

  return async () => {
    unsubscribeLocal();
    subscriber.off('message', onMessage);
    // At shutdown the connection may already be closing; there is nothing left to unsubscribe then.
    await subscriber.unsubscribe(MARKET_CHANNEL).catch(() => undefined);
  };
}
