import type { Insertable, Kysely } from 'kysely';
import type { CacheType, ConfigGroup } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { bumpCacheVersion } from './cache-versions.ts';

export function listConfig(db: Kysely<Database>) {
  return db
    .selectFrom('sys_config')
    .selectAll()
    .orderBy('config_group')
    .orderBy('sort')
    .orderBy('config_key')
    .execute();
}

export async function getConfigValue(
  db: Kysely<Database>,
  group: ConfigGroup,
  key: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('sys_config')
    .select('config_value')
    .where('config_group', '=', group)
    .where('config_key', '=', key)
    .executeTakeFirst();
  return row?.config_value;
}

/** Changes one configuration value and bumps SYS_CONFIG in the same transaction. */
export async function setConfigValue(
  db: Kysely<Database>,
  group: ConfigGroup,
  key: string,
  value: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_config')
      .values({ config_group: group, config_key: key, config_value: value, sort: 0 })
      .onConflict((oc) => oc.columns(['config_group', 'config_key']).doUpdateSet({ config_value: value }))
      .execute();
    await bumpCacheVersion(trx, 'SYS_CONFIG');
  });
}

export function listDictionaryItems(db: Kysely<Database>) {
  return db.selectFrom('sys_dict_item').selectAll().orderBy('dict_name').orderBy('sort').execute();
}

export function listLanguages(db: Kysely<Database>) {
  return db.selectFrom('i18n_language').selectAll().orderBy('sort').execute();
}

export function listNotices(db: Kysely<Database>, languageCode: string, limit: number, offset: number) {
  return db
    .selectFrom('sys_notice')
    .selectAll()
    .where('language_code', '=', languageCode)
    .where('enabled', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countNotices(db: Kysely<Database>, languageCode: string): Promise<number> {
  const row = await db
    .selectFrom('sys_notice')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('language_code', '=', languageCode)
    .where('enabled', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertNotice(
  db: Kysely<Database>,
  notice: { languageCode: string; title: string; content: string; popup: boolean; createdAt: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sys_notice')
      .values({
        language_code: notice.languageCode,
        title: notice.title,
        content: notice.content,
        popup: notice.popup ? 1 : 0,
        enabled: 1,
        sort: 0,
        created_at: notice.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpCacheVersion(trx, 'SYS_NOTICE');
    return row.id;
  });
}

export function listBanners(db: Kysely<Database>, languageCode: string, deviceType: string) {
  return db
    .selectFrom('sys_banner')
    .selectAll()
    .where('language_code', '=', languageCode)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('device_type', '=', 'ALL'), eb('device_type', '=', deviceType)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

// ---- the seed's inserts -------------------------------------------------------------------------
// The seed runs at every start, so each insert skips what exists: an operator's change survives.

/** Adds the configuration items that are missing; an existing item keeps its value. */
export async function insertMissingConfig(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['sys_config']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('sys_config')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Adds the dictionary items that are missing. */
export async function insertMissingDictionaryItems(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['sys_dict_item']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('sys_dict_item')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Adds the languages that are missing; an existing one keeps its name, order and switch. */
export async function insertMissingLanguages(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['i18n_language']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('i18n_language')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whether any notice exists, in any language, enabled or not. */
export async function hasNotices(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('sys_notice').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Adds notices as they are, in the given order; the cache version is the caller's to move. */
export async function insertNotices(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['sys_notice']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('sys_notice').values(rows).execute();
}

/** Whether any banner exists, in any language, enabled or not. */
export async function hasBanners(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('sys_banner').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Adds banners as they are, in the given order; the cache version is the caller's to move. */
export async function insertBanners(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['sys_banner']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('sys_banner').values(rows).execute();
}

/** Starts the versions of these cache types at `now`; a version that exists is left where it is. */
export async function insertMissingCacheVersions(
  db: Kysely<Database>,
  types: readonly CacheType[],
  now: number,
): Promise<void> {
  if (types.length === 0) return;
  await db
    .insertInto('cache_version')
    .values(types.map((type) => ({ cache_type: type, finish_update_time: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
