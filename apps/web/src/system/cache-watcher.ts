import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CacheType } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../lib/api-client.ts';
import { CACHE_TYPE_QUERY_PREFIX } from './system-api.ts';

/** Cache info is re-checked at a random interval between 15 and 29 seconds. */
export const CACHE_CHECK_MIN_MS = 15_000;
export const CACHE_CHECK_MAX_MS = 29_000;

export function nextCheckDelay(random = Math.random): number {
  return CACHE_CHECK_MIN_MS + Math.floor(random() * (CACHE_CHECK_MAX_MS - CACHE_CHECK_MIN_MS + 1));
}

/** Returns the cache types whose version moved since the last check (none on the first check). */
export function changedTypes(
  previous: Map<CacheType, number> | null,
  current: { cacheType: CacheType; finishUpdateTime: number }[],
): CacheType[] {
  if (!previous) return [];
  return current.filter((v) => previous.get(v.cacheType) !== v.finishUpdateTime).map((v) => v.cacheType);
}

export async function checkCaches(client: QueryClient, previous: Map<CacheType, number> | null) {
  const versions = await call(routes.system.cacheRefreshList, {});
  for (const type of changedTypes(previous, versions)) {
    await client.invalidateQueries({ queryKey: [CACHE_TYPE_QUERY_PREFIX[type]] });
  }
  return new Map(versions.map((v) => [v.cacheType, v.finishUpdateTime] as const));
}

/** Runs the re-check loop for the app's lifetime. Failures are only logged. */
export function useCacheWatcher(): void {
  const client = useQueryClient();
  useEffect(() => {
    let versions: Map<CacheType, number> | null = null;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      try {
        versions = await checkCaches(client, versions);
      } catch (error) {
        console.warn('[cache] re-check failed', error);
      }
      if (!stopped) timer = setTimeout(() => void tick(), nextCheckDelay());
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client]);
}
