import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, PHONE_CONTEXT, startBuiltServer } from './web-server.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * The main thread's work while /home loads, in Chromium at 375x812 with its CPU slowed four times
 * (as Lighthouse's mobile setting is): the blocking time (each task's time beyond 50 ms, from the
 * first contentful paint to six seconds after the load event) and the busy time (all tasks in that
 * window). Lighthouse's total blocking time is the same sum over a simulated timeline; its score moves
 * by ten points between runs on this machine, so this benchmark is what tells two builds apart
 * (decision 029). It prints the median of WEB_MAIN_THREAD_RUNS loads (default 5), each in a fresh
 * browser.
 */
const RUNS = Math.max(1, Number(process.env.WEB_MAIN_THREAD_RUNS ?? 5) || 5);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const AFTER_LOAD_MS = 6_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

export interface MainThreadLoad {
  blockingMs: number;
  busyMs: number;
  longTasks: number;
}

/** The figures of one trace: the renderer of /home, its tasks from the first contentful paint on. */
export function mainThreadFigures(events: readonly TraceEvent[]): MainThreadLoad {
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.endsWith('/home'),
  );
  if (!start) throw new Error('the trace has no navigation to /home');
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === start.pid);
  if (!paint) throw new Error('the trace has no first contentful paint');
  let blockingMs = 0;
  let busyMs = 0;
  let longTasks = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== start.pid || e.tid !== start.tid) continue;
    if (e.ts < paint.ts) continue;
    const ms = (e.dur ?? 0) / 1000;
    busyMs += ms;
    if (ms > LONG_TASK_MS) {
      blockingMs += ms - LONG_TASK_MS;
      longTasks += 1;
    }
  }
  return { blockingMs: Math.round(blockingMs), busyMs: Math.round(busyMs), longTasks };
}

async function loadOnce(origin: string): Promise<MainThreadLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'blink.user_timing',
      ],
    });
    await page.goto(`${origin}/home`, { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return mainThreadFigures(trace.traceEvents);
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

export async function benchWebMainThread(): Promise<void> {
  console.log(
    `\nMain thread while /home loads, CPU slowed ${CPU_SLOWDOWN}x, 375x812 (median of ${RUNS} load${RUNS === 1 ? '' : 's'})`,
  );
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  try {
    server = await startBuiltServer();
    const loads: MainThreadLoad[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const load = await loadOnce(server.origin);
      loads.push(load);
      console.log(
        `  load ${run}: blocking ${load.blockingMs} ms in ${load.longTasks} long tasks, busy ${load.busyMs} ms`,
      );
    }
    console.log(
      `  blocking time ${median(loads.map((l) => l.blockingMs))} ms, busy ${median(loads.map((l) => l.busyMs))} ms, from the first paint to ${AFTER_LOAD_MS / 1000} s after load`,
    );
  } catch (error) {
    console.log(`  could not measure: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await server?.stop();
  }
}

if (isEntryPoint(import.meta.url)) await benchWebMainThread();
