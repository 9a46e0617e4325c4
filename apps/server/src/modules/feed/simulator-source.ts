import { simulateTick, type SimTick } from '@vela/domain';
import type { LiveDraws } from './feed-secrets.ts';
import type { FeedCoin, PriceSource, PriceSourceContext, TickSink } from './price-source.ts';

const SECOND_MS = 1000;

/**
 * The simulated ticks of one coin for the seconds after `afterMs` up to and including `toMs`, each
 * following the previous one. The walk's randomness depends only on (day's secret, coin, second), so
 * these are the ticks an uninterrupted feed would have produced from the same price. The days of the
 * range must have been prepared (`LiveDraws.prepare`).
 */
export function simulateSeconds(
  draws: LiveDraws,
  coin: FeedCoin,
  lastPrice: bigint,
  afterMs: number,
  toMs: number,
): SimTick[] {
  const ticks: SimTick[] = [];
  let price = lastPrice;
  for (let t = afterMs + SECOND_MS; t <= toMs; t += SECOND_MS) {
    const tick = simulateTick(draws.draws(coin.id, t), coin, price, t);
    ticks.push(tick);
    price = tick.price;
  }
  return ticks;
}

/**
 * Ticks of every coin from its last recorded second up to `toMs`, at most `maxSeconds` per coin (a
 * source that fell behind catches up over several batches instead of one huge one).
 */
export function simulatedBatch(
  draws: LiveDraws,
  context: PriceSourceContext,
  toMs: number,
  maxSeconds = Number.POSITIVE_INFINITY,
): SimTick[] {
  const batch: SimTick[] = [];
  for (const coin of context.coins()) {
    const last = context.lastTimeMs(coin.id);
    const price = context.lastPrice(coin.id);
    // A coin without a recorded second is initialised by the engine first (history or reference
    // price); the simulator never invents a starting point.
    if (last === undefined || price === undefined || last >= toMs) continue;
    const until = Math.min(toMs, last + maxSeconds * SECOND_MS);
    for (const tick of simulateSeconds(draws, coin, price, last, until)) batch.push(tick);
  }
  return batch;
}

/**
 * Makes sure the secrets of every second a batch up to `toMs` may draw are loaded: from the oldest
 * coin's next second up to `toMs`.
 */
export async function prepareBatch(
  draws: LiveDraws,
  context: PriceSourceContext,
  toMs: number,
): Promise<void> {
  let from = toMs;
  for (const coin of context.coins()) {
    const last = context.lastTimeMs(coin.id);
    if (last !== undefined && last + SECOND_MS < from) from = last + SECOND_MS;
  }
  await draws.prepare(from, toMs);
}

export interface SimulatorSourceOptions {
  /** The keyed randomness of the live walk (feed-secrets.ts). */
  draws: LiveDraws;
  now?: () => number;
  /** Seconds per coin in one batch when catching up after a stall (default 300). */
  maxBatchSeconds?: number;
  onError?: (error: unknown) => void;
}

/**
 * The embedded price feed: on every wall-clock second it simulates each coin's tick from its last
 * recorded price. When the process stalled (a long GC, a slow disk, a suspended laptop), the seconds
 * it missed are simulated and recorded too, so the per-second record has no holes.
 */
export class SimulatorSource implements PriceSource {
  readonly name = 'simulator';
  private readonly draws: LiveDraws;
  private readonly now: () => number;
  private readonly maxBatchSeconds: number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(options: SimulatorSourceOptions) {
    this.draws = options.draws;
    this.now = options.now ?? Date.now;
    this.maxBatchSeconds = options.maxBatchSeconds ?? 300;
    this.onError = options.onError ?? ((error) => console.error('[market] simulator batch failed', error));
  }

  async start(context: PriceSourceContext, onTicks: TickSink): Promise<void> {
    if (this.running) throw new Error('The simulator is already running');
    this.running = true;
    const step = async (): Promise<void> => {
      if (!this.running) return;
      let behind = false;
      try {
        behind = await this.recordUpTo(context, onTicks);
      } catch (error) {
        // Nothing of the batch was recorded; the next second simulates it again.
        this.onError(error);
      }
      this.schedule(step, behind);
    };
    this.schedule(step, false);
  }

  /**
   * Simulates and hands over every coin's seconds up to the current one (at most
   * `maxBatchSeconds` per coin); answers whether some coin is still behind.
   */
  private async recordUpTo(context: PriceSourceContext, onTicks: TickSink): Promise<boolean> {
    const second = Math.floor(this.now() / SECOND_MS) * SECOND_MS;
    // The day's secret exists before any second of the day is drawn (and the next day's, ahead).
    await prepareBatch(this.draws, context, second);
    const batch = simulatedBatch(this.draws, context, second, this.maxBatchSeconds);
    if (batch.length === 0) return false;
    await onTicks(batch);
    return context.coins().some((coin) => (context.lastTimeMs(coin.id) ?? second) < second);
  }

  private schedule(step: () => Promise<void>, immediately: boolean): void {
    if (!this.running) return;
    // Fire just after the next second starts, so the tick of that second is recorded at once.
    const delay = immediately ? 0 : SECOND_MS - (this.now() % SECOND_MS) + 5;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.inFlight = step();
    }, delay);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }
}
