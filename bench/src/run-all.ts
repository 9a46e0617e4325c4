import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every benchmark in turn, each in a process of its own with this process's Node flags, so
 * that none measures with the heap, timers or threads another left behind: the system endpoints'
 * benchmark runs its server in its own process, and a load generator after it would share that
 * heap.
 *
 * Benchmarks print figures and ratios; they are not tests and never fail a build, so one that ends
 * badly is reported and the others still run.
 */
const BENCHMARKS = [
  'system-endpoints.ts',
  'market-endpoints.ts',
  'ws-fanout.ts',
  'ledger-throughput.ts',
  'timing-settlement.ts',
  'finance-settlement.ts',
  'team-bench.ts',
  'spot-trigger-book.ts',
  'spot-fills.ts',
  'contract-risk.ts',
  'contract-forcing.ts',
  // The web checks print their figures against the targets; each catches its own errors.
  'web-first-load.ts',
  'web-main-thread.ts',
  'web-lighthouse.ts',
];

const here = path.dirname(fileURLToPath(import.meta.url));
for (const file of BENCHMARKS) {
  const run = spawnSync(process.execPath, [...process.execArgv, path.join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) console.error(`\n${file} ended with ${run.signal ?? `exit code ${run.status}`}`);
}
