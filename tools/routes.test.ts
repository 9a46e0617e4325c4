import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpoints, renderRoutes } from '@vela/contract';
import { routes } from '@vela/contract/routes';

describe('packages/contract/src/routes.ts', () => {
  it('matches the contract (run `npm run contract:routes` after changing an endpoint)', () => {
    const file = path.resolve(import.meta.dirname, '../packages/contract/src/routes.ts');
    expect(fs.readFileSync(file, 'utf8')).toBe(renderRoutes(endpoints));
  });

  it('holds every endpoint once, with its path and auth mode only', () => {
    const flat = Object.values(routes).flatMap((module) => Object.values(module));
    expect(flat.map((r) => [r.path, r.auth]).sort()).toEqual(
      allEndpoints()
        .map((e) => [e.path, e.auth])
        .sort(),
    );
    for (const r of flat) expect(Object.keys(r).sort()).toEqual(['auth', 'path']);
  });
});
