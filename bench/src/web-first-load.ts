import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { FALLBACK_LOCALE } from '@vela/i18n';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  PHONE_CONTEXT,
  ensureBuilt,
  startBuiltServer,
  webDist,
} from './web-server.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * The JavaScript /home loads before the home screen paints, gzipped, against the 170 KiB budget of
 * decision 013. Two measures of the same built bundle (apps/web/dist):
 *
 * - static: the entry script and modulepreloads of index.html, the home page chunk and the language
 *   catalogue, each with its static imports followed transitively through the built chunks;
 * - browser: Debian's Chromium (mobile viewport) opens /home on the built server and every JS
 *   response that started before the home screen was on screen is counted; what loads later (the
 *   deferred popups) is listed apart and not counted.
 *
 * Sizes are the files' bodies gzipped with zlib (level 9, about what a server sends).
 */
export const FIRST_LOAD_BUDGET_KIB = 170;
const assets = path.join(webDist, 'assets');

function gzipKib(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

const STATIC_IMPORT =
  /(?:^|[;\s})])(?:import|export)\s*(?:\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+(?:\s*,\s*\{[^}]*\})?)?\s*(?:from\s*)?["']\.\/([\w.-]+\.js)["']/g;

function staticClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1] as string);
  }
  return [...seen];
}

function chunk(pattern: RegExp): string | undefined {
  return fs.readdirSync(assets).find((name) => pattern.test(name));
}

interface Row {
  name: string;
  kib: number;
}

function print(title: string, rows: Row[]): number {
  const total = rows.reduce((sum, row) => sum + row.kib, 0);
  console.log(`  ${title}`);
  for (const row of [...rows].sort((a, b) => b.kib - a.kib)) {
    console.log(`    ${row.name.padEnd(44)} ${row.kib.toFixed(1).padStart(6)} KiB`);
  }
  const verdict = total <= FIRST_LOAD_BUDGET_KIB ? 'within' : 'OVER';
  // The file count matters too: each is a request, and a phone on HTTP/1.1 opens at most six at a time.
  console.log(
    `    ${`total, ${rows.length} files`.padEnd(44)} ${total.toFixed(1).padStart(6)} KiB gz  (budget ${FIRST_LOAD_BUDGET_KIB} KiB: ${verdict})`,
  );
  return total;
}

export function staticFirstLoad(locale: string = FALLBACK_LOCALE): Row[] {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const roots = [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+)"/g)].map(
      (m) => m[1] as string,
    ),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+)"/g)].map(
      (m) => m[1] as string,
    ),
  ];
  const home = chunk(/^home-page-[\w-]+\.js$/);
  const catalogue = chunk(new RegExp(`^${locale}-[\\w-]{8}\\.js$`));
  if (home) roots.push(home);
  if (catalogue) roots.push(catalogue);
  return staticClosure(roots).map((name) => ({ name, kib: gzipKib(path.join(assets, name)) }));
}

export async function browserFirstLoad(): Promise<{
  before: Row[];
  after: Row[];
  fcpMs: number;
  homeMs: number;
}> {
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  try {
    const context = await browser.newContext({ ...PHONE_CONTEXT, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // The home screen is painted when its content is in the DOM and a frame has been drawn. The page
    // itself notes that moment, as it happens: asking from here afterwards would come later, and count
    // what loads once the screen is up (the deferred popups) as if it had come before.
    await page.addInitScript(() => {
      // Runs in the page; bench has no DOM types.
      const page = globalThis as unknown as {
        document: { querySelector(selector: string): unknown };
        MutationObserver: new (cb: () => void) => {
          observe(target: unknown, options: object): void;
          disconnect(): void;
        };
        requestAnimationFrame(cb: () => void): void;
        __homePaintedMs?: number;
      };
      const observer = new page.MutationObserver(() => {
        if (!page.document.querySelector('.home .quick-menus')) return;
        observer.disconnect();
        page.requestAnimationFrame(() =>
          page.requestAnimationFrame(() => (page.__homePaintedMs = performance.now())),
        );
      });
      observer.observe(page.document, { childList: true, subtree: true });
    });
    await page.goto(`${server.origin}/home`);
    await page.waitForFunction(
      () => (globalThis as { __homePaintedMs?: number }).__homePaintedMs !== undefined,
    );
    const homeMs = await page.evaluate(
      () => (globalThis as { __homePaintedMs?: number }).__homePaintedMs ?? -1,
    );
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      scripts: (performance.getEntriesByType('resource') as { name: string; startTime: number }[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    const rowOf = (url: string): Row => {
      const file = path.join(webDist, url);
      return { name: url.replace(/^\/assets\//, ''), kib: fs.existsSync(file) ? gzipKib(file) : 0 };
    };
    return {
      before: timing.scripts.filter((s) => s.start <= homeMs).map((s) => rowOf(s.url)),
      after: timing.scripts.filter((s) => s.start > homeMs).map((s) => rowOf(s.url)),
      fcpMs: timing.fcp,
      homeMs,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchWebFirstLoad(): Promise<void> {
  console.log(`\nWeb first load of /home (JS gzipped, budget ${FIRST_LOAD_BUDGET_KIB} KiB)`);
  try {
    ensureBuilt();
    print(
      'static: index.html entry + modulepreloads + home page + default-locale catalogue, with static imports',
      staticFirstLoad(),
    );
    const measured = await browserFirstLoad();
    print(
      `browser: Chromium, JS requested before the home screen painted (FCP ${measured.fcpMs.toFixed(0)} ms, home ${measured.homeMs.toFixed(0)} ms)`,
      measured.before,
    );
    if (measured.after.length > 0) {
      const later = measured.after.reduce((sum, row) => sum + row.kib, 0);
      console.log(
        `    deferred after paint, not counted: ${measured.after.map((r) => `${r.name} ${r.kib.toFixed(1)}`).join(', ')} (${later.toFixed(1)} KiB)`,
      );
    }
  } catch (error) {
    console.log(`  could not measure: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (isEntryPoint(import.meta.url)) await benchWebFirstLoad();
