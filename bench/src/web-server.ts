import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * The built web app the benchmarks measure and serve. WEB_DIST (the server's own setting, relative to
 * the repository) points both at another build, so a bundle can be measured without replacing the
 * shared apps/web/dist.
 */
export const webDist = path.resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags every browser run here uses: headless, loopback only, nothing fetched from the outside. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The phone every page benchmark here opens the app on: 375x812 CSS pixels at twice the density, touch. */
export const PHONE_CONTEXT = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Builds what is missing: the web bundle (and the server, when it has never been built). */
export function ensureBuilt(): void {
  const builds: [string, string][] = [
    [path.join(webDist, 'index.html'), '@vela/web'],
    [path.join(repoRoot, 'apps/server/dist/cli.js'), '@vela/server'],
  ];
  for (const [file, workspace] of builds) {
    if (fs.existsSync(file)) continue;
    console.log(`  ${path.relative(repoRoot, file)} is missing: npm run build -w ${workspace}`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`build of ${workspace} failed`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the built product (`node apps/server/dist/cli.js serve`) on a free loopback port with a
 * throw-away data directory and a short feed backfill, as the browser tests do.
 */
export async function startBuiltServer(): Promise<RunningServer> {
  ensureBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-bench-web-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/cli.js', 'serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      FEED_BACKFILL: 'short',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/lines.json`);
      if (response.ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the built server did not start on ${origin}: ${stderr.trim().slice(-500)}`);
}
