import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerMessage } from '@vela/contract';
import { MarketEvents } from '../../../src/modules/market/market-events.ts';
import { LiveHub, type LiveHubOptions } from '../../../src/modules/live/live-hub.ts';
import { ticker, update } from './live-harness.ts';

/**
 * The hub's fan-out and heartbeat scheduling against stand-in connections, so that the order of
 * writes, event-loop turns and timer beats is exact: a stand-in WebSocket (events, state, ping,
 * close) and its byte stream, which decodes every frame the hub writes.
 */

const T0 = 1_717_243_200_000;

class FakeConnection {
  readonly ws = Object.assign(new EventEmitter(), {
    readyState: WebSocket.OPEN as number,
    bufferedAmount: 0,
    pings: 0,
    terminated: false,
    ping: () => {
      this.ws.pings += 1;
    },
    close: () => {
      this.ws.readyState = WebSocket.CLOSING;
    },
    terminate: () => {
      this.ws.terminated = true;
      this.ws.readyState = WebSocket.CLOSED;
    },
  });
  readonly received: ServerMessage[] = [];
  readonly stream = {
    write: (frame: Buffer) => {
      expect(frame[0]).toBe(0x81);
      const length = frame[1]!;
      const header = length < 126 ? 2 : length === 126 ? 4 : 10;
      this.received.push(JSON.parse(frame.subarray(header).toString('utf8')) as ServerMessage);
      return true;
    },
  };

  /** A client message, as the WebSocket would emit it. */
  say(message: object): void {
    this.ws.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

let hubs: LiveHub[] = [];
afterEach(() => {
  for (const hub of hubs) hub.stop();
  hubs = [];
  vi.useRealTimers();
});

function startHub(options: LiveHubOptions = {}) {
  const events = new MarketEvents();
  const hub = new LiveHub(events, options);
  hub.start();
  hubs.push(hub);
  const attach = () => {
    const connection = new FakeConnection();
    hub.attach(connection.ws as unknown as WebSocket, connection.stream as unknown as Duplex);
    return connection;
  };
  return { events, hub, attach };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

async function drained(hub: LiveHub): Promise<number> {
  let turns = 0;
  while (hub.stats().pendingFrames > 0) {
    await turn();
    turns += 1;
    if (turns > 1_000) throw new Error('the outbox never drained');
  }
  return turns;
}

const prices = (messages: ServerMessage[]) =>
  messages.map((message) =>
    message.topic === 'tickers' ? message.data.map((t) => t.g).join() : message.topic,
  );

describe('live hub: fan-out in slices', () => {
  it('yields the event loop between slices and keeps every client’s updates in publish order', async () => {
    // A zero budget yields at the first clock check: every 64 writes.
    const { events, hub, attach } = startHub({ fanOutSliceMs: 0 });
    const clients = Array.from({ length: 200 }, attach);
    for (const client of clients) client.say({ op: 'sub', topic: 'tickers' });

    events.publish(update(T0, [ticker(1, '1.00')]));
    expect(hub.stats()).toMatchObject({ messagesSent: 64, pendingFrames: 136 });
    events.publish(update(T0 + 1000, [ticker(1, '2.00')])); // queued behind the first
    expect(hub.stats()).toMatchObject({ messagesSent: 64, pendingFrames: 336 });

    expect(await drained(hub)).toBeGreaterThanOrEqual(5);
    expect(hub.stats()).toMatchObject({ messagesSent: 400, encodes: 2, pendingFrames: 0 });
    expect(hub.stats().lastFanOutSlices).toBe(7); // 400 writes, 64 a turn
    for (const client of clients) expect(prices(client.received)).toEqual(['1.00', '2.00']);
  });

  it('writes a small fan-out before publish returns with the default budget', () => {
    const { events, hub, attach } = startHub();
    const clients = Array.from({ length: 50 }, attach);
    for (const client of clients) client.say({ op: 'sub', topic: 'tickers' });
    events.publish(update(T0, [ticker(1, '1.00')]));
    expect(hub.stats()).toMatchObject({ messagesSent: 50, pendingFrames: 0, lastFanOutSlices: 1 });
  });

  it('skips clients that leave during a fan-out and gives a newcomer the snapshot, not the frame in flight', async () => {
    const { events, hub, attach } = startHub({ fanOutSliceMs: 0 });
    const clients = Array.from({ length: 130 }, attach);
    for (const client of clients) client.say({ op: 'sub', topic: 'tickers' });
    events.publish(update(T0, [ticker(1, '1.00'), ticker(2, '5.00')]));
    expect(hub.stats().pendingFrames).toBe(66);

    const leaver = clients[100]!;
    const dropped = clients[101]!;
    leaver.say({ op: 'unsub', topic: 'tickers' });
    dropped.ws.readyState = WebSocket.CLOSED;
    const newcomer = attach();
    newcomer.say({ op: 'sub', topic: 'tickers' });
    // The newcomer's snapshot already holds the update being sent.
    expect(prices(newcomer.received)).toEqual(['1.00,5.00']);

    await drained(hub);
    expect(leaver.received).toEqual([]);
    expect(dropped.received).toEqual([]);
    expect(prices(newcomer.received)).toEqual(['1.00,5.00']);
    for (const client of [...clients.slice(0, 100), ...clients.slice(102)]) {
      expect(prices(client.received)).toEqual(['1.00,5.00']);
    }
    expect(hub.stats().messagesSent).toBe(128);

    // The next update reaches everyone still subscribed, the newcomer too.
    events.publish(update(T0 + 1000, [ticker(1, '2.00')]));
    await drained(hub);
    expect(prices(newcomer.received)).toEqual(['1.00,5.00', '2.00']);
    expect(leaver.received).toEqual([]);
  });

  it('forgets the outbox when it stops', () => {
    const { events, hub, attach } = startHub({ fanOutSliceMs: 0 });
    const clients = Array.from({ length: 100 }, attach);
    for (const client of clients) client.say({ op: 'sub', topic: 'tickers' });
    events.publish(update(T0, [ticker(1, '1.00')]));
    expect(hub.stats().pendingFrames).toBe(36);
    hub.stop();
    expect(hub.stats().pendingFrames).toBe(0);
    for (const client of clients) expect(client.ws.readyState).toBe(WebSocket.CLOSING);
  });
});

describe('live hub: heartbeat groups', () => {
  it('pings one group a second, each client once per heartbeat, and cuts the silent ones at their third beat', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { hub, attach } = startHub({ heartbeatMs: 3_000 });
    const clients = Array.from({ length: 6 }, attach); // groups 0, 1, 2, 0, 1, 2
    const pings = () => clients.map((client) => client.ws.pings);

    vi.advanceTimersByTime(1_000);
    expect(pings()).toEqual([1, 0, 0, 1, 0, 0]);
    vi.advanceTimersByTime(1_000);
    expect(pings()).toEqual([1, 1, 0, 1, 1, 0]);
    vi.advanceTimersByTime(1_000);
    expect(pings()).toEqual([1, 1, 1, 1, 1, 1]);

    // Client 3 answers its pings; every other client stays silent.
    clients[3]!.ws.emit('pong');
    vi.advanceTimersByTime(3_000);
    expect(pings()).toEqual([2, 2, 2, 2, 2, 2]);
    expect(clients.some((client) => client.ws.terminated)).toBe(false);
    clients[3]!.ws.emit('pong');

    vi.advanceTimersByTime(1_000); // group 0's third beat: two pings unanswered
    expect(clients.map((client) => client.ws.terminated)).toEqual([true, false, false, false, false, false]);
    vi.advanceTimersByTime(2_000);
    expect(clients.map((client) => client.ws.terminated)).toEqual([true, true, true, false, true, true]);
    expect(hub.stats().droppedHeartbeat).toBe(5);
    expect(clients[3]!.ws.pings).toBe(3);
  });

  it('pings everyone at once when the heartbeat is shorter than a second', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { attach } = startHub({ heartbeatMs: 100 });
    const clients = Array.from({ length: 4 }, attach);
    vi.advanceTimersByTime(100);
    expect(clients.map((client) => client.ws.pings)).toEqual([1, 1, 1, 1]);
  });
});
