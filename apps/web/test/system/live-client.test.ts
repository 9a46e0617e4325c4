import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle, Ticker } from '@vela/contract';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  HEARTBEAT_MS,
  LiveClient,
  liveUrl,
  POLL_MS,
  type LiveStatus,
  type SocketLike,
  type VisibilitySource,
} from '../../src/system/live-client.ts';

/** A WebSocket stand-in the test opens, feeds and closes by hand. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

class FakeVisibility implements VisibilitySource {
  isHidden = false;
  private listeners = new Set<() => void>();
  hidden() {
    return this.isHidden;
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(hidden: boolean) {
    this.isHidden = hidden;
    for (const listener of this.listeners) listener();
  }
}

function ticker(a: number, g = '100', ts = 1): Ticker {
  return {
    a,
    c: `C${a}`,
    g,
    j: '1',
    k: '0',
    l: 0,
    changePer: 0,
    changePerStr: '0%',
    turnover: '10',
    open: g,
    high: g,
    low: g,
    name: `Coin ${a}`,
    type: 1,
    precision: 2,
    ts,
  };
}

const candle = (t: number, c = '1'): Candle => ({ t, o: '1', h: '1', l: '1', c, v: '1', q: '1' });

function setup(options: { fetchTickers?: () => Promise<Ticker[]> } = {}) {
  const visibility = new FakeVisibility();
  const onTickers = vi.fn<(tickers: Ticker[], complete: boolean) => void>();
  const statuses: LiveStatus[] = [];
  const fetchTickers = vi.fn(options.fetchTickers ?? (async () => [ticker(1)]));
  const fetchKline = vi.fn(async () => [candle(60_000), candle(120_000)]);
  const client = new LiveClient({
    url: () => 'ws://test/api/ws',
    createSocket: (url) => new FakeSocket(url),
    fetchTickers,
    fetchKline,
    onTickers,
    onStatus: (status) => statuses.push(status),
    visibility,
    random: () => 0.5,
  });
  const socket = () => FakeSocket.all[FakeSocket.all.length - 1]!;
  return { client, visibility, onTickers, statuses, fetchTickers, fetchKline, socket };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('live client: the socket', () => {
  it('subscribes to the tickers on open and puts pushed tickers through as partial updates', async () => {
    const { client, socket, onTickers, statuses, fetchTickers } = setup();
    client.start();
    expect(socket().url).toBe('ws://test/api/ws');
    socket().open();
    expect(socket().sent).toEqual([{ op: 'sub', topic: 'tickers' }]);
    socket().push({ topic: 'tickers', data: [ticker(2, '5')] });
    expect(onTickers).toHaveBeenCalledWith([ticker(2, '5')], false);
    expect(statuses).toEqual(['connecting', 'open']);
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchTickers).not.toHaveBeenCalled();
    client.stop();
  });

  it('sends kline subscriptions, delivers candles to their listeners, and unsubscribes the last one', () => {
    const { client, socket } = setup();
    client.start();
    socket().open();
    const a = vi.fn();
    const b = vi.fn();
    const offA = client.subscribeKline(7, '1m', a);
    const offB = client.subscribeKline(7, '1m', b);
    expect(socket().sent).toEqual([
      { op: 'sub', topic: 'tickers' },
      { op: 'sub', topic: 'kline', vcId: 7, interval: '1m' },
    ]);
    socket().push({ topic: 'kline', vcId: 7, interval: '1m', data: candle(60_000) });
    socket().push({ topic: 'kline', vcId: 7, interval: '5m', data: candle(0) });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledWith(candle(60_000));
    offA();
    expect(socket().sent).toHaveLength(2);
    offB();
    expect(socket().sent.at(-1)).toEqual({ op: 'unsub', topic: 'kline', vcId: 7, interval: '1m' });
    client.stop();
  });

  it('reconnects with exponential backoff and subscribes again to everything', async () => {
    const { client, socket, statuses } = setup();
    client.start();
    client.subscribeKline(3, '15m', () => undefined);
    socket().open();
    socket().drop();
    expect(statuses.at(-1)).toBe('down');
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    socket().drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    socket().drop();
    await vi.advanceTimersByTimeAsync(4000);
    expect(FakeSocket.all).toHaveLength(4);
    socket().open();
    expect(socket().sent).toEqual([
      { op: 'sub', topic: 'tickers' },
      { op: 'sub', topic: 'kline', vcId: 3, interval: '15m' },
    ]);
    // A successful connection resets the backoff.
    socket().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(5);
    client.stop();
  });

  it('sends a ping every 15 s and replaces a socket that stays silent for two periods', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, socket } = setup();
    client.start();
    socket().open();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(socket().sent.at(-1)).toEqual({ op: 'ping' });
    socket().push({ topic: 'pong', time: Date.now() });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    // Silent since the pong: closed, and a new socket follows after the first backoff step.
    expect(FakeSocket.all[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(warn).toHaveBeenCalled();
    client.stop();
    warn.mockRestore();
  });

  it('gives up on a handshake that never completes', async () => {
    const { client, statuses } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses).toEqual(['connecting', 'down']);
    client.stop();
  });
});

describe('live client: the polling fallback', () => {
  it('polls at once when the socket is down, then every 3000 ms, and stops when it is back', async () => {
    const { client, socket, fetchTickers, onTickers } = setup();
    client.start();
    socket().drop();
    expect(client.isPolling).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    expect(onTickers).toHaveBeenLastCalledWith([ticker(1)], true);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchTickers).toHaveBeenCalledTimes(2);
    // The reconnect (after 1 s) is long done; it succeeds now.
    socket().open();
    expect(client.isPolling).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(fetchTickers).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('retries after a failed poll, on the same interval', async () => {
    let fail = true;
    const { client, socket, fetchTickers, onTickers } = setup({
      fetchTickers: async () => {
        if (fail) throw new Error('offline');
        return [ticker(9)];
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.start();
    socket().drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    expect(onTickers).not.toHaveBeenCalled();
    fail = false;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchTickers).toHaveBeenCalledTimes(2);
    expect(onTickers).toHaveBeenCalledWith([ticker(9)], true);
    client.stop();
  });

  it('pauses while the page is hidden and polls at once when it is visible again', async () => {
    const { client, socket, fetchTickers, visibility } = setup();
    client.start();
    socket().drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTickers).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchTickers).toHaveBeenCalledTimes(3);
    client.stop();
  });

  it('does not start polling while hidden, and a hidden page becoming visible with the socket open does not poll', async () => {
    const { client, socket, fetchTickers, visibility } = setup();
    visibility.isHidden = true;
    client.start();
    socket().drop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchTickers).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    socket().open();
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchTickers).not.toHaveBeenCalled();
    client.stop();
  });

  it('polls the subscribed candles too and hands them to the listeners, oldest first', async () => {
    const { client, socket, fetchKline } = setup();
    const listener = vi.fn();
    client.subscribeKline(5, '1h', listener);
    client.start();
    socket().drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchKline).toHaveBeenCalledWith(5, '1h');
    expect(listener.mock.calls.map(([c]) => (c as Candle).t)).toEqual([60_000, 120_000]);
    client.stop();
  });

  it('stops everything on stop()', async () => {
    const { client, socket, fetchTickers, statuses } = setup();
    client.start();
    socket().drop();
    await vi.advanceTimersByTimeAsync(0);
    client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.at(-1)).toBe('idle');
  });
});

describe('live client: helpers', () => {
  it('doubles the backoff from 1 s up to 30 s, with ±25 % jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(750);
    expect(backoffDelay(99, () => 0.999_999)).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.25);
  });

  it('derives the WebSocket address from the chosen server line', () => {
    expect(liveUrl('', { protocol: 'https:', host: 'app.example' })).toBe('wss://app.example/api/ws');
    expect(liveUrl('', { protocol: 'http:', host: 'localhost:4173' })).toBe('ws://localhost:4173/api/ws');
    expect(liveUrl('https://line2.example/', { protocol: 'http:', host: 'x' })).toBe(
      'wss://line2.example/api/ws',
    );
    expect(liveUrl('http://10.0.0.5:8080', { protocol: 'https:', host: 'x' })).toBe(
      'ws://10.0.0.5:8080/api/ws',
    );
  });
});
