import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openStorage } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { load, type LoadResult } from './http-load.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * Configuration and notice endpoints under load, beside an empty Fastify route measured in the same
 * run: the ratio says how much of the machine's HTTP capacity our envelope, validation, localized
 * cache and database reads keep.
 */
export async function benchSystemEndpoints(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-bench-'));
  // The per-address limit would answer most of the load with 429; here the endpoints themselves are measured.
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const storage = openStorage({ sqlitePath: config.sqlitePath });
  await migrateToLatest(storage);
  await seed(storage.db);
  const app = await buildApp({ config, storage, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseline = Fastify();
  baseline.post('/empty', async () => ({ success: true }));
  await baseline.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (server: { server: { address(): unknown } }) => {
    const address = server.server.address() as { port?: number } | string | null;
    return typeof address === 'object' && address ? (address.port ?? 0) : 0;
  };

  try {
    const empty = await load(`http://127.0.0.1:${portOf(baseline)}/empty`, {});
    const api = `http://127.0.0.1:${portOf(app)}/api`;
    const rows: [string, LoadResult][] = [
      ['empty Fastify route (reference)', empty],
      [
        '/sys-config/simple-list',
        await load(`${api}/sys-config/simple-list`, {}, { headers: { lang: 'kr' } }),
      ],
      ['/sys-notice/list', await load(`${api}/sys-notice/list`, { languageCode: 'en' })],
    ];
    console.log('\nSystem endpoints, 100 connections, 8 s each');
    for (const [name, result] of rows) {
      const ratio = (result.requestsPerSecond / empty.requestsPerSecond).toFixed(2);
      console.log(
        `  ${name.padEnd(34)} ${String(result.requestsPerSecond).padStart(7)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms   ratio ${ratio}   errors ${result.errors + result.non2xx}`,
      );
    }
  } finally {
    await app.close();
    await baseline.close();
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await benchSystemEndpoints();
