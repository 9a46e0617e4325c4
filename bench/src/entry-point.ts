import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the script Node was started with, so
 * that each benchmark runs when started alone (`run-all.ts` starts every one that way) and not when
 * another file imports it.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const started = process.argv[1];
  return started !== undefined && path.resolve(started) === fileURLToPath(moduleUrl);
}
