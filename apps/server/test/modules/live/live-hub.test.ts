import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientOptions } from 'ws';
import { klineTopicKey, type ServerMessage } from '@vela/contract';
import {
  candle,
  isTopic,
  sleep,
  startLiveServer,
  ticker,
  TestClient,
  until,
  update,
  type LiveServer,
} from './live-harness.ts';
import { textFrame, type LiveHubOptions } from '../../../src/modules/live/live-hub.ts';

const T0 = 1_717_243_200_000;

let server: LiveServer | null = null;
const clients: TestClient[] = [];

async function start(options: LiveHubOptions = {}): Promise<LiveServer> {
  server = await startLiveServer(options);
  return server;
}

async function connect(options: ClientOptions = {}): Promise<TestClient> {
  if (!server) throw new Error('start the server first');
  const expected = server.hub.stats().clients + 1;
  const client = await TestClient.connect(server.url, options);
  clients.push(client);
  await until(() => (server?.hub.stats().clients ?? 0) >= expected, 'the hub to see the client');
  return client;
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) client.close();
  await server?.close();
  server = null;
});

const topics = (messages: ServerMessage[]) => messages.map((message) => message.topic);

describe('live hub: subscriptions', () => {
  it('answers a user subscription "unavailable" when it has no user channel, and sends no user event', async () => {
    await start();
    const client = await connect();
    client.send({ op: 'sub', topic: 'user', token: 'any-token' });
    client.send({ op: 'unsub', topic: 'user' });
    expect(await client.sync()).toEqual([{ topic: 'user', status: 'unavailable' }]);
  });

  it('sends tickers to subscribers only, and nothing after unsub', async () => {
    const { events, hub } = await start();
    const subscriber = await connect();
    const bystander = await connect();
    subscriber.send({ op: 'sub', topic: 'tickers' });
    await subscriber.sync();
    expect(hub.subscriberCount('tickers')).toBe(1);

    events.publish(update(T0, [ticker(1, '67000.00'), ticker(2, '3500.00')]));
    const got = await subscriber.sync();
    expect(got).toEqual([{ topic: 'tickers', data: [ticker(1, '67000.00'), ticker(2, '3500.00')] }]);
    expect(await bystander.sync()).toEqual([]);

    subscriber.send({ op: 'unsub', topic: 'tickers' });
    await subscriber.sync();
    expect(hub.subscriberCount('tickers')).toBe(0);
    events.publish(update(T0 + 1000, [ticker(1, '67001.00')]));
    expect(await subscriber.sync()).toEqual([]);
    expect(await bystander.sync()).toEqual([]);
  });

  it('sends each kline subscriber only its coin and interval', async () => {
    const { events, hub } = await start();
    const btc1m = await connect();
    const eth5m = await connect();
    btc1m.send({ op: 'sub', topic: 'kline', vcId: 1, interval: '1m' });
    eth5m.send({ op: 'sub', topic: 'kline', vcId: 2, interval: '5m' });
    await Promise.all([btc1m.sync(), eth5m.sync()]);
    expect(hub.stats()).toMatchObject({ klineTopics: 2, klineSubscriptions: 2, tickerSubscribers: 0 });

    events.publish(
      update(
        T0,
        [ticker(1, '67000.00')],
        [
          { vcId: 1, interval: '1m', candle: candle(T0, '67000.00') },
          { vcId: 1, interval: '5m', candle: candle(T0, '67000.00') },
          { vcId: 2, interval: '1m', candle: candle(T0, '3500.00') },
          { vcId: 2, interval: '5m', candle: candle(T0, '3500.00') },
        ],
      ),
    );
    expect(await btc1m.sync()).toEqual([
      { topic: 'kline', vcId: 1, interval: '1m', data: candle(T0, '67000.00') },
    ]);
    expect(await eth5m.sync()).toEqual([
      { topic: 'kline', vcId: 2, interval: '5m', data: candle(T0, '3500.00') },
    ]);

    btc1m.send({ op: 'unsub', topic: 'kline', vcId: 1, interval: '1m' });
    await btc1m.sync();
    events.publish(update(T0 + 1000, [], [{ vcId: 1, interval: '1m', candle: candle(T0, '67010.00') }]));
    expect(await btc1m.sync()).toEqual([]);
    expect(hub.subscriberCount(klineTopicKey(1, '1m'))).toBe(0);
  });

  it('sends the current candle and all known tickers at once on subscribe', async () => {
    const { events } = await start();
    events.publish(
      update(
        T0,
        [ticker(1, '67000.00'), ticker(2, '3500.00')],
        [{ vcId: 1, interval: '1m', candle: candle(T0, '67000.00') }],
      ),
    );
    events.publish(update(T0 + 1000, [ticker(1, '67005.00')]));
    const late = await connect();
    late.send({ op: 'sub', topic: 'kline', vcId: 1, interval: '1m' });
    late.send({ op: 'sub', topic: 'tickers' });
    expect(await late.sync()).toEqual([
      { topic: 'kline', vcId: 1, interval: '1m', data: candle(T0, '67000.00') },
      { topic: 'tickers', data: [ticker(1, '67005.00'), ticker(2, '3500.00')] },
    ]);
  });

  it('caps kline subscriptions per client', async () => {
    const { hub } = await start({ maxKlineTopics: 2 });
    const client = await connect();
    client.send({ op: 'sub', topic: 'kline', vcId: 1, interval: '1m' });
    client.send({ op: 'sub', topic: 'kline', vcId: 1, interval: '1m' }); // again: no new topic
    client.send({ op: 'sub', topic: 'kline', vcId: 2, interval: '1m' });
    client.send({ op: 'sub', topic: 'kline', vcId: 3, interval: '1m' });
    const got = await client.sync();
    expect(got).toEqual([{ topic: 'error', message: expect.stringContaining('at most 2') }]);
    expect(hub.stats().klineSubscriptions).toBe(2);
    expect(hub.subscriberCount(klineTopicKey(3, '1m'))).toBe(0);
  });
});

describe('live hub: one encode per topic', () => {
  it('stringifies each topic once per update and sends the same bytes to every subscriber', async () => {
    const { events, hub } = await start();
    const tickerClients = [await connect(), await connect(), await connect(), await connect()];
    const chartClients = [await connect(), await connect()];
    for (const client of tickerClients) client.send({ op: 'sub', topic: 'tickers' });
    for (const client of chartClients) client.send({ op: 'sub', topic: 'kline', vcId: 1, interval: '1m' });
    await Promise.all([...tickerClients, ...chartClients].map((client) => client.sync()));

    const stringify = vi.spyOn(JSON, 'stringify');
    const write = vi.spyOn(Socket.prototype, 'write');
    const before = hub.stats();
    events.publish(
      update(
        T0,
        [ticker(1, '67000.00'), ticker(2, '3500.00')],
        [
          { vcId: 1, interval: '1m', candle: candle(T0, '67000.00') },
          { vcId: 2, interval: '1m', candle: candle(T0, '3500.00') }, // no subscriber: never encoded
        ],
      ),
    );
    // publish() fans out synchronously, so everything it did is counted here.
    expect(stringify).toHaveBeenCalledTimes(2);
    expect(hub.stats().encodes - before.encodes).toBe(2);
    expect(hub.stats().messagesSent - before.messagesSent).toBe(6);
    // One write per subscriber, each a whole text frame (FIN + opcode 1, a 16-bit length here).
    expect(write).toHaveBeenCalledTimes(6);
    const frames = write.mock.calls.map(([data]) => data as Buffer);
    for (const frame of frames) {
      expect(frame[0]).toBe(0x81);
      expect(frame[1]).toBe(126);
      expect(frame.readUInt16BE(2)).toBe(frame.length - 4);
    }
    const text = (frame: Buffer) => frame.subarray(4).toString('utf8');
    const tickerFrames = frames.filter((frame) => text(frame).startsWith('{"topic":"tickers"'));
    const klineFrames = frames.filter((frame) => text(frame).startsWith('{"topic":"kline"'));
    expect(tickerFrames).toHaveLength(4);
    expect(klineFrames).toHaveLength(2);
    for (const frame of tickerFrames) expect(frame).toBe(tickerFrames[0]);
    for (const frame of klineFrames) expect(frame).toBe(klineFrames[0]);
    stringify.mockRestore();
    write.mockRestore();

    for (const client of tickerClients) {
      expect(topics(await client.sync())).toEqual(['tickers']);
    }
    for (const client of chartClients) expect(topics(await client.sync())).toEqual(['kline']);
  });
});

describe('live hub: framing', () => {
  it('frames messages of every length a WebSocket header can carry', async () => {
    const { events } = await start();
    const client = await connect();
    client.send({ op: 'sub', topic: 'tickers' });
    await client.sync();
    // About 0.3 kB, 56 kB and 112 kB: a 16-bit length, the largest 16-bit lengths, a 64-bit length.
    const sizes = [1, 200, 400];
    for (const [step, size] of sizes.entries()) {
      const tickers = Array.from({ length: size }, (_, i) => ticker(i + 1, `${step}.${i}`));
      events.publish(update(T0 + step * 1000, tickers));
    }
    const got = await client.sync();
    expect(got.map((message) => (message.topic === 'tickers' ? message.data.length : 0))).toEqual(sizes);
    expect(got[2]).toEqual({
      topic: 'tickers',
      data: Array.from({ length: 400 }, (_, i) => ticker(i + 1, `2.${i}`)),
    });
  });

  it('writes the payload length in the shortest form the protocol allows', () => {
    const header = (length: number) => [...textFrame(Buffer.alloc(length, 0x20)).subarray(0, 10)];
    expect(header(0).slice(0, 2)).toEqual([0x81, 0]);
    expect(header(125).slice(0, 2)).toEqual([0x81, 125]);
    expect(header(126).slice(0, 4)).toEqual([0x81, 126, 0, 126]);
    expect(header(65_535).slice(0, 4)).toEqual([0x81, 126, 0xff, 0xff]);
    expect(header(65_536)).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    const frame = textFrame(Buffer.from('{"topic":"pong","time":1}'));
    expect(frame.length).toBe(2 + 25);
    expect(frame.subarray(2).toString()).toBe('{"topic":"pong","time":1}');
  });
});

describe('live hub: protocol', () => {
  it('answers ping with pong and the server time', async () => {
    await start();
    const client = await connect();
    const before = Date.now();
    client.send({ op: 'ping' });
    const pong = await client.waitFor(isTopic('pong'));
    expect(pong.time).toBeGreaterThanOrEqual(before);
    expect(pong.time).toBeLessThanOrEqual(Date.now());
  });

  it('answers malformed messages with an error and keeps the connection open', async () => {
    const { events } = await start();
    const client = await connect();
    const bad = [
      'not json',
      '[1,2]',
      '{"op":"dance"}',
      '{"op":"sub","topic":"news"}',
      '{"op":"sub","topic":"kline","vcId":-1,"interval":"1m"}',
      '{"op":"sub","topic":"kline","vcId":1,"interval":"2m"}',
    ];
    for (const text of bad) client.send(text);
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    const got = await client.sync();
    expect(topics(got)).toEqual(Array(bad.length + 1).fill('error'));
    const messages = got.map((message) => (message.topic === 'error' ? message.message : ''));
    expect(messages[0]).toMatch(/Malformed message/);
    expect(messages[2]).toMatch(/Unknown op "dance"/);
    expect(messages[3]).toMatch(/Unknown topic "news"/);
    expect(messages[5]).toMatch(/interval one of 1m, 5m/);
    expect(messages[6]).toMatch(/Binary frames/);

    expect(client.open).toBe(true);
    client.send({ op: 'sub', topic: 'tickers' });
    await client.sync();
    events.publish(update(T0, [ticker(1, '1.00')]));
    expect(topics(await client.sync())).toEqual(['tickers']);
  });

  it('closes a client that floods messages (1008) and one that sends oversized frames', async () => {
    const { hub } = await start({ messageBurst: 5, messagesPerSecond: 1 });
    const flooder = await connect();
    for (let i = 0; i < 20; i += 1) flooder.send({ op: 'ping' });
    expect((await flooder.closed).code).toBe(1008);
    expect(hub.stats().droppedAbuse).toBe(1);
    await until(() => hub.stats().clients === 0, 'the flooder to be gone');

    const big = await connect();
    big.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(10_000) }));
    expect((await big.closed).code).toBe(1009);
    await until(() => hub.stats().clients === 0, 'the oversized sender to be gone');
  });
});

describe('live hub: backpressure', () => {
  it('drops a client that stops reading while the others keep receiving', async () => {
    const cap = 256 * 1024;
    const { events, hub } = await start({ maxBufferedBytes: cap, closeGraceMs: 200 });
    const slow = await connect();
    const normal = await connect();
    slow.send({ op: 'sub', topic: 'tickers' });
    normal.send({ op: 'sub', topic: 'tickers' });
    await Promise.all([slow.sync(), normal.sync()]);

    // Stop reading: the kernel buffers fill, then the server's own queue for this socket grows.
    const rawSocket = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    rawSocket.pause();
    const big = Array.from({ length: 400 }, (_, i) => ticker(i + 1, `${60_000 + i}.00`)); // ~130 KB
    let published = 0;
    for (; published < 1_000 && hub.stats().droppedSlow === 0; published += 1) {
      events.publish(update(T0 + published * 1000, big));
      await sleep(2);
    }
    expect(hub.stats().droppedSlow).toBe(1);
    expect(hub.subscriberCount('tickers')).toBe(1);

    // The normal client got every update and goes on receiving.
    expect((await normal.sync()).filter(isTopic('tickers'))).toHaveLength(published);
    events.publish(update(T0 + published * 1000, [ticker(1, '1.00')]));
    const last = await normal.sync();
    expect(last).toEqual([{ topic: 'tickers', data: [ticker(1, '1.00')] }]);

    // The slow one is closed: with 1013 if it reads the close frame in time, else the socket is cut.
    await until(() => hub.stats().clients === 1, 'the slow client to be released', 5_000);
    rawSocket.resume();
    const { code } = await slow.closed;
    expect([1013, 1006]).toContain(code);
  });
});

describe('live hub: heartbeat', () => {
  it('terminates a client that never answers pings and keeps one that does', async () => {
    const { hub } = await start({ heartbeatMs: 100 });
    const silent = await connect({ autoPong: false });
    const lively = await connect();
    const { code } = await silent.closed;
    expect(code).toBe(1006); // terminated: no close frame
    expect(hub.stats().droppedHeartbeat).toBe(1);
    await sleep(400); // four more beats
    expect(lively.open).toBe(true);
    expect(hub.stats()).toMatchObject({ clients: 1, droppedHeartbeat: 1 });
  });

  it('closes clients with 1001 when the app closes', async () => {
    const live = await start();
    const client = await connect();
    await live.close();
    server = null;
    expect((await client.closed).code).toBe(1001);
  });
});
