import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VC_TYPES, type CacheType } from '@vela/contract';
import { listCacheVersions } from '../../../src/modules/system/cache-versions.ts';
import { seed } from '../../../src/seed.ts';
import { SEED_COINS } from '../../../src/modules/market/market-seed.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import {
  deleteTimingPeriod,
  insertCoin,
  listCoins,
  listTimingConfigs,
  saveTimingPeriod,
  setCoinEnabled,
  setCoinType,
  setTimingConfigEnabled,
} from '../../../src/modules/market/coin-repository.ts';
import { startFeedLeadership } from '../../../src/modules/feed/feed-leader.ts';
import { addFavourite, listFavourites } from '../../../src/modules/market/user-market-repository.ts';
import { countRows, createTestStorage, EXPECTED_DIALECT, type TestStorage } from '../../helpers/test-app.ts';

const NOW = 1_700_000_000_000;

describe(`market storage (${EXPECTED_DIALECT})`, () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage();
    await migrateToLatest(ts.storage);
    await seed(ts.storage.db, NOW);
  });
  afterAll(async () => {
    await ts.dispose();
  });

  const versions = async (): Promise<Record<CacheType, number>> =>
    Object.fromEntries(
      (await listCacheVersions(ts.storage.db)).map((v) => [v.cacheType, v.finishUpdateTime]),
    ) as Record<CacheType, number>;

  it("points every seeded coin's icon at a file the web app serves", async () => {
    const publicDir = path.resolve(import.meta.dirname, '../../../../web/public');
    for (const coin of await listCoins(ts.storage.db))
      expect(fs.existsSync(path.join(publicDir, coin.icon)), `${coin.symbol}: ${coin.icon}`).toBe(true);
  });

  it('seeds USDT as the settlement coin and at least 15 tradable coins of every type', async () => {
    const coins = await listCoins(ts.storage.db);
    const usdt = coins.find((c) => c.symbol === 'USDT')!;
    expect(usdt).toMatchObject({ settle_vc: 1, enabled: 1 });
    const tradable = coins.filter((c) => c.settle_vc === 0);
    expect(tradable.length).toBeGreaterThanOrEqual(15);
    for (const type of VC_TYPES)
      expect(
        tradable.some((c) => c.type === type),
        `type ${type}`,
      ).toBe(true);
    expect(tradable.find((c) => c.symbol === 'BTC')).toMatchObject({
      type: 1,
      price_scale: 2,
      icon: '/coins/btc.svg',
      sim_start_price_minor: 6_725_000n,
    });
    expect(tradable.find((c) => c.symbol === 'EURUSD')).toMatchObject({ type: 2, price_scale: 5 });
    expect(tradable.find((c) => c.symbol === 'USDJPY')).toMatchObject({ type: 2, price_scale: 3 });
    expect(tradable.find((c) => c.symbol === 'XAU')).toMatchObject({ type: 3, price_scale: 2 });
    expect(tradable.find((c) => c.symbol === 'SPX500')).toMatchObject({ type: 4 });
    const ranges: Record<number, [number, number]> = {
      1: [0.5, 1],
      2: [0.06, 0.12],
      3: [0.15, 0.3],
      4: [0.15, 0.2],
    };
    for (const coin of tradable) {
      const [low, high] = ranges[coin.type]!;
      expect(Number(coin.sim_volatility), coin.symbol).toBeGreaterThanOrEqual(low);
      expect(Number(coin.sim_volatility), coin.symbol).toBeLessThanOrEqual(high);
    }
    const configs = await listTimingConfigs(ts.storage.db);
    expect(configs.map((c) => c.vcId)).toEqual(tradable.map((c) => c.id));
  });

  it('seeds idempotently: a second run adds nothing and keeps operators’ changes', async () => {
    const db = ts.storage.db;
    const btc = (await listCoins(db)).find((c) => c.symbol === 'BTC')!;
    await deleteTimingPeriod(db, btc.id, 30);
    const before = {
      vc: await countRows(db, 'vc'),
      configs: await countRows(db, 'vc_timing_config'),
      periods: await countRows(db, 'vc_timing_period'),
    };
    await seed(db);
    expect({
      vc: await countRows(db, 'vc'),
      configs: await countRows(db, 'vc_timing_config'),
      periods: await countRows(db, 'vc_timing_period'),
    }).toEqual(before);
    expect(before.vc).toBe(SEED_COINS.length);
    const config = (await listTimingConfigs(db)).find((c) => c.vcId === btc.id)!;
    expect(config.periods.map((p) => p.seconds)).toEqual([60, 120, 300]);
    await saveTimingPeriod(db, btc.id, {
      seconds: 30,
      payoutRate: '0.80',
      minAmount: '10',
      maxAmount: '50000',
      enabled: true,
      sort: 0,
    });
  });

  it('bumps VC and VC_TIMING_TRADE_CONFIG with every change, in the same transaction', async () => {
    const db = ts.storage.db;
    const [first] = await listCoins(db).then((coins) => coins.filter((c) => c.settle_vc === 0));
    const steps: [string, () => Promise<unknown>, CacheType[]][] = [
      ['disable a coin', () => setCoinEnabled(db, first!.id, false), ['VC', 'VC_TIMING_TRADE_CONFIG']],
      ['enable it again', () => setCoinEnabled(db, first!.id, true), ['VC', 'VC_TIMING_TRADE_CONFIG']],
      ['change its type', () => setCoinType(db, first!.id, first!.type), ['VC']],
      ['disable its config', () => setTimingConfigEnabled(db, first!.id, false), ['VC_TIMING_TRADE_CONFIG']],
      ['enable its config', () => setTimingConfigEnabled(db, first!.id, true), ['VC_TIMING_TRADE_CONFIG']],
      [
        'save a period',
        () =>
          saveTimingPeriod(db, first!.id, {
            seconds: 600,
            payoutRate: '0.9',
            minAmount: '10',
            maxAmount: null,
            enabled: false,
            sort: 9,
          }),
        ['VC_TIMING_TRADE_CONFIG'],
      ],
      ['delete a period', () => deleteTimingPeriod(db, first!.id, 600), ['VC_TIMING_TRADE_CONFIG']],
      [
        'add a coin',
        () =>
          insertCoin(db, {
            symbol: 'TEST',
            name: 'Test coin',
            type: 1,
            enabled: 0,
            settle_vc: 0,
            price_scale: 2,
            volume_scale: 2,
            display_precision: 2,
            icon: '/coins/test.svg',
            sort: 99,
            sim_start_price_minor: 100n,
            sim_volatility: '0.5',
            sim_drift: '0',
            sim_volume_per_second: '1',
            created_at: NOW,
          }),
        ['VC'],
      ],
    ];
    for (const [name, step, bumped] of steps) {
      const before = await versions();
      await step();
      const after = await versions();
      for (const type of Object.keys(after) as CacheType[]) {
        if (bumped.includes(type)) expect(after[type], `${name}: ${type}`).toBeGreaterThan(before[type]);
        else expect(after[type], `${name}: ${type}`).toBe(before[type]);
      }
    }
  });

  it('keeps favourites in the order added, also within one millisecond', async () => {
    const db = ts.storage.db;
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const coins = (await listCoins(db)).filter((c) => c.settle_vc === 0 && c.enabled === 1);
    const order = [coins[5]!.id, coins[1]!.id, coins[3]!.id, coins[0]!.id];
    for (const id of order) await addFavourite(db, user.id, id, NOW);
    await addFavourite(db, user.id, order[1]!, NOW);
    expect(await listFavourites(db, user.id)).toEqual(order.map((vcId) => ({ vcId })));
  });

  it('lets exactly one process lead the feed', async () => {
    const led: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const first = await startFeedLeadership(ts.storage, {
      lead: async () => void led.push('first'),
      resign: async () => void led.push('first resigned'),
      log,
      retryMs: 20,
    });
    expect(first.leading).toBe(true);
    if (EXPECTED_DIALECT === 'postgres') {
      // A second node (its own pool) stands by while the first holds the lock, and takes over after.
      const other = ts.openAnother();
      try {
        const second = await startFeedLeadership(other, {
          lead: async () => void led.push('second'),
          resign: async () => void led.push('second resigned'),
          log,
          retryMs: 20,
        });
        expect(second.leading).toBe(false);
        await first.stop();
        await expect.poll(() => second.leading, { timeout: 5000 }).toBe(true);
        await second.stop();
      } finally {
        await other.close();
      }
      expect(led).toEqual(['first', 'first resigned', 'second', 'second resigned']);
    } else {
      // SQLite belongs to one process by design: it always leads.
      await first.stop();
      expect(led).toEqual(['first', 'first resigned']);
    }
  });
});
