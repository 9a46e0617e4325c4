import { defineConfig } from 'vitest/config';

// One Vitest run covers every package. Each project keeps its own environment: the web app needs
// jsdom, everything else runs in plain Node against real SQLite files. The server suite runs a second
// time against PostgreSQL when TEST_DATABASE_URL is set (scripts/with-postgres.sh). The scale-out
// suite needs Redis (project `server-redis`, under scripts/with-redis.sh); that project exists only
// when a Redis server is given, so the default run never skips a test silently.
//
// The server's test files share their worker's imports (`isolate: false`): each file builds its own
// app and database, and no server module keeps state that one file could leave to another, so the
// suite skips re-importing the server for every file and takes about half the time. scripts/test.sh
// runs the server project in its own Vitest run, apart from the jsdom projects.
const serverTest = { testTimeout: 20_000, hookTimeout: 30_000, isolate: false };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['test/**/*.test.ts'] } },
      { test: { name: 'client', root: 'packages/client', include: ['test/**/*.test.ts'] } },
      { test: { name: 'tools', root: 'tools', include: ['**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/redis/**', '**/node_modules/**'],
          ...serverTest,
        },
      },
      ...(process.env.TEST_REDIS_URL
        ? [
            {
              test: {
                name: 'server-redis',
                root: 'apps/server',
                include: ['test/redis/**/*.test.ts'],
                ...serverTest,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
