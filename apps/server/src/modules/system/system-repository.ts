import type { Kysely } from 'kysely';
import type { ConfigGroup } from '@vela/contract';
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
