import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { Ticker } from '@vela/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openStorage, type Storage } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed.ts';
import { MarketRuntime } from '../../src/modules/market/market-runtime.ts';
import { MARKET_CHANNEL } from '../../src/modules/live/market-relay.ts';

/**
 * Two API nodes on one database and one Redis: the leader (the node recording the feed) publishes each
 * second's update, and the follower serves it from its list endpoint and pushes it to its own
 * WebSocket clients.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run this suite through scripts/with-redis.sh');

let dir: string;
let storage: Storage;
let leader: { app: FastifyInstance; market: MarketRuntime };
let follower: { app: FastifyInstance; market: MarketRuntime };

async function node(config: ReturnType<typeof loadConfig>) {
  const market = new MarketRuntime({ db: storage.db });
  const app = await buildApp({ config, storage, market, logger: false });
  await market.ready();
  return { app, market };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-relay-'));
  const config = loadConfig({
    DATA_DIR: dir,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    FEED_BACKFILL: 'none',
  });
  storage = openStorage({ sqlitePath: config.sqlitePath });
  await migrateToLatest(storage);
  await seed(storage.db);
  leader = await node(config);
  follower = await node(config);
  leader.market.setLive(true);
  await follower.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await leader.app.close();
  await follower.app.close();
  await storage.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const listOn = async (app: FastifyInstance): Promise<Ticker[]> =>
  (await app.inject({ method: 'POST', url: '/api/vc/market/list', payload: {} })).json().data as Ticker[];

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('market relay through Redis', () => {
  it("brings the leader's update to the follower's list and to its WebSocket clients", async () => {
    const before = await listOn(follower.app);
    const btc = before.find((t) => t.c === 'BTC');
    expect(btc).toBeDefined();
    const moved: Ticker = { ...btc!, g: '99999.99', l: 1, ts: btc!.ts + 1000 };

    const address = follower.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    const pushed = new Promise<Ticker[]>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { topic: string; data?: Ticker[] };
        const hit = message.topic === 'tickers' ? message.data?.find((t) => t.g === '99999.99') : undefined;
        if (hit) resolve(message.data ?? []);
      });
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ op: 'sub', topic: 'tickers' }));
    // The pong proves the subscription was handled before the update is published.
    await new Promise<void>((resolve) => {
      socket.on('message', (raw) => {
        if (String(raw).includes('"pong"')) resolve();
      });
      socket.send(JSON.stringify({ op: 'ping' }));
    });

    leader.market.events.publish({ timeMs: moved.ts, tickers: [moved], candles: [] });

    const after = await until(
      () => listOn(follower.app),
      (list) => list.some((t) => t.c === 'BTC' && t.g === '99999.99'),
    );
    expect(after.find((t) => t.c === 'BTC')?.g).toBe('99999.99');
    expect((await pushed).some((t) => t.a === btc!.a)).toBe(true);
    socket.close();
  });

  it('publishes only from the node that records the feed', async () => {
    const watcher = new Redis(redisUrl!);
    const seen: string[] = [];
    watcher.on('message', (_channel, message) => seen.push(message));
    await watcher.subscribe(MARKET_CHANNEL);
    const eth = (await listOn(leader.app)).find((t) => t.c === 'ETH')!;

    follower.market.events.publish({ timeMs: Date.now(), tickers: [{ ...eth, g: '1.00' }], candles: [] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);

    leader.market.events.publish({ timeMs: Date.now(), tickers: [{ ...eth, g: '2.00' }], candles: [] });
    await until(
      async () => seen.length,
      (count) => count > 0,
    );
    expect(seen).toHaveLength(1);
    await watcher.quit();
  });
});
