import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './test-app.ts';

/** A server started as its own process on a test's database, for tests that kill it. */

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

/**
 * Spawns `cli serve` on the test's database, as README command 1 does, on a free port: at start it
 * migrates, seeds and settles what is due before it listens.
 */
export function spawnServer(t: TestApp): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: t.config.DATA_DIR,
      DATABASE_URL: t.databaseUrl ?? '',
      REDIS_URL: '',
      FEED_SOURCE: 'off',
      WEB_DIST: t.config.WEB_DIST,
      ADMIN_DIST: t.config.ADMIN_DIST,
      // Every client address is its own, so the per-address limits do not throttle the workload.
      TRUST_PROXY: 'true',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts `cli serve` on the test's database and answers once it listens. */
export async function startServerProcess(t: TestApp): Promise<ServerProcess> {
  const child = spawnServer(t);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${String(code)}:\n${output}`));
    });
  });
  return { url, child };
}

/** Ends the process at once, as a power cut would: no shutdown hook runs. */
export function killHard(server: { child: ChildProcess }): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
