import { sql, type Kysely } from 'kysely';
import { CACHE_TYPES, type CacheType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';

/**
 * Cache versions of spec point 3: every write to cached data bumps its type's `finishUpdateTime` in
 * the same transaction, and clients refetch exactly the types whose time moved. The time never goes
 * backwards, even if two writes land in the same millisecond.
 */
export async function bumpCacheVersion(
  db: Kysely<Database>,
  type: CacheType,
  now = Date.now(),
): Promise<number> {
  // One atomic upsert: concurrent bumps (several API nodes) each get a distinct, larger version,
  // which a read-then-write could not promise.
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

export async function listCacheVersions(
  db: Kysely<Database>,
): Promise<{ cacheType: CacheType; finishUpdateTime: number }[]> {
  const rows = await db.selectFrom('cache_version').selectAll().execute();
  const byType = new Map(rows.map((row) => [row.cache_type, row.finish_update_time]));
  return CACHE_TYPES.map((cacheType) => ({ cacheType, finishUpdateTime: byType.get(cacheType) ?? 0 }));
}
