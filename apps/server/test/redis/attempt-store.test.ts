import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { Redis } from 'ioredis';
import { RedisAttemptStore } from '../../src/lib/attempt-limiter.ts';
import { attemptStoreSpec } from '../helpers/attempt-store-spec.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run this suite through scripts/with-redis.sh');

/**
 * The Redis store's reservations (decision 036). Each store gets a client of its own, as each API
 * node has, so the cases taken at once really race on the server.
 */
describe('RedisAttemptStore reservations', () => {
  const clients: Redis[] = [];
  const prefix = `test:reserve:${randomBytes(4).toString('hex')}:`;
  let now = 1_700_000_000_000;
  let keys = 0;

  beforeAll(() => {
    for (let i = 0; i < 3; i += 1) clients.push(new Redis(redisUrl));
  });
  afterAll(async () => {
    for (const client of clients) await client.quit();
  });

  attemptStoreSpec({
    // Every call goes through the next client in turn, so concurrent reservations come from several.
    store: () => {
      const stores = clients.map((client) => new RedisAttemptStore(client, prefix, () => now));
      let next = 0;
      const pick = () => stores[(next += 1) % stores.length]!;
      return {
        reserve: (...args) => pick().reserve(...args),
        settle: (...args) => pick().settle(...args),
        forgive: (...args) => pick().forgive(...args),
        reserveSpaced: (...args) => pick().reserveSpaced(...args),
        hit: (...args) => pick().hit(...args),
        peek: (...args) => pick().peek(...args),
        clear: (...args) => pick().clear(...args),
      };
    },
    elapse: async (ms) => {
      now += ms;
    },
    endWindows: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    key: (name) => `${name}-${(keys += 1)}`,
  });
});
