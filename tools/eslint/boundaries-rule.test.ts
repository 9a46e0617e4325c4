import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from './boundaries-rule.js';

const root = path.resolve(import.meta.dirname, '../..');
const file = (rel: string) => path.join(root, rel);

describe('import boundaries', () => {
  it.each([
    [
      'apps/web/src/features/auth/login-page.tsx',
      '../account/settings-page.tsx',
      /feature "auth" imports feature "account"/,
    ],
    ['apps/web/src/features/auth/login-page.tsx', '../../app/router.tsx', /imports from src\/app/],
    ['apps/web/src/lib/api-client.ts', '../features/home/home-page.tsx', /shared layer/],
    ['apps/web/src/lib/api-client.ts', '../../../server/src/app.ts', /reaches into apps\/server/],
    ['apps/server/src/app.ts', '@vela/web', /apps are never imported/],
    ['packages/domain/src/index.ts', '@vela/contract', /may not import @vela\/contract/],
    ['packages/i18n/src/index.ts', '@vela/domain', /may not import/],
    ['packages/contract/src/index.ts', '../../../apps/server/src/app.ts', /reaches into apps\/server/],
  ])('%s importing %s is refused', (from, source, message) => {
    expect(boundaryProblem(file(from), source)).toMatch(message);
  });

  it.each([
    ['apps/web/src/features/auth/login-page.tsx', '../../lib/api-client.ts'],
    ['apps/web/src/features/auth/login-page.tsx', './auth-header.tsx'],
    ['apps/web/src/app/router.tsx', '../features/home/home-page.tsx'],
    ['apps/web/src/main.tsx', './app/app.tsx'],
    ['packages/contract/src/user.ts', '@vela/domain'],
    ['apps/server/src/app.ts', '@vela/contract'],
  ])('%s importing %s is allowed', (from, source) => {
    expect(boundaryProblem(file(from), source)).toBeNull();
  });
});
