import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { migrateTo, migrateToLatest } from '../../../src/db/migrate.ts';
import { UNREAD_SETTINGS } from '../../../src/db/migrations/0013-unread-settings.ts';
import { DEFAULT_CONFIG } from '../../../src/seed.ts';
import { cacheVersion } from '../../../src/modules/system/cache-versions.ts';
import { listConfig } from '../../../src/modules/system/system-repository.ts';
import { createTestApp, createTestStorage, expectSuccess, type TestApp } from '../../helpers/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

/** Where a published setting takes effect: a file (from the repository root) and the text that reads it. */
interface Reader {
  file: string;
  reads: string;
}

/**
 * Every configuration item `/sys-config/simple-list` publishes, with the code that enforces it
 * (decision 037). A setting that is published and read by nothing promises a rule that does not
 * hold: a new setting comes with its reader here, and one that loses its reader is removed (by a
 * migration, since the seed only adds what is missing).
 */
const READERS: Record<string, readonly Reader[]> = {
  'REGISTER.enabled': [
    {
      file: 'apps/server/src/modules/users/account-service.ts',
      reads: "getConfigValue(this.db, 'REGISTER', 'enabled')",
    },
    {
      file: 'apps/web/src/features/auth/use-register-form.ts',
      reads: "useConfigValue('REGISTER', 'enabled')",
    },
  ],
  'REGISTER.emailRequired': [
    { file: 'apps/server/src/modules/users/account-service.ts', reads: "'REGISTER', 'emailRequired'" },
    {
      file: 'apps/web/src/features/auth/use-register-form.ts',
      reads: "useConfigValue('REGISTER', 'emailRequired')",
    },
  ],
  'PORTAL.customerServiceUrl': [
    {
      file: 'apps/web/src/components/global/customer-service.tsx',
      reads: "useConfigValue('PORTAL', 'customerServiceUrl')",
    },
    { file: 'apps/server/src/http/security-headers.ts', reads: "'PORTAL', 'customerServiceUrl'" },
  ],
  'PORTAL.customerOpenWithoutLogin': [
    {
      file: 'apps/web/src/components/global/customer-service.tsx',
      reads: "item.key === 'customerOpenWithoutLogin'",
    },
  ],
  'PORTAL.linesUrl': [
    { file: 'apps/web/src/components/global/line-popup.tsx', reads: "useConfigValue('PORTAL', 'linesUrl')" },
  ],
  'PORTAL.hotCoins': [
    {
      file: 'apps/web/src/features/home/market-sections.tsx',
      reads: "useConfigValue('PORTAL', 'hotCoins')",
    },
  ],
  'WITHDRAW.enabled': [
    // `requireOpen(group)` reads the group's `enabled`.
    { file: 'apps/server/src/modules/funding/funding-service.ts', reads: "requireOpen('WITHDRAW')" },
    {
      file: 'apps/server/src/modules/funding/funding-service.ts',
      reads: "getConfigValue(this.db, group, 'enabled')",
    },
  ],
  'WITHDRAW.requireGoogleCode': [
    { file: 'apps/server/src/modules/funding/funding-service.ts', reads: "'WITHDRAW', 'requireGoogleCode'" },
    {
      file: 'apps/web/src/features/funding/withdraw-page.tsx',
      reads: "useConfigValue('WITHDRAW', 'requireGoogleCode')",
    },
  ],
  'WITHDRAW.dailyCountLimit': [
    { file: 'apps/server/src/modules/funding/funding-service.ts', reads: "'WITHDRAW', 'dailyCountLimit'" },
  ],
  'RECHARGE.enabled': [
    { file: 'apps/server/src/modules/funding/funding-service.ts', reads: "requireOpen('RECHARGE')" },
    {
      file: 'apps/server/src/modules/funding/funding-service.ts',
      reads: "getConfigValue(this.db, group, 'enabled')",
    },
  ],
  'RECHARGE.creditTolerancePercent': [
    {
      file: 'apps/server/src/modules/funding/funding-service.ts',
      reads: "'RECHARGE', 'creditTolerancePercent'",
    },
    { file: 'apps/admin/src/features/deposits/deposit-credit.ts', reads: "'creditTolerancePercent'" },
  ],
  'GLOBAL.branchCodeEnabled': [
    { file: 'apps/server/src/modules/payment/payment-service.ts', reads: "'GLOBAL', 'branchCodeEnabled'" },
    {
      file: 'apps/web/src/features/payment-methods/add-bank-card-page.tsx',
      reads: "useConfigValue('GLOBAL', 'branchCodeEnabled')",
    },
  ],
  'GLOBAL.timingTieRule': [
    { file: 'apps/server/src/modules/timing/timing-repository.ts', reads: "'GLOBAL', 'timingTieRule'" },
  ],
  'GLOBAL.amountMaxPrecision': [
    // requireAmount, the one place request amounts are read, takes the rule read here.
    { file: 'apps/server/src/modules/ledger/amounts.ts', reads: "'GLOBAL', 'amountMaxPrecision'" },
    { file: 'apps/admin/src/features/deposits/deposit-credit.ts', reads: "'amountMaxPrecision'" },
  ],
  'GLOBAL.excludedVcTypes': [
    { file: 'apps/server/src/modules/market/market-routes.ts', reads: "'GLOBAL', 'excludedVcTypes'" },
  ],
};

describe('published configuration', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes exactly the settings that have a reader, and seeds the same ones', async () => {
    const served = expectSuccess(await t.call(endpoints.system.sysConfigList, {}));
    const published = served.list.map((item) => `${item.group}.${item.key}`).sort();
    expect(published).toEqual(Object.keys(READERS).sort());
    const seeded = Object.entries(DEFAULT_CONFIG).flatMap(([group, items]) =>
      Object.keys(items).map((key) => `${group}.${key}`),
    );
    expect(seeded.sort()).toEqual(Object.keys(READERS).sort());
  });

  it.each(Object.entries(READERS))('%s is read where it takes effect', (_key, readers) => {
    expect(readers.length).toBeGreaterThan(0);
    for (const reader of readers) {
      const text = fs.readFileSync(path.join(ROOT, reader.file), 'utf8');
      expect(text, `${reader.file} should contain ${reader.reads}`).toContain(reader.reads);
    }
  });

  it('removes the settings nobody read from an existing installation, and moves SYS_CONFIG', async () => {
    const test = await createTestStorage();
    try {
      const { db } = test.storage;
      await migrateTo(test.storage, '0012-opening-ticks');
      for (const [group, key] of UNREAD_SETTINGS) {
        await db
          .insertInto('sys_config')
          .values({ config_group: group, config_key: key, config_value: 'x', sort: 0 })
          .execute();
      }
      await db
        .insertInto('sys_config')
        .values({ config_group: 'GLOBAL', config_key: 'amountMaxPrecision', config_value: '4', sort: 0 })
        .execute();
      await db
        .insertInto('cache_version')
        .values({ cache_type: 'SYS_CONFIG', finish_update_time: 1 })
        .execute();
      await migrateToLatest(test.storage);
      const left = (await listConfig(db)).map((row) => `${row.config_group}.${row.config_key}`);
      expect(left).toEqual(['GLOBAL.amountMaxPrecision']);
      expect(await cacheVersion(db, 'SYS_CONFIG')).toBeGreaterThan(1);
      for (const [group, key] of UNREAD_SETTINGS)
        expect(Object.keys(READERS)).not.toContain(`${group}.${key}`);
    } finally {
      await test.dispose();
    }
  });
});
