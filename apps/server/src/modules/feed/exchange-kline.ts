import { parseDecimal, TURNOVER_SCALE, truncateDecimal, type SimTick } from '@vela/domain';

/**
 * Turns a Binance-style public kline stream (combined streams, `<symbol>@kline_1m`) into the feed's
 * per-second ticks. Pure: no sockets, no clocks except the one passed in.
 *
 * A kline message carries the whole current candle: its close is the last trade price, and its
 * volume `v` and turnover `q` are cumulative since the candle opened. Each tick therefore carries the
 * increase since the previous message of the same candle, and the count starts again from zero when
 * a new candle starts. Summed, a candle's ticks give back the exchange's candle volume and turnover
 * exactly (in minor units, truncated toward zero like every conversion here).
 *
 * The feed takes at most one tick per coin per second, in time order (see `price-source.ts`), so:
 * - a message is stamped with the whole second of its event time, kept inside its candle (the final
 *   `x:true` message arrives just after the candle's end and still belongs to its last second);
 * - a message that falls in a second already sent is held and its volume goes out with the next
 *   tick of the same candle;
 * - a message in a candle's last second is held until the candle closes (`x:true`), the next candle
 *   starts, or `flushStale` decides it waited long enough, so the closing volume is never stranded in
 *   a second that was already sent.
 */

/** One exchange symbol and the coin it feeds. */
export interface ExchangeSymbol {
  /** Exchange symbol, e.g. "BTCUSDT" (case-insensitive). */
  symbol: string;
  vcId: number;
}

/** Scales of a coin: decimals of its price and of its volume in base units. */
export interface CoinScales {
  priceScale: number;
  volumeScale: number;
}

/** The `k` object of a kline event. Numbers are strings, as the exchange sends them. */
export interface KlinePayload {
  /** Open time (ms). */
  t: number;
  /** Close time (ms, t + interval - 1). */
  T: number;
  s?: string;
  i?: string;
  o: string;
  c: string;
  h: string;
  l: string;
  /** Base-asset volume since the candle opened. */
  v: string;
  /** Quote-asset volume (turnover) since the candle opened. */
  q: string;
  /** True on the candle's final message. */
  x: boolean;
}

export interface KlineEvent {
  /** Event time (ms). */
  E: number;
  /** Symbol, upper case. */
  s: string;
  k: KlinePayload;
}

/**
 * Reads one combined-stream frame (`{stream, data:{e:'kline', E, s, k}}`) or a bare kline event;
 * anything else (subscription answers, other event types, broken JSON) answers null.
 */
export function parseKlineFrame(text: string): KlineEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  const data = isRecord(json.data) ? json.data : json;
  if (data.e !== 'kline' || typeof data.s !== 'string' || typeof data.E !== 'number') return null;
  const k = data.k;
  if (!isRecord(k)) return null;
  if (typeof k.t !== 'number' || typeof k.T !== 'number' || typeof k.x !== 'boolean') return null;
  for (const field of ['o', 'c', 'h', 'l', 'v', 'q'] as const) {
    if (typeof k[field] !== 'string') return null;
  }
  return { E: data.E, s: data.s.toUpperCase(), k: k as unknown as KlinePayload };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A decimal string from the exchange in minor units at `scale`, truncated; null when unreadable. */
export function exchangeDecimalToMinor(text: string, scale: number): bigint | null {
  const parsed = parseDecimal(truncateDecimal(text.trim(), scale), scale);
  return parsed.ok ? parsed.minor : null;
}

const SECOND_MS = 1000;
const wholeSecond = (ms: number) => Math.floor(ms / SECOND_MS) * SECOND_MS;

interface Held {
  second: number;
  price: bigint;
  volume: bigint;
  turnover: bigint;
  /** When it was first held (the converter's clock), for `flushStale`. */
  sinceMs: number;
}

interface SymbolState {
  vcId: number;
  /** Open time of the candle being followed. */
  candleT: number | null;
  candleLastSecond: number;
  cumVolume: bigint;
  cumTurnover: bigint;
  /** The last second a tick was emitted for (or the feed's last recorded second). */
  lastSecond: number;
  held: Held | null;
}

export interface KlineConverterOptions {
  symbols: readonly ExchangeSymbol[];
  /** Scales of a coin, or undefined when the coin is not fed now (disabled): its messages are skipped. */
  scalesOf(vcId: number): CoinScales | undefined;
  /** The feed's last recorded second of a coin, read once per coin; no tick is made at or before it. */
  lastTimeMs?(vcId: number): number | undefined;
  turnoverScale?: number;
  now?: () => number;
}

export interface KlineConverterStats {
  messages: number;
  ticks: number;
  ignored: number;
  /** Volume increases that could not be placed in any second (the candle's last second was gone). */
  stranded: number;
}

export class KlineTickConverter {
  private readonly bySymbol = new Map<string, number>();
  private readonly states = new Map<string, SymbolState>();
  private readonly turnoverScale: number;
  private readonly now: () => number;
  readonly stats: KlineConverterStats = { messages: 0, ticks: 0, ignored: 0, stranded: 0 };

  constructor(private readonly options: KlineConverterOptions) {
    for (const { symbol, vcId } of options.symbols) this.bySymbol.set(symbol.toUpperCase(), vcId);
    this.turnoverScale = options.turnoverScale ?? TURNOVER_SCALE;
    this.now = options.now ?? Date.now;
  }

  /** The ticks one message makes: none, one, or the held end of the previous candle and one. */
  accept(event: KlineEvent): SimTick[] {
    const vcId = this.bySymbol.get(event.s);
    const scales = vcId === undefined ? undefined : this.options.scalesOf(vcId);
    if (vcId === undefined || !scales) {
      this.stats.ignored += 1;
      return [];
    }
    const { k } = event;
    const price = exchangeDecimalToMinor(k.c, scales.priceScale);
    const volume = exchangeDecimalToMinor(k.v, scales.volumeScale);
    const turnover = exchangeDecimalToMinor(k.q, this.turnoverScale);
    if (price === null || price <= 0n || volume === null || turnover === null) {
      this.stats.ignored += 1;
      return [];
    }
    this.stats.messages += 1;
    const state = this.stateOf(event.s, vcId);
    const ticks: SimTick[] = [];

    if (state.candleT === null || k.t > state.candleT) {
      // A new candle: the previous one's held remainder goes out in its last second.
      if (state.held) this.emitHeld(state, state.candleLastSecond, ticks);
      state.candleT = k.t;
      state.candleLastSecond = wholeSecond(k.T);
      state.cumVolume = 0n;
      state.cumTurnover = 0n;
    } else if (k.t < state.candleT) {
      this.stats.ignored += 1; // a late message of a candle already left behind
      return ticks;
    }

    const held = this.hold(state, price, volume - state.cumVolume, turnover - state.cumTurnover);
    if (volume > state.cumVolume) state.cumVolume = volume;
    if (turnover > state.cumTurnover) state.cumTurnover = turnover;

    const second = Math.min(Math.max(wholeSecond(event.E), k.t), state.candleLastSecond);
    held.second = Math.max(held.second, second);
    if (k.x) {
      this.emitHeld(state, state.candleLastSecond, ticks);
    } else if (second < state.candleLastSecond && second > state.lastSecond) {
      this.emitHeld(state, second, ticks);
    }
    // Otherwise: the second was already sent (the increase rides with the next tick), or it is the
    // candle's last second (wait for the close).
    return ticks;
  }

  /**
   * Sends what has been held longer than `maxHoldMs` (a candle whose close message never came, or a
   * quiet symbol), in the latest second it may still use. Answers the ticks.
   */
  flushStale(maxHoldMs: number): SimTick[] {
    const ticks: SimTick[] = [];
    const now = this.now();
    for (const state of this.states.values()) {
      if (state.held && now - state.held.sinceMs >= maxHoldMs) {
        this.emitHeld(state, Math.min(state.held.second, state.candleLastSecond), ticks);
      }
    }
    return ticks;
  }

  private stateOf(symbol: string, vcId: number): SymbolState {
    let state = this.states.get(symbol);
    if (!state) {
      state = {
        vcId,
        candleT: null,
        candleLastSecond: 0,
        cumVolume: 0n,
        cumTurnover: 0n,
        lastSecond: this.options.lastTimeMs?.(vcId) ?? Number.NEGATIVE_INFINITY,
        held: null,
      };
      this.states.set(symbol, state);
    }
    return state;
  }

  private hold(state: SymbolState, price: bigint, volume: bigint, turnover: bigint): Held {
    // Cumulative figures never shrink within a candle; a correction downwards adds nothing.
    const v = volume > 0n ? volume : 0n;
    const q = turnover > 0n ? turnover : 0n;
    if (state.held) {
      state.held.price = price;
      state.held.volume += v;
      state.held.turnover += q;
    } else {
      state.held = { second: Number.NEGATIVE_INFINITY, price, volume: v, turnover: q, sinceMs: this.now() };
    }
    return state.held;
  }

  /** Emits the held tick at `second`, or later if that second is taken but the candle has room. */
  private emitHeld(state: SymbolState, second: number, out: SimTick[]): void {
    const held = state.held;
    if (!held) return;
    state.held = null;
    const at = Math.max(second, state.lastSecond + SECOND_MS);
    if (state.candleT === null || at > state.candleLastSecond || at < state.candleT) {
      if (held.volume > 0n || held.turnover > 0n) this.stats.stranded += 1;
      return;
    }
    state.lastSecond = at;
    this.stats.ticks += 1;
    out.push({
      vcId: state.vcId,
      timeMs: at,
      price: held.price,
      volume: held.volume,
      turnover: held.turnover,
    });
  }
}
