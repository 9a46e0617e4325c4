import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyTick, TURNOVER_SCALE, type CandleMinor, type SimTick } from '@vela/domain';
import { exchangeDecimalToMinor, type KlinePayload } from '../../../src/modules/feed/exchange-kline.ts';
import { ExchangeSource, usdtSymbols } from '../../../src/modules/feed/exchange-source.ts';
import type { FeedCoin, PriceSourceContext } from '../../../src/modules/feed/price-source.ts';
import { sleep, until } from '../live/live-harness.ts';

/**
 * The exchange adapter against a recorded Binance combined stream, replayed by a local server on
 * loopback (never the real exchange): the ticks it makes, folded into 1-minute candles, must give
 * back the exchange's own candles.
 */

const FIXTURE = new URL('../../fixtures/binance-kline-stream.jsonl', import.meta.url);
const LINES = fs.readFileSync(FIXTURE, 'utf8').trim().split('\n');

const coin = (id: number, symbol: string, volumeScale: number): FeedCoin => ({
  id,
  symbol,
  priceScale: 2,
  volumeScale,
  volatility: 0.6,
  drift: 0,
  volumePerSecond: 1,
  referencePrice: 1n,
});
const COINS = [coin(1, 'BTC', 5), coin(2, 'ETH', 4)];

interface Frame {
  stream: string;
  data: { E: number; s: string; k: KlinePayload };
}
const frames = LINES.map((line) => JSON.parse(line) as Partial<Frame>).filter(
  (frame): frame is Frame => frame.stream === 'btcusdt@kline_1m' || frame.stream === 'ethusdt@kline_1m',
);

/** The exchange's candles of one symbol: the last frame of each candle, in minor units. */
function exchangeCandles(symbol: string, volumeScale: number): { candle: CandleMinor; closed: boolean }[] {
  const byOpen = new Map<number, KlinePayload>();
  for (const frame of frames) if (frame.data.s === symbol) byOpen.set(frame.data.k.t, frame.data.k);
  const minor = (text: string, scale: number) => {
    const value = exchangeDecimalToMinor(text, scale);
    if (value === null) throw new Error(`unreadable decimal ${text}`);
    return value;
  };
  return [...byOpen.values()].map((k) => ({
    closed: k.x,
    candle: {
      t: k.t,
      o: minor(k.o, 2),
      h: minor(k.h, 2),
      l: minor(k.l, 2),
      c: minor(k.c, 2),
      v: minor(k.v, volumeScale),
      q: minor(k.q, TURNOVER_SCALE),
    },
  }));
}

function fold(ticks: SimTick[]): CandleMinor[] {
  const candles: CandleMinor[] = [];
  let current: CandleMinor | null = null;
  for (const tick of ticks) {
    const next = applyTick(current, tick, '1m');
    if (current && next.t !== current.t) candles.push(current);
    current = next;
  }
  if (current) candles.push(current);
  return candles;
}

/** A local stand-in for the exchange: replays the recording, resuming where a dropped connection left off. */
async function startReplay(options: { dropAfter: number[] }) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const requested: string[] = [];
  let cursor = 0;
  const drops = [...options.dropAfter];
  server.on('connection', (socket: WebSocket, request) => {
    requested.push(request.url ?? '');
    const pump = () => {
      if (socket.readyState !== socket.OPEN) return;
      // A handful of frames per turn, as a stream arrives, not one burst.
      for (let n = 0; n < 8 && cursor < LINES.length; n += 1) {
        socket.send(LINES[cursor]!);
        cursor += 1;
        if (drops[0] !== undefined && cursor >= drops[0]) {
          drops.shift();
          socket.close(1001, 'replay: going away'); // as the exchange does every 24 h
          return;
        }
      }
      if (cursor < LINES.length) setTimeout(pump, 1);
    };
    pump();
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `ws://127.0.0.1:${port}`,
    requested,
    done: () => cursor >= LINES.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A feed engine stand-in: checks the PriceSource rules and keeps every tick. */
function recordingSink() {
  const ticks: SimTick[] = [];
  const last = new Map<number, number>();
  const violations: string[] = [];
  let inFlight = 0;
  const context: PriceSourceContext = {
    coins: () => COINS,
    lastPrice: (vcId) => ticks.findLast((tick) => tick.vcId === vcId)?.price,
    lastTimeMs: (vcId) => last.get(vcId),
  };
  const onTicks = async (batch: SimTick[]) => {
    inFlight += 1;
    if (inFlight > 1) violations.push('overlapping batches');
    await sleep(Math.random() < 0.2 ? 3 : 0); // a commit takes a moment
    for (const tick of batch) {
      if (tick.timeMs % 1000 !== 0) violations.push(`not a whole second: ${tick.timeMs}`);
      if (tick.timeMs <= (last.get(tick.vcId) ?? -Infinity)) {
        violations.push(`coin ${tick.vcId}: ${tick.timeMs} not after ${last.get(tick.vcId)}`);
      }
      last.set(tick.vcId, tick.timeMs);
      ticks.push(tick);
    }
    inFlight -= 1;
  };
  return { ticks, violations, context, onTicks };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('exchange source: recorded Binance kline stream', () => {
  it('turns the stream into ticks whose 1m candles are the exchange candles, across reconnects', async () => {
    const replay = await startReplay({ dropAfter: [97, 260] });
    cleanup.push(replay.close);
    const sink = recordingSink();
    const errors: unknown[] = [];
    const source = new ExchangeSource({
      baseUrl: replay.baseUrl,
      symbols: usdtSymbols(COINS),
      minBackoffMs: 20,
      maxBackoffMs: 100,
      onError: (error) => errors.push(error),
    });
    cleanup.push(() => source.stop());
    await source.start(sink.context, sink.onTicks);

    await until(() => replay.done() && source.stats().messages === frames.length, 'the replay', 10_000);
    await sleep(50); // the last batch
    expect(sink.violations).toEqual([]);
    expect(replay.requested).toHaveLength(3); // the first connection and two reconnects
    for (const url of replay.requested) expect(url).toBe('/stream?streams=btcusdt@kline_1m/ethusdt@kline_1m');
    expect(source.stats()).toMatchObject({ connects: 3, stranded: 0, failedBatches: 0 });
    expect(source.stats().ignored).toBeGreaterThan(0); // the stray SOLUSDT frames

    for (const market of COINS) {
      const expected = exchangeCandles(`${market.symbol}USDT`, market.volumeScale);
      const ticks = sink.ticks.filter((tick) => tick.vcId === market.id);
      const folded = fold(ticks);
      expect(folded.map((c) => c.t)).toEqual(expected.map((e) => e.candle.t));
      expect(expected.filter((e) => e.closed)).toHaveLength(4);

      // The first candle was joined 37 s late: its open, high and low came before us, but its close,
      // volume and turnover (cumulative on the exchange) are whole.
      const [first, ...rest] = folded;
      const [firstExpected, ...restExpected] = expected;
      expect(first).toMatchObject({
        c: firstExpected!.candle.c,
        v: firstExpected!.candle.v,
        q: firstExpected!.candle.q,
      });
      expect(first!.h <= firstExpected!.candle.h && first!.l >= firstExpected!.candle.l).toBe(true);
      // Every candle followed from its start is the exchange's, field for field.
      expect(rest).toEqual(restExpected.map((e) => e.candle));
      expect(ticks.every((tick) => tick.volume >= 0n && tick.turnover >= 0n)).toBe(true);
    }
  });

  it('keeps redialling with backoff while the exchange is unreachable', async () => {
    const replay = await startReplay({ dropAfter: [] });
    const { baseUrl } = replay;
    await replay.close(); // nothing listens there now
    const attempts: number[] = [];
    const source = new ExchangeSource({
      baseUrl,
      symbols: usdtSymbols(COINS),
      minBackoffMs: 20,
      maxBackoffMs: 80,
      onError: () => undefined,
      onConnect: () => attempts.push(Date.now()),
    });
    cleanup.push(() => source.stop());
    const sink = recordingSink();
    await source.start(sink.context, sink.onTicks);
    await until(() => attempts.length >= 5, 'five attempts', 5_000);
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(15); // 20 ms ± 20 %
    expect(Math.max(...gaps)).toBeLessThan(500); // capped near 80 ms (plus timer slack)
    expect(gaps[3]! >= gaps[0]!).toBe(true); // it backs off
    await source.stop();
    const stoppedAt = attempts.length;
    await sleep(200);
    expect(attempts).toHaveLength(stoppedAt); // stop() ends the redialling
  });
});
