import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES, serverBoundaryProblem } from './server-boundaries-rule.js';

const src = path.resolve(import.meta.dirname, '../../apps/server/src');
const file = (rel: string) => path.join(src, rel);

describe('server import boundaries', () => {
  it.each([
    ['modules/feed/feed-engine.ts', '../market/market-runtime.ts', /"feed" may not import module "market"/],
    ['modules/ledger/ledger.ts', '../timing/timing-books.ts', /"ledger" may not import module "timing"/],
    ['modules/timing/timing-service.ts', '../live/user-events.ts', /"timing" may not import module "live"/],
    ['modules/storage/group-commit.ts', '../ledger/ledger.ts', /"storage" may not import module "ledger"/],
    ['db/database.ts', '../modules/users/user-repository.ts', /shared folder src\/db may not import/],
    ['http/error-handler.ts', '../modules/ledger/ledger.ts', /shared folder src\/http may not import/],
    ['modules/otc/otc-service.ts', '../ledger/ledger.ts', /"otc" is not in the server's module list/],
    ['modules/spot/spot-engine.ts', '../timing/timing-settler.ts', /"spot" may not import module "timing"/],
  ])('%s importing %s is refused', (from, source, message) => {
    expect(serverBoundaryProblem(file(from), source)).toMatch(message);
  });

  it.each([
    ['modules/market/market-runtime.ts', '../feed/feed-repository.ts'],
    ['modules/timing/timing-settler.ts', '../ledger/money.ts'],
    ['modules/timing/timing-settler.ts', './timing-repository.ts'],
    ['modules/live/user-events.ts', '../funding/funding-service.ts'],
    ['engines.ts', './modules/feed/feed-engine.ts'],
    ['http/security-headers.ts', '../modules/system/cache-versions.ts'],
    ['modules/ledger/ledger.ts', '../../db/schema.ts'],
  ])('%s may import %s', (from, source) => {
    expect(serverBoundaryProblem(file(from), source)).toBeNull();
  });

  it('lists modules that form layers: no module reaches itself through others', () => {
    const modules = SERVER_MODULES as Record<string, readonly string[]>;
    const reaches = (start: string): Set<string> => {
      const seen = new Set<string>();
      const queue = [...(modules[start] ?? [])];
      while (queue.length > 0) {
        const next = queue.pop() as string;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(...(modules[next] ?? []));
      }
      return seen;
    };
    for (const name of Object.keys(modules)) {
      expect(reaches(name).has(name), `${name} reaches itself`).toBe(false);
      for (const dependency of modules[name] ?? []) expect(Object.keys(modules)).toContain(dependency);
    }
  });
});
