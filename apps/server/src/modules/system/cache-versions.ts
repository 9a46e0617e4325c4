import type { Kysely } from 'kysely';
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
  const current = await db
    .selectFrom('cache_version')
    .select('finish_update_time')
    .where('cache_type', '=', type)
    .executeTakeFirst();
  const next = Math.max(now, (current?.finish_update_time ?? 0) + 1);
  await db
    .insertInto('cache_version')
    .values({ cache_type: type, finish_update_time: next })
    .onConflict((oc) => oc.column('cache_type').doUpdateSet({ finish_update_time: next }))
    .execute();
  return next;
}

export async function listCacheVersions(
  db: Kysely<Database>,
): Promise<{ cacheType: CacheType; finishUpdateTime: number }[]> {
  const rows = await db.selectFrom('cache_version').selectAll().execute();
  const byType = new Map(rows.map((row) => [row.cache_type, row.finish_update_time]));
  return CACHE_TYPES.map((cacheType) => ({ cacheType, finishUpdateTime: byType.get(cacheType) ?? 0 }));
}
