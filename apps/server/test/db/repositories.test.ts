import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CACHE_TYPES } from '@vela/contract';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { NewUser } from '../../src/db/schema.ts';
import { seed } from '../../src/seed.ts';
import { consumeEmailCode, EMAIL_CODE_TTL_MS, storeEmailCode } from '../../src/modules/mail/email-codes.ts';
import { listOutbox, Mailer } from '../../src/modules/mail/mailer.ts';
import { bumpCacheVersion, listCacheVersions } from '../../src/modules/system/cache-versions.ts';
import {
  countNotices,
  getConfigValue,
  insertNotice,
  listBanners,
  listConfig,
  listDictionaryItems,
  listLanguages,
  listNotices,
  setConfigValue,
} from '../../src/modules/system/system-repository.ts';
import {
  createSession,
  findLiveSession,
  hashToken,
  revokeOtherSessions,
  revokeSession,
  touchSession,
} from '../../src/modules/users/session-repository.ts';
import {
  claimGoogleStep,
  emailInUse,
  findAgentByInviteCode,
  findUserById,
  findUserByUsername,
  insertUser,
  inviteCodeTaken,
  updateUser,
} from '../../src/modules/users/user-repository.ts';
import {
  createTestStorage,
  EXPECTED_DIALECT,
  LOCALE_CODES,
  uniqueUsername,
  type TestStorage,
} from '../helpers/test-app.ts';

/**
 * The repositories against a real database. Runs unchanged on SQLite (default) and PostgreSQL
 * (TEST_DATABASE_URL, see scripts/with-postgres.sh).
 */
describe(`repositories (${EXPECTED_DIALECT})`, () => {
  let ts: TestStorage;
  let db: TestStorage['storage']['db'];
  beforeAll(async () => {
    ts = await createTestStorage();
    db = ts.storage.db;
    await migrateToLatest(ts.storage);
    await seed(db);
  });
  afterAll(async () => {
    await ts.dispose();
  });

  function newUser(overrides: Partial<NewUser> = {}): NewUser {
    const username = overrides.username ?? uniqueUsername('s');
    return {
      username,
      username_key: username.toLowerCase(),
      login_pwd_hash: 'hash',
      fund_pwd_hash: null,
      user_type: 1,
      parent_id: null,
      invite_code: null,
      email: null,
      nickname: username,
      register_way: 'TEST',
      created_at: 1_700_000_000_123,
      ...overrides,
    };
  }

  function isUniqueViolation(error: unknown): boolean {
    const code = (error as { code?: unknown }).code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
  }

  describe('integer results', () => {
    it('answers ids, times and counts as JS numbers', async () => {
      const id = await insertUser(db, newUser({ created_at: 2 ** 41 + 7 }));
      expect(typeof id).toBe('number');
      const row = await findUserById(db, id);
      expect(row).toBeDefined();
      for (const key of [
        'id',
        'user_type',
        'created_at',
        'google_last_step',
        'status',
        'nickname_changed',
      ] as const) {
        expect(typeof row![key], key).toBe('number');
      }
      expect(row!.created_at).toBe(2 ** 41 + 7);
      expect(row!.last_login_at).toBeNull();

      const count = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(typeof count.n).toBe('number');
      const max = await db
        .selectFrom('users')
        .select((eb) => eb.fn.max('created_at').as('latest'))
        .executeTakeFirstOrThrow();
      expect(typeof max.latest).toBe('number');
      const raw = await sql<{
        n: unknown;
        big: unknown;
      }>`select count(*) as n, ${sql.lit(2 ** 40)} as big`.execute(db);
      expect(typeof raw.rows[0]?.n).toBe('number');
      expect(raw.rows[0]?.big).toBe(2 ** 40);

      expect(typeof (await countNotices(db, 'en'))).toBe('number');
      for (const version of await listCacheVersions(db))
        expect(typeof version.finishUpdateTime).toBe('number');
    });

    it('refuses to round a non-money integer beyond 2^53 instead of losing precision', async () => {
      const id = await insertUser(db, newUser());
      await db
        .updateTable('users')
        .set({ google_last_step: sql`${sql.lit('9007199254740993')}` as never })
        .where('id', '=', id)
        .execute();
      await expect(findUserById(db, id)).rejects.toThrow(RangeError);
      await updateUser(db, id, { google_last_step: 0 });
    });
  });

  describe('users', () => {
    it('inserts, finds (case-insensitively) and updates a user', async () => {
      const id = await insertUser(db, newUser({ username: 'MixedCase', email: 'mc@example.com' }));
      expect((await findUserByUsername(db, 'mixedcase'))?.id).toBe(id);
      expect((await findUserByUsername(db, 'MIXEDCASE'))?.username).toBe('MixedCase');
      expect(await findUserByUsername(db, 'missing1')).toBeUndefined();
      expect(await findUserById(db, 987_654)).toBeUndefined();
      expect(await emailInUse(db, 'mc@example.com')).toBe(true);
      expect(await emailInUse(db, 'other@example.com')).toBe(false);

      await updateUser(db, id, {
        nickname: 'Renamed',
        last_login_at: 1_700_000_000_999,
        last_login_ip: '::1',
      });
      expect(await findUserById(db, id)).toMatchObject({
        nickname: 'Renamed',
        last_login_at: 1_700_000_000_999,
        last_login_ip: '::1',
      });
    });

    it('finds agents by invite code, but not disabled ones', async () => {
      const id = await insertUser(db, newUser({ user_type: 2, invite_code: '246810' }));
      expect(await inviteCodeTaken(db, '246810')).toBe(true);
      expect(await inviteCodeTaken(db, '135791')).toBe(false);
      expect((await findAgentByInviteCode(db, '246810'))?.id).toBe(id);
      await updateUser(db, id, { status: 0 });
      expect(await findAgentByInviteCode(db, '246810')).toBeUndefined();
    });

    it('raises a unique violation for a second username_key, email or invite code', async () => {
      await insertUser(db, newUser({ username: 'Twin', email: 'twin@example.com', invite_code: '777777' }));
      const attempts = [
        newUser({ username: 'TWIN' }),
        newUser({ email: 'twin@example.com' }),
        newUser({ invite_code: '777777' }),
      ];
      for (const attempt of attempts) {
        const error = await insertUser(db, attempt).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, JSON.stringify(attempt)).not.toBeNull();
        // The register service recognises exactly these codes as "name taken".
        expect(isUniqueViolation(error), String(error)).toBe(true);
      }
      const twins = await db.selectFrom('users').select('id').where('username_key', '=', 'twin').execute();
      expect(twins).toHaveLength(1);
    });

    it('claims a Google step atomically: of concurrent claims exactly one wins', async () => {
      const id = await insertUser(db, newUser());
      for (let step = 1_000; step < 1_010; step += 1) {
        const results = await Promise.all([
          claimGoogleStep(db, id, step),
          claimGoogleStep(db, id, step),
          claimGoogleStep(db, id, step),
        ]);
        expect(results.filter(Boolean), `step ${step}`).toHaveLength(1);
      }
      expect((await findUserById(db, id))?.google_last_step).toBe(1_009);
      expect(await claimGoogleStep(db, id, 1_009)).toBe(false);
      expect(await claimGoogleStep(db, id, 500)).toBe(false);
      expect(await claimGoogleStep(db, id, 1_011)).toBe(true);
      expect((await findUserById(db, id))?.google_last_step).toBe(1_011);
    });
  });

  describe('sessions', () => {
    it('creates, finds, touches and revokes a session', async () => {
      const userId = await insertUser(db, newUser());
      const now = 1_700_000_000_000;
      const token = await createSession(db, {
        userId,
        deviceId: 'd1',
        deviceType: 'H5',
        ip: '1.2.3.4',
        ttlMs: 60_000,
        now,
      });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const found = await findLiveSession(db, token, now + 1);
      expect(found).toMatchObject({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: now + 60_000,
      });
      expect(typeof found!.id).toBe('number');
      expect(await findLiveSession(db, `${token}x`, now)).toBeUndefined();
      // Expiry is exclusive: at expires_at the session is gone.
      expect(await findLiveSession(db, token, now + 59_999)).toBeDefined();
      expect(await findLiveSession(db, token, now + 60_000)).toBeUndefined();

      await touchSession(db, found!.id, now + 30_000);
      expect((await findLiveSession(db, token, now))?.last_seen_at).toBe(now + 30_000);

      await revokeSession(db, found!.id, now + 40_000);
      expect(await findLiveSession(db, token, now + 41_000)).toBeUndefined();
      // Revoking again keeps the first revocation time.
      await revokeSession(db, found!.id, now + 50_000);
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', found!.id)
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).toBe(now + 40_000);
    });

    it('revokes every other session of the user, and only of that user', async () => {
      const userId = await insertUser(db, newUser());
      const otherUserId = await insertUser(db, newUser());
      const now = 1_700_000_000_000;
      const make = (id: number) =>
        createSession(db, { userId: id, deviceId: 'd', deviceType: 'PC', ip: null, ttlMs: 3_600_000, now });
      const [keep, second, third, foreign] = await Promise.all([
        make(userId),
        make(userId),
        make(userId),
        make(otherUserId),
      ]);
      const keepRow = await findLiveSession(db, keep!, now);
      await revokeOtherSessions(db, userId, keepRow!.id, now + 1);

      expect(await findLiveSession(db, keep!, now + 2)).toBeDefined();
      expect(await findLiveSession(db, second!, now + 2)).toBeUndefined();
      expect(await findLiveSession(db, third!, now + 2)).toBeUndefined();
      expect(await findLiveSession(db, foreign!, now + 2)).toBeDefined();
    });
  });

  describe('cache versions', () => {
    it('lists one version per cache type in the contract order', async () => {
      expect((await listCacheVersions(db)).map((v) => v.cacheType)).toEqual([...CACHE_TYPES]);
    });

    it('moves a version forward on every bump, even with the same or an earlier now', async () => {
      const start = (await listCacheVersions(db)).find((v) => v.cacheType === 'BANK')!.finishUpdateTime;
      const same = start + 10;
      const first = await bumpCacheVersion(db, 'BANK', same);
      const second = await bumpCacheVersion(db, 'BANK', same);
      const third = await bumpCacheVersion(db, 'BANK', same);
      const earlier = await bumpCacheVersion(db, 'BANK', 1);
      expect(first).toBe(same);
      expect(second).toBe(same + 1);
      expect(third).toBe(same + 2);
      expect(earlier).toBe(same + 3);
      expect((await listCacheVersions(db)).find((v) => v.cacheType === 'BANK')?.finishUpdateTime).toBe(
        same + 3,
      );
      // Other types are untouched.
      const vc = (await listCacheVersions(db)).find((v) => v.cacheType === 'VC')!.finishUpdateTime;
      expect(vc).toBeLessThan(same);
    });

    it('gives concurrent bumps distinct, increasing versions', async () => {
      const base = (await listCacheVersions(db)).find((v) => v.cacheType === 'SYS_BANNER')!.finishUpdateTime;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          db.transaction().execute((trx) => bumpCacheVersion(trx, 'SYS_BANNER', base)),
        ),
      );
      expect(new Set(results).size).toBe(results.length);
      const final = (await listCacheVersions(db)).find((v) => v.cacheType === 'SYS_BANNER')!.finishUpdateTime;
      expect(final).toBe(Math.max(...results));
      expect(final).toBeGreaterThanOrEqual(base + 8);
    });

    it('rolls a bump back with its transaction', async () => {
      const before = (await listCacheVersions(db)).find((v) => v.cacheType === 'VC')!.finishUpdateTime;
      await expect(
        db.transaction().execute(async (trx) => {
          await bumpCacheVersion(trx, 'VC', before + 1_000);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect((await listCacheVersions(db)).find((v) => v.cacheType === 'VC')?.finishUpdateTime).toBe(before);
    });
  });

  describe('system repository', () => {
    it('reads and upserts configuration, bumping SYS_CONFIG', async () => {
      const version = async () =>
        (await listCacheVersions(db)).find((v) => v.cacheType === 'SYS_CONFIG')!.finishUpdateTime;
      const before = await version();
      expect(await getConfigValue(db, 'GLOBAL', 'timingTieRule')).toBe('refund');
      expect(await getConfigValue(db, 'GLOBAL', 'missing')).toBeUndefined();
      await setConfigValue(db, 'GLOBAL', 'timingTieRule', 'loss');
      await setConfigValue(db, 'RECHARGE', 'brandNew', 'x');
      expect(await getConfigValue(db, 'GLOBAL', 'timingTieRule')).toBe('loss');
      expect(await getConfigValue(db, 'RECHARGE', 'brandNew')).toBe('x');
      expect(await version()).toBeGreaterThanOrEqual(before + 2);
      const rows = await listConfig(db);
      expect(
        rows.filter((r) => r.config_group === 'GLOBAL' && r.config_key === 'timingTieRule'),
      ).toHaveLength(1);
    });

    it('lists languages, dictionary items and banners', async () => {
      expect((await listLanguages(db)).map((l) => l.code)).toEqual([...LOCALE_CODES]);
      const dict = await listDictionaryItems(db);
      expect(dict.filter((d) => d.dict_name === 'VcTypeEnum').map((d) => d.item_value)).toEqual([
        '1',
        '2',
        '3',
        '4',
      ]);

      const common = await listBanners(db, 'en', 'H5');
      await db
        .insertInto('sys_banner')
        .values({
          language_code: 'en',
          device_type: 'IOS',
          title: 'iOS only',
          image: '/i.png',
          fallback_img: '/f.png',
          url: '/x',
          enabled: 1,
          sort: 99,
        })
        .execute();
      expect((await listBanners(db, 'en', 'IOS')).map((b) => b.title)).toContain('iOS only');
      expect(await listBanners(db, 'en', 'H5')).toEqual(common);
    });

    it('inserts notices newest first, counts them and bumps SYS_NOTICE', async () => {
      const version = async () =>
        (await listCacheVersions(db)).find((v) => v.cacheType === 'SYS_NOTICE')!.finishUpdateTime;
      const before = await version();
      const total = await countNotices(db, 'tr');
      const now = Date.now();
      const older = await insertNotice(db, {
        languageCode: 'tr',
        title: 'Eski',
        content: 'a',
        popup: false,
        createdAt: now + 10,
      });
      const newer = await insertNotice(db, {
        languageCode: 'tr',
        title: 'Yeni',
        content: 'b',
        popup: true,
        createdAt: now + 20,
      });
      expect(typeof older).toBe('number');
      expect(await countNotices(db, 'tr')).toBe(total + 2);
      const list = await listNotices(db, 'tr', 2, 0);
      expect(list.map((n) => n.id)).toEqual([newer, older]);
      expect(list[0]).toMatchObject({ popup: 1, enabled: 1, created_at: now + 20 });
      expect((await listNotices(db, 'tr', 10, 1))[0]?.id).toBe(older);
      expect(await version()).toBeGreaterThan(before);
    });
  });

  describe('transactions', () => {
    it('roll back every write when the work throws', async () => {
      const username = uniqueUsername('tx');
      const users = async () =>
        Number(
          (
            await db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await users();
      await expect(
        db.transaction().execute(async (trx) => {
          const id = await insertUser(trx, newUser({ username }));
          await updateUser(trx, id, { nickname: 'inside' });
          await trx
            .insertInto('sys_config')
            .values({ config_group: 'GLOBAL', config_key: 'txKey', config_value: '1', sort: 0 })
            .execute();
          expect((await findUserByUsername(trx, username))?.nickname).toBe('inside');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await users()).toBe(before);
      expect(await findUserByUsername(db, username)).toBeUndefined();
      expect(await getConfigValue(db, 'GLOBAL', 'txKey')).toBeUndefined();
    });

    it('roll back earlier writes when a later statement violates a constraint', async () => {
      const first = uniqueUsername('tx');
      await expect(
        db.transaction().execute(async (trx) => {
          await insertUser(trx, newUser({ username: first }));
          await insertUser(trx, newUser({ username: 'demo01' }));
        }),
      ).rejects.toSatisfy(isUniqueViolation);
      expect(await findUserByUsername(db, first)).toBeUndefined();
    });

    it('commit when the work succeeds', async () => {
      const username = uniqueUsername('tx');
      const id = await db.transaction().execute((trx) => insertUser(trx, newUser({ username })));
      expect((await findUserByUsername(db, username))?.id).toBe(id);
    });
  });

  describe('email codes and outbox', () => {
    it('accepts a code once, counts wrong guesses and kills the code after 5', async () => {
      const now = 1_700_000_000_000;
      await storeEmailCode(db, 'a@example.com', 'register', '123456', now);
      expect(await consumeEmailCode(db, 'a@example.com', 'register', '654321', now + 1)).toBe(false);
      expect(await consumeEmailCode(db, 'a@example.com', 'other', '123456', now + 1)).toBe(false);
      expect(await consumeEmailCode(db, 'a@example.com', 'register', '123456', now + 2)).toBe(true);
      expect(await consumeEmailCode(db, 'a@example.com', 'register', '123456', now + 3)).toBe(false);

      await storeEmailCode(db, 'b@example.com', 'register', '111111', now);
      for (let i = 0; i < 5; i += 1)
        expect(await consumeEmailCode(db, 'b@example.com', 'register', '222222', now)).toBe(false);
      expect(await consumeEmailCode(db, 'b@example.com', 'register', '111111', now)).toBe(false);

      await storeEmailCode(db, 'c@example.com', 'register', '333333', now);
      expect(await consumeEmailCode(db, 'c@example.com', 'register', '333333', now + EMAIL_CODE_TTL_MS)).toBe(
        false,
      );
    });

    it('lets only one of two concurrent uses of a code pass', async () => {
      await storeEmailCode(db, 'd@example.com', 'register', '444444', 1_700_000_000_000);
      const results = await Promise.all([
        consumeEmailCode(db, 'd@example.com', 'register', '444444', 1_700_000_000_001),
        consumeEmailCode(db, 'd@example.com', 'register', '444444', 1_700_000_000_001),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps every mail in the outbox when no SMTP is configured', async () => {
      const mailer = new Mailer(db, { from: 'Vela <no-reply@vela.local>' });
      await mailer.send({ to: 'e@example.com', subject: 'Hi', text: 'Code 123456' }, 1_700_000_000_000);
      const [latest] = await listOutbox(db, 1);
      expect(latest).toMatchObject({
        recipient: 'e@example.com',
        subject: 'Hi',
        body: 'Code 123456',
        transport: 'outbox',
        created_at: 1_700_000_000_000,
        delivered_at: 1_700_000_000_000,
        error: null,
      });
      expect(typeof latest!.id).toBe('number');
    });
  });
});
