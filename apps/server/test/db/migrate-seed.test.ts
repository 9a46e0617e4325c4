import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CACHE_TYPES, CONFIG_GROUPS, DICTIONARY_NAMES } from '@vela/contract';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { DEFAULT_CONFIG, DEMO_ACCOUNTS, seed } from '../../src/seed.ts';
import { getConfigValue, setConfigValue } from '../../src/modules/system/system-repository.ts';
import { verifyPassword } from '../../src/modules/users/password-hasher.ts';
import {
  countRows,
  createTestStorage,
  EXPECTED_DIALECT,
  LOCALE_CODES,
  pw,
  type TestStorage,
} from '../helpers/test-app.ts';

/**
 * Runs unchanged on SQLite (default) and PostgreSQL (TEST_DATABASE_URL, see scripts/with-postgres.sh).
 */
const TABLES: (keyof Database)[] = [
  'users',
  'sessions',
  'email_codes',
  'mail_outbox',
  'sys_config',
  'sys_dict_item',
  'i18n_language',
  'sys_notice',
  'sys_banner',
  'cache_version',
];

/** The indexes named `*_idx` (both dialects list them the same way). */
const NAMED_INDEXES = [
  'audit_log_action_idx',
  'audit_log_created_idx',
  'audit_log_operator_idx',
  'audit_log_target_idx',
  'email_codes_email_idx',
  'operator_sessions_operator_idx',
  'real_name_verification_status_idx',
  'real_name_verification_user_idx',
  'sessions_user_idx',
  'sys_notice_lang_idx',
  'upload_user_idx',
  'users_parent_idx',
].sort();

describe(`migrations and seed (${EXPECTED_DIALECT})`, () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage();
  });
  afterAll(async () => {
    await ts.dispose();
  });

  it('uses the dialect the environment asks for', () => {
    expect(ts.storage.dialect).toBe(EXPECTED_DIALECT);
  });

  it('applies the migrations once; a second run applies nothing', async () => {
    expect(await migrateToLatest(ts.storage)).toEqual([
      '0001-foundation',
      '0002-markets',
      '0003-ledger',
      '0004-payment-identity',
      '0005-operators',
      '0006-funding',
      '0007-timing',
      '0008-settlement-batches',
      '0009-coin-names',
      '0010-open-orders',
      '0011-feed-secrets',
      '0012-opening-ticks',
      '0013-unread-settings',
      '0014-opening-on-read',
      '0015-deposit-tx-hash',
    ]);
    expect(await migrateToLatest(ts.storage)).toEqual([]);
    for (const table of TABLES) expect(await countRows(ts.storage.db, table), table).toBe(0);
  });

  it('seeds the defaults and demo accounts', async () => {
    const db = ts.storage.db;
    await seed(db, 1_700_000_000_000);

    expect(await countRows(db, 'users')).toBe(2);
    const agent = await db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', DEMO_ACCOUNTS.agent.username)
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', DEMO_ACCOUNTS.user.username)
      .executeTakeFirstOrThrow();
    expect(agent).toMatchObject({
      user_type: 2,
      invite_code: DEMO_ACCOUNTS.agent.inviteCode,
      parent_id: null,
    });
    expect(member).toMatchObject({ user_type: 1, parent_id: agent.id, invite_code: null });
    expect(await verifyPassword(member.login_pwd_hash, pw(DEMO_ACCOUNTS.user.password))).toBe(true);
    expect(await verifyPassword(member.fund_pwd_hash!, pw(DEMO_ACCOUNTS.user.fundPassword))).toBe(true);
    expect(await verifyPassword(agent.login_pwd_hash, pw(DEMO_ACCOUNTS.agent.password))).toBe(true);

    const configCount = Object.values(DEFAULT_CONFIG).reduce((n, items) => n + Object.keys(items).length, 0);
    expect(await countRows(db, 'sys_config')).toBe(configCount);
    const groups = await db.selectFrom('sys_config').select('config_group').distinct().execute();
    expect(groups.map((g) => g.config_group).sort()).toEqual([...CONFIG_GROUPS].sort());
    const dicts = await db.selectFrom('sys_dict_item').select('dict_name').distinct().execute();
    expect(dicts.map((d) => d.dict_name).sort()).toEqual([...DICTIONARY_NAMES].sort());
    expect(await countRows(db, 'i18n_language')).toBe(LOCALE_CODES.length);
    expect(await countRows(db, 'cache_version')).toBe(CACHE_TYPES.length);
    const versions = await db.selectFrom('cache_version').selectAll().execute();
    for (const version of versions) expect(version.finish_update_time).toBe(1_700_000_000_000);

    for (const code of LOCALE_CODES) {
      const notices = await db
        .selectFrom('sys_notice')
        .select('id')
        .where('language_code', '=', code)
        .execute();
      const banners = await db
        .selectFrom('sys_banner')
        .select('id')
        .where('language_code', '=', code)
        .execute();
      expect(notices.length, code).toBeGreaterThan(0);
      expect(banners.length, code).toBeGreaterThan(0);
    }
  });

  it('seeds idempotently: a second and third run duplicate and overwrite nothing', async () => {
    const db = ts.storage.db;
    const counts = async () =>
      Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await countRows(db, t)])));
    const before = await counts();
    const usersBefore = await db.selectFrom('users').selectAll().orderBy('id').execute();

    // An operator's change survives the seed that runs at every start.
    await setConfigValue(db, 'REGISTER', 'enabled', 'false');
    const versionAfterChange = await db
      .selectFrom('cache_version')
      .selectAll()
      .where('cache_type', '=', 'SYS_CONFIG')
      .executeTakeFirstOrThrow();
    await seed(db, 1_800_000_000_000);
    await seed(db);

    expect(await counts()).toEqual(before);
    expect(await db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(usersBefore);
    expect(await getConfigValue(db, 'REGISTER', 'enabled')).toBe('false');
    const versionAfterSeed = await db
      .selectFrom('cache_version')
      .selectAll()
      .where('cache_type', '=', 'SYS_CONFIG')
      .executeTakeFirstOrThrow();
    expect(versionAfterSeed.finish_update_time).toBe(versionAfterChange.finish_update_time);
  });

  it('still has every table and index after the second migration run', async () => {
    const db = ts.storage.db;
    if (ts.storage.dialect === 'sqlite') {
      const rows = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and name like '%_idx'`.execute(db);
      expect(rows.rows.map((r) => r.name).sort()).toEqual(NAMED_INDEXES);
    } else {
      const rows = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where schemaname = current_schema() and indexname like '%_idx'`.execute(
        db,
      );
      expect(rows.rows.map((r) => r.indexname).sort()).toEqual(NAMED_INDEXES);
    }
  });

  // In the PostgreSQL mode (README.md, "Scale-out mode") several API nodes may start together
  // against one fresh database, and each runs migrate + seed at start (server.ts): neither may fail
  // nor duplicate the demo data. On PostgreSQL the two callers get their own pools, as two
  // processes would. The embedded SQLite file belongs to one process by design (and two synchronous
  // handles in one test process would only block each other), so there the two callers share that
  // process's handle.
  it('lets two callers seed a fresh database at the same time', async () => {
    const fresh = await createTestStorage();
    const other = EXPECTED_DIALECT === 'postgres' ? fresh.openAnother() : fresh.storage;
    try {
      // (Concurrent migrations are Kysely's job: it serialises them with an advisory lock on
      // PostgreSQL; an SQLite file has one process by design.)
      await migrateToLatest(fresh.storage);
      const outcomes = await Promise.allSettled([seed(fresh.storage.db), seed(other.db)]);
      const single = ts.storage.db;
      const db = fresh.storage.db;
      // One comparison, so a failure shows every symptom at once.
      const observed = {
        outcomes: outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok')),
        users: await countRows(db, 'users'),
        notices: await countRows(db, 'sys_notice'),
        banners: await countRows(db, 'sys_banner'),
        config: await countRows(db, 'sys_config'),
      };
      expect(observed).toEqual({
        outcomes: ['ok', 'ok'],
        users: 2,
        notices: await countRows(single, 'sys_notice'),
        banners: await countRows(single, 'sys_banner'),
        config: await countRows(single, 'sys_config'),
      });
    } finally {
      await other.close();
      await fresh.dispose();
    }
  });
});
