import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ChartSettings, type Ticker } from '@vela/contract';
import { bucketStart, formatMinor } from '@vela/domain';
import { SEED_COINS } from '../../../src/modules/market/market-seed.ts';
import { SEED_TIMING_PERIODS } from '../../../src/modules/timing/timing-seed.ts';
import {
  saveTimingPeriod,
  setCoinEnabled,
  setTimingConfigEnabled,
} from '../../../src/modules/market/coin-repository.ts';
import { loadFeedStates } from '../../../src/modules/feed/feed-repository.ts';
import type { FeedEngine } from '../../../src/modules/feed/feed-engine.ts';
import { setConfigValue } from '../../../src/modules/system/system-repository.ts';
import {
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  tr,
  type TestApp,
} from '../../helpers/test-app.ts';
import {
  candleRows,
  createEngine,
  ManualClock,
  marketCoinIds,
  MINUTE,
  runSeconds,
  T0,
} from './market-helpers.ts';

const { market, system } = endpoints;
const TRADABLE = SEED_COINS.filter((c) => !c.settleVc);

describe('market endpoints', () => {
  let t: TestApp;
  let clock: ManualClock;
  let feed: FeedEngine;
  let ids: number[];
  let usdtId: number;

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock();
    feed = createEngine(t, clock, { backfill: 'short' });
    await feed.start();
    await runSeconds(feed, clock, 5);
    ids = await marketCoinIds(t.db);
    usdtId = (await t.db.selectFrom('vc').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await feed.stop();
    await t.close();
  });

  describe('/vc/market/list', () => {
    it('answers a ticker for every tradable coin with the last recorded price', async () => {
      const tickers = expectSuccess(await t.call(market.marketList, {}));
      expect(tickers.map((x) => x.c)).toEqual(TRADABLE.map((c) => c.symbol));
      const states = await loadFeedStates(t.db);
      for (const ticker of tickers) {
        const seed = TRADABLE.find((c) => c.symbol === ticker.c)!;
        const state = states.get(ticker.a)!;
        expect(ticker.g).toBe(formatMinor(state.lastPrice, seed.priceScale));
        expect(ticker.ts).toBe(clock.time);
        expect(ticker.type).toBe(seed.type);
        expect(ticker.precision).toBe(seed.priceScale);
        expect([0, 1, 2]).toContain(ticker.l);
        expect(Number(ticker.high)).toBeGreaterThanOrEqual(Number(ticker.low));
        expect(Number(ticker.j)).toBeGreaterThan(0);
        expect(Number(ticker.turnover)).toBeGreaterThan(0);
        // k and changePer agree with open and last.
        const open = BigInt(ticker.open.replace('.', ''));
        const last = BigInt(ticker.g.replace('.', ''));
        expect(ticker.k).toBe(formatMinor(last - open, seed.priceScale));
        expect(ticker.changePer).toBe(Number(((last - open) * 10_000n) / open) / 100);
        expect(ticker.changePerStr).toMatch(ticker.changePer === 0 ? /^0%$/ : /^[+-]\d+\.\d{2}%$/);
      }
    });

    it('moves with every recorded second', async () => {
      const before = expectSuccess(await t.call(market.marketList, {}));
      await runSeconds(feed, clock, 1);
      const after = expectSuccess(await t.call(market.marketList, {}));
      expect(after.every((x) => x.ts === clock.time)).toBe(true);
      const moved = after.filter((x, i) => x.g !== before[i]!.g);
      expect(moved.length).toBeGreaterThan(0);
    });
  });

  describe('/vc/market/kline', () => {
    it('answers the latest candles oldest first, the default 500 and at most `limit`', async () => {
      const all = await candleRows(t.db, ids[0]!, '1m');
      const data = expectSuccess(await t.call(market.marketKline, { vcId: ids[0]!, interval: '1m' }));
      expect(data.candles.length).toBe(500);
      expect(data.candles.map((c) => c.t)).toEqual(all.slice(-500).map((c) => c.t));
      const few = expectSuccess(
        await t.call(market.marketKline, { vcId: ids[0]!, interval: '1m', limit: 3 }),
      );
      expect(few.candles).toEqual(data.candles.slice(-3));
      const max = expectSuccess(
        await t.call(market.marketKline, { vcId: ids[0]!, interval: '1m', limit: 1000 }),
      );
      expect(max.candles.length).toBe(1000);
      const scale = SEED_COINS.find((c) => c.symbol === TRADABLE[0]!.symbol)!.priceScale;
      const last = all[all.length - 1]!;
      expect(few.candles[2]).toEqual({
        t: last.t,
        o: formatMinor(last.o, scale),
        h: formatMinor(last.h, scale),
        l: formatMinor(last.l, scale),
        c: formatMinor(last.c, scale),
        v: expect.any(String),
        q: expect.any(String),
      });
    });

    it('follows the feed: the current candle changes and new ones appear', async () => {
      await t.call(market.marketKline, { vcId: ids[1]!, interval: '1m', limit: 2 });
      clock.time = bucketStart(clock.time, '1m') + MINUTE - 1000;
      await feed.tickOnce(clock.time);
      const before = expectSuccess(
        await t.call(market.marketKline, { vcId: ids[1]!, interval: '1m', limit: 2 }),
      );
      await runSeconds(feed, clock, 1);
      const after = expectSuccess(
        await t.call(market.marketKline, { vcId: ids[1]!, interval: '1m', limit: 2 }),
      );
      expect(after.candles[0]).toEqual(before.candles[1]);
      expect(after.candles[1]!.t).toBe(before.candles[1]!.t + MINUTE);
      const rows = await candleRows(t.db, ids[1]!, '1m');
      expect(after.candles.map((c) => c.c)).toEqual(
        rows.slice(-2).map((c) => formatMinor(c.c, TRADABLE[1]!.priceScale)),
      );
    });

    it('refuses an unknown coin, a bad id, an unknown interval and a bad limit, in the caller’s language', async () => {
      const unknown = await t.call(market.marketKline, { vcId: 999999, interval: '1m' }, { lang: 'kr' });
      expectFailure(unknown, 'VC_NOT_FOUND');
      await expectLocalized(unknown.body.message, 'kr', 'error.VC_NOT_FOUND');
      expectFailure(await t.call(market.marketKline, { vcId: usdtId, interval: '1m' }), 'VC_NOT_FOUND');

      for (const vcId of [0, -1, 'x', 1.5, null]) {
        const result = await t.post(market.marketKline.path, { vcId, interval: '1m' }, { lang: 'ja' });
        expectFailure(result, 'VALIDATION_FAILED', { field: 'vcId' });
        expect(result.body.message).toContain(await tr('ja', 'validation.vcId'));
      }
      const interval = await t.post(market.marketKline.path, { vcId: ids[0], interval: '2m' });
      expectFailure(interval, 'VALIDATION_FAILED', { field: 'interval' });
      expect(interval.body.message).toContain(await tr('en', 'validation.interval'));
      for (const limit of [0, 1001, 2.5, '10']) {
        const result = await t.post(market.marketKline.path, { vcId: ids[0], interval: '1m', limit });
        expectFailure(result, 'VALIDATION_FAILED', { field: 'limit' });
        expect(result.body.message).toContain(await tr('en', 'validation.limit'));
      }
    });
  });

  describe('/vc/market/detail', () => {
    it('answers the coin and its ticker', async () => {
      const data = expectSuccess(await t.call(market.marketDetail, { vcId: ids[0]! }));
      expect(data.coin).toEqual({
        id: ids[0],
        symbol: 'BTC',
        name: 'Bitcoin',
        type: 1,
        enabled: true,
        settleVc: false,
        precision: 2,
        icon: '/coins/btc.svg',
      });
      const list = expectSuccess(await t.call(market.marketList, {}));
      expect(data.ticker).toEqual(list.find((x) => x.a === ids[0]));
    });

    it('refuses unknown, settlement and disabled coins with VC_NOT_FOUND', async () => {
      for (const vcId of [999999, usdtId]) {
        expectFailure(await t.call(market.marketDetail, { vcId }), 'VC_NOT_FOUND');
      }
      const last = ids[ids.length - 1]!;
      await setCoinEnabled(t.db, last, false);
      try {
        expectFailure(await t.call(market.marketDetail, { vcId: last }), 'VC_NOT_FOUND');
        const list = expectSuccess(await t.call(market.marketList, {}));
        expect(list.map((x) => x.a)).not.toContain(last);
      } finally {
        await setCoinEnabled(t.db, last, true);
      }
      expectSuccess(await t.call(market.marketDetail, { vcId: last }));
      expectFailure(await t.post(market.marketDetail.path, { vcId: '1' }), 'VALIDATION_FAILED', {
        field: 'vcId',
      });
    });
  });

  describe('/vc/market/detail-kline', () => {
    it('answers the candles whose open time is in the range, oldest first', async () => {
      const start = bucketStart(T0, '1m') - 10 * MINUTE;
      const end = bucketStart(T0, '1m');
      const data = expectSuccess(
        await t.call(market.marketDetailKline, {
          vcId: ids[2]!,
          interval: '1m',
          startTime: start + 1,
          endTime: end,
        }),
      );
      expect(data.candles.map((c) => c.t)).toEqual(
        Array.from({ length: 10 }, (_, i) => start + (i + 1) * MINUTE),
      );
      const hours = expectSuccess(
        await t.call(market.marketDetailKline, {
          vcId: ids[2]!,
          interval: '1h',
          startTime: T0 - 5 * 3_600_000,
          endTime: T0,
        }),
      );
      expect(hours.candles.length).toBe(5);
    });

    it('accepts 1000 candles and refuses 1001 with RANGE_TOO_LARGE', async () => {
      const start = bucketStart(T0, '1m') - 999 * MINUTE;
      const ok = await t.call(market.marketDetailKline, {
        vcId: ids[0]!,
        interval: '1m',
        startTime: start,
        endTime: start + 999 * MINUTE,
      });
      expect(expectSuccess(ok).candles.length).toBe(1000);
      const tooMany = await t.call(
        market.marketDetailKline,
        { vcId: ids[0]!, interval: '1m', startTime: start, endTime: start + 1000 * MINUTE },
        { lang: 'es' },
      );
      expectFailure(tooMany, 'RANGE_TOO_LARGE');
      await expectLocalized(tooMany.body.message, 'es', 'error.RANGE_TOO_LARGE', { max: 1000 });
      expect(tooMany.body.message).toContain('1000');
      const years = await t.call(market.marketDetailKline, {
        vcId: ids[0]!,
        interval: '1d',
        startTime: 0,
        endTime: T0,
      });
      expectFailure(years, 'RANGE_TOO_LARGE');
    });

    it('refuses a start after the end, naming the field, and bad times', async () => {
      const reversed = await t.call(
        market.marketDetailKline,
        { vcId: ids[0]!, interval: '1m', startTime: T0, endTime: T0 - 1 },
        { lang: 'zh-CN' },
      );
      expectFailure(reversed, 'VALIDATION_FAILED', { field: 'startTime' });
      expect(reversed.body.message).toContain(await tr('zh-CN', 'validation.invalidValue'));
      for (const body of [
        { vcId: ids[0], interval: '1m', startTime: -1, endTime: T0 },
        { vcId: ids[0], interval: '1m', startTime: 'yesterday', endTime: T0 },
        { vcId: ids[0], interval: '1m', startTime: T0 },
      ]) {
        const result = await t.post(market.marketDetailKline.path, body);
        expectFailure(result, 'VALIDATION_FAILED');
        expect((result.body.data as { field: string }).field).toMatch(/^(startTime|endTime)$/);
      }
      expectFailure(
        await t.call(market.marketDetailKline, {
          vcId: 999999,
          interval: '1m',
          startTime: T0 - MINUTE,
          endTime: T0,
        }),
        'VC_NOT_FOUND',
      );
    });
  });

  describe('/portal/vc/list', () => {
    it('lists enabled coins without the settlement coin, and follows changes (VC version)', async () => {
      const coins = expectSuccess(await t.call(market.vcList, {}));
      expect(coins.map((c) => c.symbol)).toEqual(TRADABLE.map((c) => c.symbol));
      expect(coins.every((c) => c.enabled && !c.settleVc)).toBe(true);
      expect(new Set(coins.map((c) => c.type))).toEqual(new Set([1, 2, 3, 4]));

      const versions = async () =>
        Object.fromEntries(
          expectSuccess(await t.call(system.cacheRefreshList, {})).map((v) => [
            v.cacheType,
            v.finishUpdateTime,
          ]),
        );
      const before = await versions();
      await setCoinEnabled(t.db, ids[3]!, false);
      try {
        const after = await versions();
        expect(after.VC).toBeGreaterThan(before.VC!);
        expect(after.VC_TIMING_TRADE_CONFIG).toBeGreaterThan(before.VC_TIMING_TRADE_CONFIG!);
        const changed = expectSuccess(await t.call(market.vcList, {}));
        expect(changed.map((c) => c.id)).not.toContain(ids[3]);
        expect(changed.length).toBe(coins.length - 1);
      } finally {
        await setCoinEnabled(t.db, ids[3]!, true);
      }
      expect(expectSuccess(await t.call(market.vcList, {})).length).toBe(coins.length);
    });

    it('leaves out the brand’s excluded coin types (GLOBAL excludedVcTypes)', async () => {
      await setConfigValue(t.db, 'GLOBAL', 'excludedVcTypes', '2, 4');
      try {
        const coins = expectSuccess(await t.call(market.vcList, {}));
        expect(coins.map((c) => c.symbol)).toEqual(
          TRADABLE.filter((c) => c.type !== 2 && c.type !== 4).map((c) => c.symbol),
        );
        // The market itself still lists every coin: the setting shapes the currency list only.
        expect(expectSuccess(await t.call(market.marketList, {})).length).toBe(TRADABLE.length);
      } finally {
        await setConfigValue(t.db, 'GLOBAL', 'excludedVcTypes', '');
      }
      expect(expectSuccess(await t.call(market.vcList, {})).length).toBe(TRADABLE.length);
    });
  });

  describe('/portal/vc-timing-trade-config/list', () => {
    it('answers every tradable coin with its periods in order; the longest is uncapped', async () => {
      const configs = expectSuccess(await t.call(market.timingConfigList, {}));
      expect(configs.map((c) => c.vcId)).toEqual(ids);
      const usdt = await t.db
        .selectFrom('vc')
        .select('id')
        .where('symbol', '=', 'USDT')
        .executeTakeFirstOrThrow();
      for (const config of configs) {
        expect(config.enabled).toBe(true);
        // Stakes and payouts are in the settlement coin, named by id for the client's balance.
        expect(config.settleVcId).toBe(usdt.id);
        expect(config.periods).toEqual(
          SEED_TIMING_PERIODS.map((p) => ({
            seconds: p.seconds,
            payoutRate: p.payoutRate,
            minAmount: p.minAmount,
            maxAmount: p.maxAmount,
            enabled: true,
          })),
        );
      }
    });

    it('follows configuration changes (VC_TIMING_TRADE_CONFIG version)', async () => {
      const before = expectSuccess(await t.call(market.timingConfigList, {}));
      await saveTimingPeriod(t.db, ids[0]!, {
        seconds: 15,
        payoutRate: '0.75',
        minAmount: '5',
        maxAmount: '1000',
        enabled: true,
        sort: -1,
      });
      await setTimingConfigEnabled(t.db, ids[1]!, false);
      try {
        const after = expectSuccess(await t.call(market.timingConfigList, {}));
        expect(after.map((c) => c.vcId)).toEqual(ids.filter((id) => id !== ids[1]));
        expect(after[0]!.periods.map((p) => p.seconds)).toEqual([15, 30, 60, 120, 300]);
      } finally {
        await setTimingConfigEnabled(t.db, ids[1]!, true);
      }
      expect(expectSuccess(await t.call(market.timingConfigList, {})).length).toBe(before.length);
    });
  });

  describe('favourites', () => {
    it('needs a login', async () => {
      for (const endpoint of [market.favourList, market.favourAdd, market.favourDelete]) {
        const result = await t.post(endpoint.path, endpoint === market.favourList ? {} : { vcId: ids[0] }, {
          lang: 'kr',
        });
        expectFailure(result, 'UNAUTHORIZED', { forceLogout: true });
        await expectLocalized(result.body.message, 'kr', 'error.UNAUTHORIZED');
      }
    });

    it('adds once, removes, and answers the list in the order coins were added', async () => {
      const token = await login(t, DEMO.user.username, DEMO.user.password);
      expect(expectSuccess(await t.call(market.favourList, {}, { token }))).toEqual([]);
      expect(expectSuccess(await t.call(market.favourAdd, { vcId: ids[4]! }, { token }))).toEqual([
        { vcId: ids[4] },
      ]);
      await t.call(market.favourAdd, { vcId: ids[0]! }, { token });
      await t.call(market.favourAdd, { vcId: ids[9]! }, { token });
      // Adding again changes nothing, not even the order.
      expect(expectSuccess(await t.call(market.favourAdd, { vcId: ids[4]! }, { token }))).toEqual([
        { vcId: ids[4] },
        { vcId: ids[0] },
        { vcId: ids[9] },
      ]);
      expect(expectSuccess(await t.call(market.favourDelete, { vcId: ids[0]! }, { token }))).toEqual([
        { vcId: ids[4] },
        { vcId: ids[9] },
      ]);
      // Removing what is not there is fine too.
      expect(expectSuccess(await t.call(market.favourDelete, { vcId: ids[0]! }, { token }))).toEqual([
        { vcId: ids[4] },
        { vcId: ids[9] },
      ]);
      // Another session of the same user sees the same list.
      const other = await login(t, DEMO.user.username, DEMO.user.password);
      expect(expectSuccess(await t.call(market.favourList, {}, { token: other }))).toEqual([
        { vcId: ids[4] },
        { vcId: ids[9] },
      ]);
      // Another user has their own.
      const agent = await login(t, DEMO.agent.username, DEMO.agent.password);
      expect(expectSuccess(await t.call(market.favourList, {}, { token: agent }))).toEqual([]);
    });

    it('refuses unknown and settlement coins and bad ids', async () => {
      const token = await login(t, DEMO.agent.username, DEMO.agent.password);
      for (const vcId of [999999, usdtId]) {
        expectFailure(await t.call(market.favourAdd, { vcId }, { token }), 'VC_NOT_FOUND');
      }
      expectFailure(await t.call(market.favourDelete, { vcId: 999999 }, { token }), 'VC_NOT_FOUND');
      for (const vcId of [0, -1, 'x', 1.5]) {
        expectFailure(await t.post(market.favourAdd.path, { vcId }, { token }), 'VALIDATION_FAILED', {
          field: 'vcId',
        });
      }
      expect(expectSuccess(await t.call(market.favourList, {}, { token }))).toEqual([]);
    });
  });

  describe('chart settings', () => {
    it('answers the defaults until saved, and the saved settings on every session of the user', async () => {
      const first = await login(t, DEMO.user.username, DEMO.user.password);
      expect(expectSuccess(await t.call(market.chartSettingsGet, {}, { token: first }))).toEqual({
        interval: '15m',
        main: ['MA'],
        sub: ['VOL'],
      });
      const settings: ChartSettings = { interval: '4h', main: ['EMA', 'BOLL'], sub: ['MACD', 'RSI'] };
      expect(expectSuccess(await t.call(market.chartSettingsSave, settings, { token: first }))).toEqual(
        settings,
      );
      const second = await login(t, DEMO.user.username, DEMO.user.password);
      expect(expectSuccess(await t.call(market.chartSettingsGet, {}, { token: second }))).toEqual(settings);
      const agent = await login(t, DEMO.agent.username, DEMO.agent.password);
      expect(expectSuccess(await t.call(market.chartSettingsGet, {}, { token: agent }))).toEqual({
        interval: '15m',
        main: ['MA'],
        sub: ['VOL'],
      });
    });

    it('refuses unknown indicators and intervals and changes nothing', async () => {
      const token = await login(t, DEMO.agent.username, DEMO.agent.password);
      const badIndicator = await t.post(
        market.chartSettingsSave.path,
        { interval: '1h', main: ['MA', 'XYZ'], sub: [] },
        { token, lang: 'pt' },
      );
      expectFailure(badIndicator, 'VALIDATION_FAILED', { field: 'main.1' });
      expect(badIndicator.body.message).toContain(await tr('pt', 'validation.indicator'));
      expectFailure(
        await t.post(market.chartSettingsSave.path, { interval: '2m', main: [], sub: [] }, { token }),
        'VALIDATION_FAILED',
        { field: 'interval' },
      );
      expect(expectSuccess(await t.call(market.chartSettingsGet, {}, { token })).interval).toBe('15m');
      expectFailure(await t.call(market.chartSettingsGet, {}), 'UNAUTHORIZED', { forceLogout: true });
    });
  });
});

describe('market endpoints before any feed ran', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every coin: at its last recorded price, or at its reference price before any', async () => {
    const ids = await marketCoinIds(t.db);
    // One coin has a recorded second (as a stopped feed leaves it), the others nothing at all.
    await t.db
      .insertInto('feed_state')
      .values({ vc_id: ids[0]!, last_time_ms: T0, last_price_minor: 6_543_210n })
      .execute();
    const tickers: Ticker[] = expectSuccess(await t.call(market.marketList, {}));
    expect(tickers.length).toBe(TRADABLE.length);
    expect(tickers[0]).toMatchObject({ a: ids[0], g: '65432.10', ts: T0, changePer: 0, changePerStr: '0%' });
    for (const [index, ticker] of tickers.slice(1).entries()) {
      const seed = TRADABLE[index + 1]!;
      expect(ticker).toMatchObject({ c: seed.symbol, g: seed.price, l: 0, changePerStr: '0%' });
      expect(Number(ticker.j)).toBe(0);
    }
    const kline = expectSuccess(await t.call(market.marketKline, { vcId: ids[0]!, interval: '1m' }));
    expect(kline.candles).toEqual([]);
  });
});
