import { WebSocket } from 'ws';
import type { SimTick } from '@vela/domain';
import {
  KlineTickConverter,
  parseKlineFrame,
  type CoinScales,
  type ExchangeSymbol,
  type KlineConverterStats,
} from './exchange-kline.ts';
import type { FeedCoin, PriceSource, PriceSourceContext, TickSink } from './price-source.ts';

/**
 * A price source fed by a real exchange's PUBLIC market-data WebSocket, in the shape of Binance's
 * combined streams: `<base>/stream?streams=btcusdt@kline_1m/ethusdt@kline_1m`. No key, no account:
 * only public candles are read. Each message becomes at most one tick per coin per second (see
 * `exchange-kline.ts` for how volume and turnover are derived from the cumulative candle figures).
 *
 * The connection is kept up: on close or error it reconnects with exponential backoff (with jitter,
 * reset once a connection delivers data), and a connection silent for `staleMs` is cut and redialled.
 * Ticks are handed to the feed one batch at a time; messages that arrive while a batch is being
 * recorded are gathered into the next batch.
 */

export interface ExchangeSourceOptions {
  /** Base URL of the stream endpoint, e.g. "wss://stream.binance.com:9443". */
  baseUrl: string;
  /** Exchange symbols and the coins they feed. */
  symbols: readonly ExchangeSymbol[];
  /** First reconnect delay; doubles per failed attempt up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A connection with no message for this long is cut and redialled (default 30 s). */
  staleMs?: number;
  /** How long a candle's last second may wait for the close message (default 3 s). */
  maxHoldMs?: number;
  turnoverScale?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Called on every (re)connection attempt with the URL; for logs and tests. */
  onConnect?: (url: string) => void;
}

/** The combined-stream URL for 1-minute klines of `symbols`. */
export function binanceStreamUrl(baseUrl: string, symbols: readonly ExchangeSymbol[]): string {
  const streams = symbols.map(({ symbol }) => `${symbol.toLowerCase()}@kline_1m`).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/stream?streams=${streams}`;
}

/** The usual mapping: each coin against USDT ("BTC" -> "BTCUSDT"). */
export function usdtSymbols(coins: readonly Pick<FeedCoin, 'id' | 'symbol'>[]): ExchangeSymbol[] {
  return coins.map((coin) => ({ symbol: `${coin.symbol.toUpperCase()}USDT`, vcId: coin.id }));
}

export interface ExchangeSourceStats extends KlineConverterStats {
  connects: number;
  batches: number;
  failedBatches: number;
}

export class ExchangeSource implements PriceSource {
  readonly name = 'exchange';
  private readonly url: string;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly staleMs: number;
  private readonly maxHoldMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private running = false;
  private socket: WebSocket | null = null;
  private converter: KlineTickConverter | null = null;
  private onTicks: TickSink | null = null;
  private attempt = 0;
  private lastMessageAt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private pending: SimTick[] = [];
  private draining: Promise<void> | null = null;
  private readonly counters = { connects: 0, batches: 0, failedBatches: 0 };

  constructor(private readonly options: ExchangeSourceOptions) {
    if (options.symbols.length === 0) throw new Error('The exchange source needs at least one symbol');
    this.url = binanceStreamUrl(options.baseUrl, options.symbols);
    this.minBackoffMs = options.minBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.staleMs = options.staleMs ?? 30_000;
    this.maxHoldMs = options.maxHoldMs ?? 3_000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? ((error) => console.error('[market] exchange source', error));
  }

  async start(context: PriceSourceContext, onTicks: TickSink): Promise<void> {
    if (this.running) throw new Error('The exchange source is already running');
    this.running = true;
    this.onTicks = onTicks;
    this.converter = new KlineTickConverter({
      symbols: this.options.symbols,
      scalesOf: (vcId) => scalesOf(context, vcId),
      lastTimeMs: (vcId) => context.lastTimeMs(vcId),
      turnoverScale: this.options.turnoverScale,
      now: this.now,
    });
    this.watchdog = setInterval(() => this.watch(), 1_000);
    this.watchdog.unref();
    this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.watchdog) clearInterval(this.watchdog);
    this.reconnectTimer = null;
    this.watchdog = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners('message');
      socket.terminate();
    }
    this.pending = [];
    await this.draining;
  }

  stats(): ExchangeSourceStats {
    return {
      ...(this.converter?.stats ?? { messages: 0, ticks: 0, ignored: 0, stranded: 0 }),
      ...this.counters,
    };
  }

  private connect(): void {
    if (!this.running) return;
    this.counters.connects += 1;
    this.options.onConnect?.(this.url);
    const socket = new WebSocket(this.url, { handshakeTimeout: 10_000, perMessageDeflate: false });
    this.socket = socket;
    this.lastMessageAt = this.now();
    socket.on('message', (data, isBinary) => {
      if (isBinary || this.socket !== socket) return;
      this.lastMessageAt = this.now();
      this.attempt = 0;
      this.receive(String(data));
    });
    socket.on('error', (error) => this.onError(error));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    const base = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** this.attempt);
    this.attempt += 1;
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private watch(): void {
    if (!this.running || !this.converter) return;
    this.enqueue(this.converter.flushStale(this.maxHoldMs));
    if (this.socket && this.now() - this.lastMessageAt > this.staleMs) {
      this.onError(new Error(`no message from the exchange for ${this.staleMs} ms; reconnecting`));
      this.socket.terminate(); // 'close' follows and schedules the reconnect
    }
  }

  private receive(text: string): void {
    const event = parseKlineFrame(text);
    if (!event || !this.converter) return;
    this.enqueue(this.converter.accept(event));
  }

  private enqueue(ticks: SimTick[]): void {
    if (ticks.length === 0 || !this.running) return;
    for (const tick of ticks) this.pending.push(tick);
    if (!this.draining) {
      this.draining = this.drain().finally(() => {
        this.draining = null;
      });
    }
  }

  /** Hands the gathered ticks over one batch at a time, never two calls at once. */
  private async drain(): Promise<void> {
    while (this.pending.length > 0 && this.running && this.onTicks) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.onTicks(batch);
        this.counters.batches += 1;
      } catch (error) {
        // Nothing of the batch was recorded; the feed goes on with the next messages.
        this.counters.failedBatches += 1;
        this.onError(error);
      }
    }
  }
}

function scalesOf(context: PriceSourceContext, vcId: number): CoinScales | undefined {
  return context.coins().find((coin) => coin.id === vcId);
}
