import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openStorage, type Storage } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_ACCOUNTS, seed } from './db/seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens storage, migrates, seeds what is missing and listens. Stopping closes the HTTP server first
 * (finishing requests in flight) and the database last.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
  await migrateToLatest(storage);
  await seed(storage.db);
  const app = await buildApp({ config, storage });
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  return {
    app,
    storage,
    url,
    async stop() {
      await app.close();
      await storage.close();
    },
  };
}

export function startBanner(url: string, config: Config): string {
  const { agent, user } = DEMO_ACCOUNTS;
  return [
    '',
    `  Vela is running at ${url}`,
    `    web app     ${url}/`,
    `    admin       ${url}/admin/`,
    `    API         ${url}/api`,
    `    API docs    ${url}/api/docs`,
    `    storage     ${config.DATABASE_URL ? 'PostgreSQL' : `SQLite ${config.sqlitePath}`}${config.REDIS_URL ? ' + Redis' : ''}`,
    '',
    '  Demo logins',
    `    user        ${user.username} / ${user.password}   (fund password ${user.fundPassword})`,
    `    agent       ${agent.username} / ${agent.password}   (invite code ${agent.inviteCode})`,
    '',
  ].join('\n');
}
