import { sql, type Kysely } from 'kysely';
import type { CacheType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';

/**
 * The `cache_version` table: one row per cache type with the time of its last change. Every
 * function takes `db` first, so the bump can run in the transaction of the write it announces.
 */

/**
 * Moves the type's version to `now`, or one past the stored version when that is not earlier, and
 * answers the new version. One atomic upsert: concurrent bumps (several API nodes) each get a
 * distinct, larger version, which a read-then-write could not promise. The comparison with the
 * stored row has no query-builder form inside ON CONFLICT, hence the raw expression.
 */
export async function upsertCacheVersion(
  db: Kysely<Database>,
  type: CacheType,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('cache_version')
    .values({ cache_type: type, finish_update_time: now })
    .onConflict((oc) =>
      oc.column('cache_type').doUpdateSet({
        finish_update_time: sql<number>`case when excluded.finish_update_time > cache_version.finish_update_time then excluded.finish_update_time else cache_version.finish_update_time + 1 end`,
      }),
    )
    .returning('finish_update_time')
    .executeTakeFirstOrThrow();
  return row.finish_update_time;
}

/** Every stored version; a type that never changed has no row. */
export function selectCacheVersions(
  db: Kysely<Database>,
): Promise<{ cache_type: string; finish_update_time: number }[]> {
  return db.selectFrom('cache_version').select(['cache_type', 'finish_update_time']).execute();
}

/** The stored version of one type; undefined before its first change. */
export async function selectCacheVersion(db: Kysely<Database>, type: CacheType): Promise<number | undefined> {
  const row = await db
    .selectFrom('cache_version')
    .select('finish_update_time')
    .where('cache_type', '=', type)
    .executeTakeFirst();
  return row?.finish_update_time;
}
