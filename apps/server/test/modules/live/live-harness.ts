import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket, type ClientOptions } from 'ws';
import {
  LIVE_PATH,
  serverMessageSchema,
  type Candle,
  type ClientMessage,
  type KlineInterval,
  type ServerMessage,
  type Ticker,
} from '@vela/contract';
import { MarketEvents, type MarketUpdate } from '../../../src/modules/market/market-events.ts';
import { registerLive, type LiveHub, type LiveHubOptions } from '../../../src/modules/live/live-hub.ts';

/**
 * A minimal server for the live hub (Fastify + the route + a MarketEvents the test publishes into),
 * listening on loopback, and a WebSocket client that queues what it receives.
 */

export interface LiveServer {
  app: FastifyInstance;
  events: MarketEvents;
  hub: LiveHub;
  url: string;
  close(): Promise<void>;
}

export async function startLiveServer(options: LiveHubOptions = {}): Promise<LiveServer> {
  const app = Fastify({ logger: false });
  const events = new MarketEvents();
  const hub = await registerLive(app, events, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, events, hub, url: `ws://127.0.0.1:${port}${LIVE_PATH}`, close: () => app.close() };
}

export interface Closed {
  code: number;
  reason: string;
}

export class TestClient {
  readonly received: ServerMessage[] = [];
  readonly closed: Promise<Closed>;
  private readonly waiters = new Set<() => void>();
  /** Where the next `sync()` starts reading. */
  private cursor = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the server sent a binary frame');
      this.received.push(serverMessageSchema.parse(JSON.parse(String(data))));
      for (const wake of [...this.waiters]) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of [...this.waiters]) wake();
      });
    });
    ws.on('error', () => undefined);
  }

  static async connect(url: string, options: ClientOptions = {}): Promise<TestClient> {
    if (!url.startsWith('ws://127.0.0.1:')) throw new Error(`tests connect to loopback only: ${url}`);
    const ws = new WebSocket(url, options);
    const client = new TestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: ClientMessage | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first received message (from `from` on) that matches, or fails after `timeoutMs`. */
  async waitFor<T extends ServerMessage>(
    match: (message: ServerMessage) => message is T,
    from = 0,
    timeoutMs = 3_000,
  ): Promise<T> {
    const found = () => this.received.slice(from).find(match);
    const hit = found();
    if (hit) return hit;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      const check = () => {
        const message = found();
        if (message) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve(message);
        } else if (!this.open) {
          clearTimeout(timer);
          this.waiters.delete(check);
          reject(new Error(`closed while waiting; got ${JSON.stringify(this.received)}`));
        }
      };
      this.waiters.add(check);
    });
  }

  /**
   * Round trip through the server: the server handles one client's messages in order and writes its
   * frames in order, so once the pong is here, everything it sent before has arrived too. Answers
   * the messages received since the previous sync, up to this pong (which is left out).
   */
  async sync(): Promise<ServerMessage[]> {
    const from = this.cursor;
    this.send({ op: 'ping' });
    const pong = await this.waitFor(isTopic('pong'), from);
    const index = this.received.indexOf(pong);
    this.received.splice(index, 1);
    this.cursor = index;
    return this.received.slice(from, index);
  }

  close(): void {
    this.ws.terminate();
  }
}

export const isTopic =
  <K extends ServerMessage['topic']>(topic: K) =>
  (message: ServerMessage): message is Extract<ServerMessage, { topic: K }> =>
    message.topic === topic;

// ---- fake market data ----------------------------------------------------------------------------

export function ticker(vcId: number, price: string, ts = 1_717_243_200_000): Ticker {
  return {
    a: vcId,
    c: `C${vcId}`,
    g: price,
    j: '1234.5',
    k: '12.34',
    l: 1,
    changePer: 1.25,
    changePerStr: '+1.25%',
    turnover: '98765432.10',
    open: '100.00',
    high: '120.00',
    low: '90.00',
    name: `Coin ${vcId}`,
    type: 1,
    precision: 2,
    ts,
  };
}

export function candle(t: number, close: string): Candle {
  return { t, o: '100.00', h: '120.00', l: '90.00', c: close, v: '10.5', q: '1050.00' };
}

export function update(
  timeMs: number,
  tickers: Ticker[],
  candles: { vcId: number; interval: KlineInterval; candle: Candle }[] = [],
): MarketUpdate {
  return { timeMs, tickers, candles };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms until it holds, or fails after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
