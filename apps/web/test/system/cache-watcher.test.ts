import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { CacheType } from '@vela/contract';
import {
  CACHE_CHECK_MAX_MS,
  CACHE_CHECK_MIN_MS,
  changedTypes,
  checkCaches,
  nextCheckDelay,
} from '../../src/system/cache-watcher.ts';
import { setupWebTests } from '../setup.tsx';
import { envelopeResponse, urlOf } from '../support/helpers.tsx';

setupWebTests();

type Version = { cacheType: CacheType; finishUpdateTime: number };

const FIRST: Version[] = [
  { cacheType: 'SYS_CONFIG', finishUpdateTime: 100 },
  { cacheType: 'SYS_NOTICE', finishUpdateTime: 200 },
  { cacheType: 'VC', finishUpdateTime: 300 },
];

const versionMap = (list: Version[]) => new Map(list.map((v) => [v.cacheType, v.finishUpdateTime] as const));

describe('nextCheckDelay (15 to 29 s)', () => {
  it('uses the bounds of the spec', () => {
    expect(CACHE_CHECK_MIN_MS).toBe(15_000);
    expect(CACHE_CHECK_MAX_MS).toBe(29_000);
  });

  it.each([
    [0, 15_000],
    [0.5, 22_000],
    [0.999999, 29_000],
  ])('random() = %s gives %s ms', (random, delay) => {
    expect(nextCheckDelay(() => random)).toBe(delay);
  });

  it('stays within [15000, 29000] for any random value in [0, 1)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (random) => {
        const delay = nextCheckDelay(() => random);
        return Number.isInteger(delay) && delay >= 15_000 && delay <= 29_000;
      }),
      { numRuns: 500 },
    );
  });

  it('uses Math.random by default', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(nextCheckDelay()).toBe(15_000);
  });
});

describe('changedTypes', () => {
  it('lists nothing on the first check', () => {
    expect(changedTypes(null, FIRST)).toEqual([]);
  });

  it('lists nothing when no version moved', () => {
    expect(changedTypes(versionMap(FIRST), FIRST)).toEqual([]);
  });

  it('lists exactly the types whose finishUpdateTime moved', () => {
    const now: Version[] = [
      { cacheType: 'SYS_CONFIG', finishUpdateTime: 100 },
      { cacheType: 'SYS_NOTICE', finishUpdateTime: 201 },
      { cacheType: 'VC', finishUpdateTime: 299 },
    ];
    expect(changedTypes(versionMap(FIRST), now)).toEqual(['SYS_NOTICE', 'VC']);
  });

  it('counts a type seen for the first time as changed', () => {
    const now: Version[] = [...FIRST, { cacheType: 'BANK', finishUpdateTime: 1 }];
    expect(changedTypes(versionMap(FIRST), now)).toEqual(['BANK']);
  });
});

describe('checkCaches', () => {
  const NOTICE_KEY = ['SYS_NOTICE', 'en'];
  const CONFIG_KEY = ['SYS_CONFIG', 'en'];

  function seededClient() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
    client.setQueryData(NOTICE_KEY, []);
    client.setQueryData(CONFIG_KEY, { dict: {}, list: [] });
    client.setQueryData(['SYS_NOTICE', 'kr'], []);
    return client;
  }

  function answerVersions(list: Version[]) {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      envelopeResponse({ success: true, code: 'OK', message: '', data: list }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  const invalidated = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated;

  it('asks the cache-version list and invalidates nothing on the first check', async () => {
    const client = seededClient();
    const fetchMock = answerVersions(FIRST);

    const versions = await checkCaches(client, null);

    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe('/api/sys-cache-refresh/list');
    expect(versions).toEqual(versionMap(FIRST));
    expect(invalidated(client, NOTICE_KEY)).toBe(false);
    expect(invalidated(client, CONFIG_KEY)).toBe(false);
  });

  it('invalidates exactly the query prefixes of the changed types', async () => {
    const client = seededClient();
    answerVersions([
      { cacheType: 'SYS_CONFIG', finishUpdateTime: 100 },
      { cacheType: 'SYS_NOTICE', finishUpdateTime: 250 },
      { cacheType: 'VC', finishUpdateTime: 300 },
    ]);

    const versions = await checkCaches(client, versionMap(FIRST));

    expect(invalidated(client, NOTICE_KEY)).toBe(true);
    expect(invalidated(client, ['SYS_NOTICE', 'kr'])).toBe(true);
    expect(invalidated(client, CONFIG_KEY)).toBe(false);
    expect(versions.get('SYS_NOTICE')).toBe(250);
  });

  it('invalidates the configuration when its version moves', async () => {
    const client = seededClient();
    answerVersions([
      { cacheType: 'SYS_CONFIG', finishUpdateTime: 101 },
      { cacheType: 'SYS_NOTICE', finishUpdateTime: 200 },
      { cacheType: 'VC', finishUpdateTime: 300 },
    ]);

    await checkCaches(client, versionMap(FIRST));

    expect(invalidated(client, CONFIG_KEY)).toBe(true);
    expect(invalidated(client, NOTICE_KEY)).toBe(false);
  });
});
