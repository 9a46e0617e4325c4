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
    ['packages/client/src/index.ts', '@vela/domain', /@vela\/client may not import @vela\/domain/],
    ['packages/client/src/client.ts', '@vela/web', /apps are never imported/],
    ['packages/contract/src/index.ts', '@vela/client', /@vela\/contract may not import @vela\/client/],
    [
      'apps/admin/src/features/deposits/deposit-queue.tsx',
      '../withdrawals/withdrawal-queue.tsx',
      /feature "deposits" imports feature "withdrawals"/,
    ],
    ['apps/admin/src/features/users/users-page.tsx', '../../app/registry.tsx', /imports from src\/app/],
    ['apps/admin/src/components/reason-modal.tsx', '../app/shell.tsx', /imports from src\/app/],
    ['apps/admin/src/lib/api.ts', '../features/auth/login-page.tsx', /shared layer src\/lib/],
    [
      'apps/admin/src/components/review-queue/review-queue.tsx',
      '../../features/deposits/deposit-queue.tsx',
      /shared layer src\/components/,
    ],
    ['apps/admin/src/lib/api.ts', '../../../web/src/lib/api-client.ts', /reaches into apps\/web/],
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
    ['packages/client/src/client.ts', '@vela/contract'],
    ['apps/web/src/lib/api-client.ts', '@vela/client'],
    ['apps/admin/src/lib/api.ts', '@vela/client'],
    ['apps/admin/src/features/deposits/deposit-queue.tsx', '../../components/review-queue/review-queue.tsx'],
    ['apps/admin/src/features/deposits/deposits-page.tsx', './deposit-queue.tsx'],
    ['apps/admin/src/app/registry.tsx', '../features/deposits/deposits-page.tsx'],
    ['apps/admin/src/main.tsx', './app/app.tsx'],
    ['apps/admin/src/components/user-detail-drawer.tsx', '../lib/user-panels.ts'],
  ])('%s importing %s is allowed', (from, source) => {
    expect(boundaryProblem(file(from), source)).toBeNull();
  });
});
