import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { preHashPassword } from '@vela/domain';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openStorage, type Storage } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { DEMO_ACCOUNTS, seed } from '../../src/seed.ts';
import { RedisAttemptStore } from '../../src/lib/attempt-limiter.ts';

/**
 * Scale-out mode: with REDIS_URL set, API nodes share their attempt counters through Redis, so a
 * guesser cannot multiply their tries by spreading them over nodes. Two apps on one database stand in
 * for two nodes.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run this suite through scripts/with-redis.sh');

let redis: Redis;
let storage: Storage;
let nodes: FastifyInstance[];
let dir: string;

beforeAll(async () => {
  redis = new Redis(redisUrl);
  // Only this file's keys: other files of the suite use the same server at the same time.
  await redis.del('test:k', 'test:short');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-redis-'));
  const config = loadConfig({ DATA_DIR: dir, REDIS_URL: redisUrl, LOG_LEVEL: 'silent' });
  storage = openStorage({ sqlitePath: config.sqlitePath });
  await migrateToLatest(storage);
  await seed(storage.db);
  await storage.db
    .updateTable('users')
    .set({ username: LOCKED_USERNAME, username_key: LOCKED_USERNAME })
    .where('username_key', '=', DEMO_ACCOUNTS.user.username)
    .execute();
  nodes = [
    await buildApp({ config, storage, logger: false }),
    await buildApp({ config, storage, logger: false }),
  ];
});

afterAll(async () => {
  for (const node of nodes) await node.close();
  await storage.close();
  await redis.quit();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The member whose account this file locks: the seeded demo member renamed in this file's own
 * database. The attempt counters live in the shared Redis under the username, and the other files
 * of the suite sign the demo member in at the same time; locking it would lock them out too.
 */
const LOCKED_USERNAME = `so${randomBytes(3).toString('hex')}`;

const login = (node: FastifyInstance, password: string) =>
  node.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: {
      username: LOCKED_USERNAME,
      password: preHashPassword(password),
      deviceId: 'scale-out-test',
      deviceType: 'H5',
    },
  });

describe('RedisAttemptStore', () => {
  it('counts hits in a window shared by every client, and clears', async () => {
    const a = new RedisAttemptStore(redis, 'test:');
    const b = new RedisAttemptStore(new Redis(redisUrl), 'test:');
    expect((await a.hit('k', 10_000)).count).toBe(1);
    expect((await b.hit('k', 10_000)).count).toBe(2);
    const peek = await a.peek('k');
    expect(peek.count).toBe(2);
    expect(peek.resetInMs).toBeGreaterThan(0);
    expect(peek.resetInMs).toBeLessThanOrEqual(10_000);
    await b.clear('k');
    expect((await a.peek('k')).count).toBe(0);
  });

  it('starts a new window once the old one expires', async () => {
    const store = new RedisAttemptStore(redis, 'test:');
    await store.hit('short', 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await store.hit('short', 50)).count).toBe(1);
  });
});

describe('two API nodes sharing Redis', () => {
  it('locks an account after five failures spread over both nodes', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(nodes[attempt % 2]!, 'wrong-password');
      expect(response.json()).toMatchObject({ success: false, code: 'LOGIN_FAILED' });
    }
    // The sixth try is refused on either node, even with the right password.
    for (const node of nodes) {
      const response = await login(node, DEMO_ACCOUNTS.user.password);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    }
    const keys = await redis.keys(`vela:attempts:login:${LOCKED_USERNAME}*`);
    expect(keys.length).toBe(1);
  });
});
