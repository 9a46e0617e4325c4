import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  bucketStart,
  DEFAULT_BACKFILL_TIERS,
  INTERVALS,
  ticksToCandles,
  type Interval,
} from '@vela/domain';
import { anchoredBackfill, type FeedEngine } from '../../../src/modules/feed/feed-engine.ts';
import { loadFeedStates } from '../../../src/modules/feed/feed-repository.ts';
import type { MarketUpdate } from '../../../src/modules/market/market-events.ts';
import { createTestApp, EXPECTED_DIALECT, type TestApp } from '../../helpers/test-app.ts';
import {
  candleRows,
  createEngine,
  DAY,
  HOUR,
  keepOnlyCoins,
  ManualClock,
  marketCoinIds,
  MINUTE,
  runSeconds,
  SECOND,
  T0,
  tickRows,
} from '../market/market-helpers.ts';

const asSamples = (rows: Awaited<ReturnType<typeof tickRows>>) =>
  rows.map((r) => ({
    timeMs: r.time_ms,
    price: r.price_minor,
    volume: r.volume_minor,
    turnover: r.turnover_minor,
  }));

/** Open times step by one second: no gap, no duplicate. */
function expectContiguousSeconds(times: number[], from: number, to: number): void {
  expect(times[0]).toBe(from);
  expect(times[times.length - 1]).toBe(to);
  expect(times.length).toBe((to - from) / SECOND + 1);
  for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBe(SECOND);
}

describe(`feed engine (${EXPECTED_DIALECT})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const engines: FeedEngine[] = [];
  const engine = (options: Parameters<typeof createEngine>[2] = {}) => {
    const created = createEngine(t, clock, options);
    engines.push(created);
    return created;
  };

  beforeEach(async () => {
    t = await createTestApp();
    clock = new ManualClock();
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.stop();
    await t.close();
  });

  it('records one tick per coin per second; every candle equals an aggregation of the ticks', async () => {
    const feed = engine();
    await feed.start();
    // 10:00:30 -> 10:05:30: crosses minute boundaries and the 10:05 five-minute boundary.
    await runSeconds(feed, clock, 300);

    const ids = await marketCoinIds(t.db);
    expect(ids.length).toBeGreaterThanOrEqual(15);
    for (const id of ids) {
      const ticks = await tickRows(t.db, id);
      expectContiguousSeconds(
        ticks.map((r) => r.time_ms),
        T0,
        clock.time,
      );
      for (const interval of INTERVALS) {
        expect(await candleRows(t.db, id, interval), `${id} ${interval}`).toEqual(
          ticksToCandles(asSamples(ticks), interval),
        );
      }
      const state = (await loadFeedStates(t.db)).get(id)!;
      expect(state).toEqual({
        vcId: id,
        lastTimeMs: clock.time,
        lastPrice: ticks[ticks.length - 1]!.price_minor,
      });
    }
  });

  it('continues after a restart without gaps or duplicates (downtime under an hour)', async () => {
    const first = engine({ backfill: 'short' });
    await first.start();
    await runSeconds(first, clock, 90);
    await first.stop();

    clock.advance(12 * MINUTE + 7 * SECOND);
    const second = engine({ backfill: 'short' });
    await second.start();
    // Starting again at the same time records nothing twice.
    await second.stop();
    const third = engine({ backfill: 'short' });
    await third.start();
    await runSeconds(third, clock, 5);

    const backfillEnd = bucketStart(T0, '1m');
    for (const id of await marketCoinIds(t.db)) {
      const ticks = await tickRows(t.db, id);
      // The short backfill ends at the minute T0 is in; seconds are recorded from there on.
      expectContiguousSeconds(
        ticks.map((r) => r.time_ms),
        backfillEnd,
        clock.time,
      );
      const minutes = (await candleRows(t.db, id, '1m')).filter((c) => c.t >= backfillEnd);
      expect(minutes).toEqual(ticksToCandles(asSamples(ticks), '1m'));
      // Coarser candles join the backfilled minutes and the recorded ones seamlessly.
      const allMinutes = await candleRows(t.db, id, '1m');
      for (const interval of INTERVALS.filter((i) => i !== '1m')) {
        expect(await candleRows(t.db, id, interval), `${id} ${interval}`).toEqual(
          aggregateCandles(allMinutes, interval),
        );
      }
    }
  });

  it('fills a longer downtime with simulated minutes and per-second ticks at both ends', async () => {
    const ids = await keepOnlyCoins(t.db, 2);
    const first = engine();
    await first.start();
    await runSeconds(first, clock, 20);
    await first.stop();

    const resumedAt = clock.advance(3 * HOUR + 25 * SECOND);
    const second = engine();
    await second.start();
    await runSeconds(second, clock, 3);

    for (const id of ids) {
      const times = (await tickRows(t.db, id)).map((r) => r.time_ms);
      const endOfFirstMinute = bucketStart(T0, '1m') + MINUTE - SECOND;
      const before = times.filter((x) => x <= endOfFirstMinute);
      const after = times.filter((x) => x > endOfFirstMinute);
      expectContiguousSeconds(before, T0, endOfFirstMinute);
      expectContiguousSeconds(after, bucketStart(resumedAt, '1m'), clock.time);

      const minutes = await candleRows(t.db, id, '1m');
      const opens = minutes.map((c) => c.t);
      expect(opens[0]).toBe(bucketStart(T0, '1m'));
      expect(opens[opens.length - 1]).toBe(bucketStart(clock.time, '1m'));
      for (let i = 1; i < opens.length; i += 1) expect(opens[i]! - opens[i - 1]!).toBe(MINUTE);
      // Simulated minutes continue the walk: each opens at the previous close.
      const simulated = minutes.filter(
        (c) => c.t > bucketStart(T0, '1m') && c.t < bucketStart(resumedAt, '1m'),
      );
      expect(simulated.length).toBeGreaterThan(170);
      for (let i = 1; i < simulated.length; i += 1) expect(simulated[i]!.o).toBe(simulated[i - 1]!.c);
      for (const interval of INTERVALS.filter((i) => i !== '1m')) {
        expect(await candleRows(t.db, id, interval), `${id} ${interval}`).toEqual(
          aggregateCandles(minutes, interval),
        );
      }
    }
  });

  /**
   * One coin recorded for five seconds from T0, then a restart nine days later (past the seven days
   * of tick retention) with `options`; answers the coin and when the feed resumed.
   */
  async function restartAfterNineDays(options: Parameters<typeof createEngine>[2] = {}) {
    const [id] = await keepOnlyCoins(t.db, 1);
    const first = engine();
    await first.start();
    await runSeconds(first, clock, 5);
    await first.stop();
    const resumedAt = clock.advance(9 * DAY);
    await engine(options).start();
    return { id: id!, resumedAt };
  }

  it('fills downtime beyond the minute window with hours, and prunes ticks past the retention', async () => {
    const { id, resumedAt } = await restartAfterNineDays();

    const hours = await candleRows(t.db, id, '1h');
    const hourOpens = hours.map((c) => c.t);
    expect(hourOpens[0]).toBe(bucketStart(T0, '1h'));
    expect(hourOpens[hourOpens.length - 1]).toBe(bucketStart(resumedAt, '1h'));
    for (let i = 1; i < hourOpens.length; i += 1) expect(hourOpens[i]! - hourOpens[i - 1]!).toBe(HOUR);
    for (const interval of ['4h', '1d', '1w'] as Interval[]) {
      expect(await candleRows(t.db, id, interval)).toEqual(aggregateCandles(hours, interval));
    }
    // Minutes are simulated only for the last week before the restart.
    const minutes = await candleRows(t.db, id, '1m');
    const recent = minutes.filter((c) => c.t >= resumedAt - 7 * DAY);
    const windowStart = bucketStart(resumedAt - 7 * DAY, '1h');
    expect(recent[0]!.t).toBeLessThanOrEqual(windowStart + HOUR);
    expect(minutes.filter((c) => c.t > bucketStart(T0, '1m') + HOUR && c.t < windowStart)).toEqual([]);
    // The ticks of the first run are older than 7 days: pruned at start.
    const ticks = await tickRows(t.db, id);
    expect(ticks.length).toBeGreaterThan(0);
    expect(Math.min(...ticks.map((r) => r.time_ms))).toBeGreaterThanOrEqual(resumedAt - 7 * DAY);
  });

  it('keeps past the retention the ticks an open order may still read', async () => {
    // An order accepted after the second tick is still open: its open tick is the third.
    const { id, resumedAt } = await restartAfterNineDays({ ticksNeededFrom: async () => T0 + 2500 });
    const ticks = (await tickRows(t.db, id)).map((r) => r.time_ms);
    expect(ticks.filter((time) => time <= T0 + 5000)).toEqual([T0 + 3000, T0 + 4000, T0 + 5000]);
    expect(ticks.filter((time) => time < resumedAt - 7 * DAY).length).toBeGreaterThan(3);
  });

  it('keeps the downtime as a gap when told not to invent prices (a real exchange source)', async () => {
    const [id] = await keepOnlyCoins(t.db, 1);
    const first = engine();
    await first.start();
    await runSeconds(first, clock, 3);
    await first.stop();

    const resumedAt = clock.advance(10 * MINUTE);
    const second = engine({ fillDowntime: false });
    await second.start();
    // What an exchange adapter delivers: one real price for the current second.
    await second.record([{ vcId: id!, timeMs: resumedAt, price: 6_800_000n, volume: 5n, turnover: 340n }]);
    const ticks = await tickRows(t.db, id!);
    expect(ticks.map((r) => r.time_ms)).toEqual([T0, T0 + 1000, T0 + 2000, T0 + 3000, resumedAt]);
    expect(ticks[4]!.price_minor).toBe(6_800_000n);
    expect(t.market.book.ticker(id!)).toMatchObject({ g: '68000.00', ts: resumedAt });
  });

  it('backfills every interval on the first start (short) and continues from the last close', async () => {
    const feed = engine({ backfill: 'short' });
    await feed.start();
    for (const id of await marketCoinIds(t.db)) {
      for (const interval of INTERVALS) {
        expect((await candleRows(t.db, id, interval)).length, `${id} ${interval}`).toBeGreaterThan(0);
      }
      const minutes = await candleRows(t.db, id, '1m');
      expect(minutes.length).toBe(1441);
      // The minute before T0's own was backfilled; its close is where the first recorded tick starts from.
      const ticks = await tickRows(t.db, id);
      expect(ticks[0]!.time_ms).toBe(bucketStart(T0, '1m'));
    }
  });

  it('backfills years of history in full, ending near the reference price', async () => {
    const [id] = await keepOnlyCoins(t.db, 1);
    const feed = engine({ backfill: 'full' });
    await feed.start();
    const counts: Record<string, number> = {};
    for (const interval of INTERVALS) counts[interval] = (await candleRows(t.db, id!, interval)).length;
    expect(counts['1m']).toBeGreaterThanOrEqual(7 * 1440);
    expect(counts['1h']).toBeGreaterThanOrEqual(2 * 365 * 24);
    expect(counts['1d']).toBeGreaterThanOrEqual(8 * 365 - 7);
    for (const interval of INTERVALS) expect(counts[interval], interval).toBeGreaterThan(0);

    const coin = t.market.coins.market(id!)!.feed;
    const history = anchoredBackfill(20241122, coin, T0, DEFAULT_BACKFILL_TIERS);
    const ratio = Number(history.lastPrice) / Number(coin.referencePrice);
    expect(ratio).toBeGreaterThan(0.97);
    expect(ratio).toBeLessThan(1.03);
  });

  it('announces each second once, after it is committed, with every interval of every coin', async () => {
    const feed = engine();
    await feed.start();
    const updates: MarketUpdate[] = [];
    t.market.events.subscribe((update) => updates.push(update));
    await runSeconds(feed, clock, 3);
    const ids = await marketCoinIds(t.db);
    expect(updates.map((u) => u.timeMs)).toEqual([T0 + 1000, T0 + 2000, T0 + 3000]);
    for (const update of updates) {
      expect(update.tickers.map((x) => x.a).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(update.candles.length).toBe(ids.length * INTERVALS.length);
      const row = await t.db
        .selectFrom('price_tick')
        .selectAll()
        .where('vc_id', '=', ids[0]!)
        .where('time_ms', '=', update.timeMs)
        .executeTakeFirstOrThrow();
      const ticker = update.tickers.find((x) => x.a === ids[0])!;
      expect(ticker.ts).toBe(update.timeMs);
      const scale = t.market.coins.market(ids[0]!)!.priceScale;
      expect(BigInt(ticker.g.replace('.', ''))).toBe(row.price_minor);
      expect(ticker.g.split('.')[1]?.length ?? 0).toBe(scale);
    }
  });

  it('a second whose commit fails leaves no row, no candle change and no announcement', async () => {
    const feed = engine();
    await feed.start();
    await runSeconds(feed, clock, 2);
    const [id] = await marketCoinIds(t.db);
    const next = clock.time + SECOND;
    // Another writer already holds that second of the first coin: the unique key refuses ours.
    await t.db
      .insertInto('price_tick')
      .values({ vc_id: id!, time_ms: next, price_minor: 1n, volume_minor: 0n, turnover_minor: 0n })
      .execute();
    const candlesBefore = await t.db
      .selectFrom('candle')
      .selectAll()
      .orderBy('vc_id')
      .orderBy('interval')
      .orderBy('open_time')
      .execute();
    const statesBefore = await loadFeedStates(t.db);
    const tickersBefore = t.market.book.tickers();
    const updates: MarketUpdate[] = [];
    t.market.events.subscribe((update) => updates.push(update));

    await expect(feed.tickOnce(clock.advance(SECOND))).rejects.toThrow();
    expect(updates).toEqual([]);
    expect(
      await t.db
        .selectFrom('candle')
        .selectAll()
        .orderBy('vc_id')
        .orderBy('interval')
        .orderBy('open_time')
        .execute(),
    ).toEqual(candlesBefore);
    expect(await loadFeedStates(t.db)).toEqual(statesBefore);
    expect(t.market.book.tickers()).toBe(tickersBefore);
    const otherCoinTicks = await t.db
      .selectFrom('price_tick')
      .select('id')
      .where('time_ms', '=', next)
      .where('vc_id', '!=', id!)
      .execute();
    expect(otherCoinTicks).toEqual([]);

    // Once the intruder is gone the same second is recorded normally.
    await t.db.deleteFrom('price_tick').where('vc_id', '=', id!).where('time_ms', '=', next).execute();
    await feed.tickOnce(clock.time);
    expect(updates.map((u) => u.timeMs)).toEqual([next]);
    expectContiguousSeconds(
      (await tickRows(t.db, id!)).map((r) => r.time_ms),
      T0,
      next,
    );
  });

  it('follows coins being disabled and enabled again, filling the time it was off', async () => {
    const ids = await keepOnlyCoins(t.db, 2);
    const feed = engine();
    await feed.start();
    await runSeconds(feed, clock, 3);
    const { setCoinEnabled } = await import('../../../src/modules/market/coin-repository.ts');
    await setCoinEnabled(t.db, ids[1]!, false);
    await runSeconds(feed, clock, 4);
    expect((await tickRows(t.db, ids[1]!)).length).toBe(4);
    expect(t.market.book.ticker(ids[1]!)).toBeUndefined();
    await setCoinEnabled(t.db, ids[1]!, true);
    await runSeconds(feed, clock, 2);
    expectContiguousSeconds(
      (await tickRows(t.db, ids[1]!)).map((r) => r.time_ms),
      T0,
      clock.time,
    );
    expect(t.market.book.ticker(ids[1]!)?.ts).toBe(clock.time);
  });
});
