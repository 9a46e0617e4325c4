import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints, renderApiReference } from '@vela/contract';

describe('docs/api.md', () => {
  it('matches the contract (run `npm run docs:api` after changing an endpoint)', () => {
    const file = path.resolve(import.meta.dirname, '../docs/api.md');
    expect(fs.readFileSync(file, 'utf8')).toBe(renderApiReference(allEndpoints()));
  });
});
