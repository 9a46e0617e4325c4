import type { Kysely } from 'kysely';
import { CACHE_TYPES, type CacheType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { selectCacheVersion, selectCacheVersions, upsertCacheVersion } from './cache-version-repository.ts';

/**
 * Cache versions: every write to cached data bumps its type's `finishUpdateTime` in
 * the same transaction, and clients refetch exactly the types whose time moved. The time never goes
 * backwards, even if two writes land in the same millisecond.
 */
export function bumpCacheVersion(db: Kysely<Database>, type: CacheType, now = Date.now()): Promise<number> {
  return upsertCacheVersion(db, type, now);
}

export async function listCacheVersions(
  db: Kysely<Database>,
): Promise<{ cacheType: CacheType; finishUpdateTime: number }[]> {
  const rows = await selectCacheVersions(db);
  const byType = new Map(rows.map((row) => [row.cache_type, row.finish_update_time]));
  // A type that has never changed has no row yet; its version is 0 by rule, not by accident.
  return CACHE_TYPES.map((cacheType) => ({ cacheType, finishUpdateTime: byType.get(cacheType) ?? 0 }));
}

/** The current version of one cache type (0 before the first change). */
export async function cacheVersion(db: Kysely<Database>, type: CacheType): Promise<number> {
  // No row means the type has never changed, and such a type is at version 0.
  return (await selectCacheVersion(db, type)) ?? 0;
}

/**
 * An answer that stays the same until its cache versions move: built once per version key and then
 * served from memory. The key costs one small read; the build happens only after a change, and a
 * failed build is forgotten so the next request tries again.
 */
export class VersionedAnswer<T> {
  private cached: { key: string; answer: Promise<T> } | null = null;
  private keyRead: { at: number; key: Promise<string> } | null = null;

  /**
   * `recheckMs`: the versions are read again only when the last read is older than this (0: on
   * every call). A hot path (an order placed thousands of times a second) can afford to see an
   * operator's change a moment late, not a read per call.
   */
  constructor(
    private readonly versionKey: () => Promise<string>,
    private readonly build: () => Promise<T>,
    private readonly recheckMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  private currentKey(): Promise<string> {
    const now = this.now();
    if (this.recheckMs > 0 && this.keyRead && now - this.keyRead.at < this.recheckMs) return this.keyRead.key;
    const key = this.versionKey();
    this.keyRead = { at: now, key };
    key.catch(() => {
      if (this.keyRead?.key === key) this.keyRead = null;
    });
    return key;
  }

  async get(): Promise<T> {
    const key = await this.currentKey();
    if (this.cached?.key !== key) {
      const answer = this.build();
      this.cached = { key, answer };
      answer.catch(() => {
        if (this.cached?.answer === answer) this.cached = null;
      });
    }
    return this.cached.answer;
  }
}
