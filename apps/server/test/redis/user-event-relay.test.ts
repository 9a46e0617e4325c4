import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { LIVE_PATH, type ServerMessage, type UserLiveEvent } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openStorage, type Storage } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { DEMO_ACCOUNTS, seed } from '../../src/seed.ts';
import { createMoney, type Money } from '../../src/modules/ledger/money.ts';
import { USER_EVENTS_CHANNEL } from '../../src/modules/live/user-event-relay.ts';
import { postAdjustment } from '../../src/modules/wallet/adjustments.ts';
import { isTopic, TestClient } from '../modules/live/live-harness.ts';

/**
 * Scale-out mode (decision 024): a user's socket is on one API node and the money moves through
 * another. Two apps on one database and one Redis stand in for two nodes; the event must reach the
 * user's socket on the other node, once, and nobody else's.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run this suite through scripts/with-redis.sh');

let dir: string;
let storage: Storage;
let money: Money;
let moving: FastifyInstance;
let listening: FastifyInstance;
const clients: TestClient[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-user-relay-'));
  const config = loadConfig({
    DATA_DIR: dir,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    FEED_BACKFILL: 'none',
  });
  storage = openStorage({ sqlitePath: config.sqlitePath });
  await migrateToLatest(storage);
  await seed(storage.db);
  money = createMoney(storage);
  moving = await buildApp({ config, storage, money, logger: false });
  listening = await buildApp({ config, storage, logger: false });
  await moving.listen({ host: '127.0.0.1', port: 0 });
  await listening.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await moving.close();
  await listening.close();
  await storage.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const liveUrl = (node: FastifyInstance) =>
  `ws://127.0.0.1:${(node.server.address() as AddressInfo).port}${LIVE_PATH}`;

async function signIn(account: { username: string; password: string }) {
  const response = await moving.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: {
      username: account.username,
      password: preHashPassword(account.password),
      deviceId: 'user-relay-test',
      deviceType: 'H5',
    },
  });
  const token = (response.json() as { data: { token: string } }).data.token;
  const row = await storage.db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', account.username.toLowerCase())
    .executeTakeFirstOrThrow();
  return { token, userId: row.id };
}

async function subscribed(node: FastifyInstance, token: string): Promise<TestClient> {
  const client = await TestClient.connect(liveUrl(node));
  clients.push(client);
  client.send({ op: 'sub', topic: 'user', token });
  expect((await client.waitFor(isTopic('user'))).status).toBe('subscribed');
  return client;
}

const userEvents = (messages: readonly ServerMessage[]) =>
  messages.filter((m) => m.topic === 'timing' || m.topic === 'wallet' || m.topic === 'funding');

describe('user events across API nodes', () => {
  it("reach the user's socket on another node, once, and nobody else's", async () => {
    const demo = await signIn(DEMO_ACCOUNTS.user);
    const agent = await signIn(DEMO_ACCOUNTS.agent);
    const usdt = await storage.db
      .selectFrom('vc')
      .select('id')
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const elsewhere = await subscribed(listening, demo.token);
    const here = await subscribed(moving, demo.token);
    const otherUser = await subscribed(listening, agent.token);
    await Promise.all([elsewhere.sync(), here.sync(), otherUser.sync()]);

    // Something that is not a relay message on the channel changes nothing and stops nothing.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const intruder = new Redis(redisUrl!);
    await intruder.publish(USER_EVENTS_CHANNEL, 'not json');
    await intruder.publish(
      USER_EVENTS_CHANNEL,
      JSON.stringify({ origin: 'someone', events: [[demo.userId, { topic: 'tickers', data: [] }]] }),
    );
    await intruder.quit();

    await money.committer.run((trx) =>
      postAdjustment(money, trx, {
        operatorId: 0,
        userId: demo.userId,
        vcId: usdt.id,
        deltaMinor: 1_000_000n,
        reason: 'relay test',
      }),
    );
    const credited: UserLiveEvent = { topic: 'wallet', vcId: usdt.id, type: 'adjustment' };
    const isCredit = (message: ServerMessage): message is Extract<ServerMessage, { topic: 'wallet' }> =>
      JSON.stringify(message) === JSON.stringify(credited);
    await elsewhere.waitFor(isCredit, 0, 5_000);
    await here.waitFor(isCredit, 0, 5_000);

    // The node that made the event delivered it itself and skips its own copy from Redis. A marker
    // published on the channel after that copy arrives after it: once the marker is here, a
    // duplicate would be too.
    const marker: UserLiveEvent = { topic: 'funding', kind: 'recharge', id: 987_654, status: 'pending' };
    const barrier = new Redis(redisUrl!);
    await barrier.publish(
      USER_EVENTS_CHANNEL,
      JSON.stringify({ origin: 'barrier', events: [[demo.userId, marker]] }),
    );
    await barrier.quit();
    const isMarker = (message: ServerMessage): message is Extract<ServerMessage, { topic: 'funding' }> =>
      JSON.stringify(message) === JSON.stringify(marker);
    await here.waitFor(isMarker, 0, 5_000);
    await elsewhere.waitFor(isMarker, 0, 5_000);
    expect(userEvents(await here.sync())).toEqual([credited, marker]);
    expect(userEvents(await elsewhere.sync())).toEqual([credited, marker]);
    expect(userEvents(await otherUser.sync())).toEqual([]);
    // Each node reported the unreadable message; the tickers message was dropped without a word.
    expect(errors.mock.calls.map(([text]) => text)).toEqual([
      '[live] a relayed user-event message is unreadable',
      '[live] a relayed user-event message is unreadable',
    ]);
    errors.mockRestore();
  });
});
