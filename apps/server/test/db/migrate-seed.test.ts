import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatMinor } from '@vela/domain';
import { CACHE_TYPES, CONFIG_GROUPS, DICTIONARY_NAMES } from '@vela/contract';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { checkBooks } from '../../src/books.ts';
import { DEMO_OPENING_BALANCE } from '../../src/modules/funding/opening-balance-seed.ts';
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
  'balance_adjustment',
  'journal_entry',
  'journal_posting',
  'audit_log',
  'finance_product',
  'finance_product_text',
  'team_path',
  'rebate',
  'report_queue',
  'report_hour',
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
  'rebate_source_idx',
  'rebate_user_idx',
  'sessions_seen_idx',
  'sessions_user_idx',
  'sys_notice_lang_idx',
  'team_path_depth_idx',
  'team_path_member_idx',
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
      '0016-spot',
      '0017-contracts',
      '0018-finance',
      '0019-teams',
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

    // The app shows a popup notice once per version, its publication time, in whatever language:
    // the translations of one notice share that time.
    const popups = await db
      .selectFrom('sys_notice')
      .select(['language_code', 'created_at'])
      .where('popup', '=', 1)
      .execute();
    expect(new Set(popups.map((p) => p.created_at)).size).toBe(1);
    expect(popups.map((p) => p.language_code).sort()).toEqual([...LOCALE_CODES].sort());
  });

  it("posts the demo member's opening balance through the ledger, as an audited adjustment", async () => {
    const db = ts.storage.db;
    const member = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', DEMO_ACCOUNTS.user.username)
      .executeTakeFirstOrThrow();
    const usdt = await db
      .selectFrom('vc')
      .select(['id', 'amount_scale'])
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const opening = 10_000n * 10n ** BigInt(usdt.amount_scale);
    expect(DEMO_OPENING_BALANCE).toMatchObject({ symbol: 'USDT', amount: '10000' });

    const spot = await db
      .selectFrom('ledger_account')
      .select('balance_minor')
      .where('user_id', '=', member.id)
      .where('vc_id', '=', usdt.id)
      .where('kind', '=', 'spot')
      .executeTakeFirstOrThrow();
    expect(BigInt(spot.balance_minor)).toBe(opening);

    const adjustments = await db.selectFrom('balance_adjustment').selectAll().execute();
    const administrator = await db
      .selectFrom('operators')
      .select('id')
      .where('username_key', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      user_id: member.id,
      vc_id: usdt.id,
      operator_id: administrator.id,
      reason: DEMO_OPENING_BALANCE.reason,
    });
    expect(BigInt(adjustments[0]!.delta_minor)).toBe(opening);

    // The entry moves the amount from the house's account to the member's spot account.
    const entries = await db.selectFrom('journal_entry').selectAll().execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'adjustment',
      ref_type: 'adjustment',
      ref_id: adjustments[0]!.id,
    });
    const postings = await db
      .selectFrom('journal_posting')
      .innerJoin('ledger_account', 'ledger_account.id', 'journal_posting.account_id')
      .select(['ledger_account.user_id', 'ledger_account.kind', 'journal_posting.amount_minor'])
      .where('journal_posting.entry_id', '=', entries[0]!.id)
      .orderBy('journal_posting.amount_minor')
      .execute();
    expect(postings.map((p) => [p.user_id, p.kind, BigInt(p.amount_minor)])).toEqual([
      [null, 'house', -opening],
      [member.id, 'spot', opening],
    ]);

    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'balance.adjust')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_id: null,
      target_type: 'user',
      target_id: String(member.id),
      reason: DEMO_OPENING_BALANCE.reason,
    });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({
      symbol: 'USDT',
      amount: formatMinor(opening, usdt.amount_scale),
      adjustmentId: String(adjustments[0]!.id),
    });

    const books = await checkBooks(db, ts.storage.dialect);
    expect(books.violations).toEqual([]);
    expect(books.ok).toBe(true);
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
        adjustments: await countRows(db, 'balance_adjustment'),
      };
      expect(observed).toEqual({
        outcomes: ['ok', 'ok'],
        users: 2,
        notices: await countRows(single, 'sys_notice'),
        banners: await countRows(single, 'sys_banner'),
        config: await countRows(single, 'sys_config'),
        adjustments: 1,
      });
    } finally {
      await other.close();
      await fresh.dispose();
    }
  });
});
