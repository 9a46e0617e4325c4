import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@vela/contract';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { MarketRuntime } from '../../../src/modules/market/market-runtime.ts';
import { createTestStorage, type TestStorage } from '../../helpers/test-app.ts';
import { isTopic, TestClient, ticker, update } from './live-harness.ts';

/** The hub as the whole application wires it: `/api/ws` beside the HTTP API, fed by the market runtime. */

let storage: TestStorage;
let app: FastifyInstance;
let market: MarketRuntime;
let url: string;

beforeAll(async () => {
  storage = await createTestStorage();
  await migrateToLatest(storage.storage);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: storage.dir,
    WEB_DIST: path.join(storage.dir, 'no-web'),
    ADMIN_DIST: path.join(storage.dir, 'no-admin'),
  });
  market = new MarketRuntime({ db: storage.storage.db });
  app = await buildApp({ config, storage: storage.storage, logger: false, market });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${LIVE_PATH}`;
});

afterAll(async () => {
  await app?.close();
  await storage?.dispose();
});

describe('GET /api/ws in the application', () => {
  it('pushes the market runtime updates to subscribers', async () => {
    const client = await TestClient.connect(url);
    try {
      client.send({ op: 'sub', topic: 'tickers' });
      await client.sync();
      market.events.publish(update(1_717_243_200_000, [ticker(1, '67000.00')]));
      expect(await client.sync()).toEqual([{ topic: 'tickers', data: [ticker(1, '67000.00')] }]);
      client.send({ op: 'ping' });
      expect((await client.waitFor(isTopic('pong'))).time).toBeGreaterThan(0);
    } finally {
      client.close();
    }
  });

  it('does not answer a plain HTTP request as if it were a WebSocket', async () => {
    const response = await app.inject({ method: 'GET', url: LIVE_PATH });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
