import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, startBuiltServer } from './web-server.ts';

/**
 * Lighthouse (mobile form factor, its default simulated throttling) against /home of the built
 * server, in Debian's Chromium started by chrome-launcher: no browser is ever downloaded and only
 * loopback is used. Target of the "Markets" issue: performance score ≥ 90.
 */
export const LIGHTHOUSE_TARGET = 90;
const TIME_LIMIT_MS = 120_000;

export async function benchWebLighthouse(): Promise<void> {
  console.log(`\nLighthouse, mobile, /home (target performance ≥ ${LIGHTHOUSE_TARGET})`);
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    server = await startBuiltServer();
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
    });
    const run = lighthouse(`${server.origin}/home`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no result within ${TIME_LIMIT_MS / 1000} s`)),
        TIME_LIMIT_MS,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(
      `  performance ${score} (${score >= LIGHTHOUSE_TARGET ? 'meets' : 'BELOW'} target ${LIGHTHOUSE_TARGET})  Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`,
    );
    console.log(
      `  FCP ${audit('first-contentful-paint')}   LCP ${audit('largest-contentful-paint')}   TBT ${audit('total-blocking-time')}   CLS ${audit('cumulative-layout-shift')}   SI ${audit('speed-index')}`,
    );
    for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
  } catch (error) {
    console.log(`  could not run Lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (timer) clearTimeout(timer);
    if (chrome) await Promise.resolve(chrome.kill()).catch(() => undefined);
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWebLighthouse();
