import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allEndpoints, endpoints, MAX_TICK_WINDOW_MS } from '@vela/contract';
import {
  feedDayOf,
  feedDayStart,
  nextFeedDay,
  parseDecimal,
  seededTickDraws,
  simulateTick,
  type SimCoin,
} from '@vela/domain';
import { verifyFeedDay, type PostJson } from '../../../../../tools/verify-feed-day.ts';
import type { FeedEngine } from '../../../src/modules/feed/feed-engine.ts';
import { findFeedSecret } from '../../../src/modules/feed/feed-secret-repository.ts';
import { FeedSecrets, keyedTickDraws, seedOverrideSecret } from '../../../src/modules/feed/feed-secrets.ts';
import { MarketRuntime } from '../../../src/modules/market/market-runtime.ts';
import { feedCommitments } from '../../../src/modules/feed/price-proof.ts';
import {
  countRows,
  createTestApp,
  EXPECTED_DIALECT,
  expectFailure,
  expectLocalized,
  expectSuccess,
  type TestApp,
} from '../../helpers/test-app.ts';
import {
  createEngine,
  keepOnlyCoins,
  ManualClock,
  marketCoinIds,
  MINUTE,
  runSeconds,
  SECOND,
  tickRows,
} from '../market/market-helpers.ts';

/** The seed every install used to share, public in the README: what an attacker would try. */
const OLD_PUBLIC_SEED = 20241122;
const DAY = 86_400_000;

const wholeSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const minor = (text: string, scale: number) => {
  const parsed = parseDecimal(text, scale);
  if (!parsed.ok) throw new Error(`not a decimal: ${text}`);
  return parsed.minor;
};

describe(`feed secrets and verifiable prices (${EXPECTED_DIALECT})`, () => {
  let t: TestApp;
  const engines: FeedEngine[] = [];
  const others: TestApp[] = [];
  const engine = (target: { db: TestApp['db']; market: MarketRuntime }, clock: ManualClock): FeedEngine => {
    const created = createEngine(target, clock);
    engines.push(created);
    return created;
  };
  const post: PostJson = async (path, body) => (await t.post(path, body)).body;
  const published = async () => expectSuccess(await t.call(endpoints.market.feedCommitments, {}));

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.stop();
    for (const other of others.splice(0)) await other.close();
    await t.close();
  });

  it('follows the published algorithm exactly (the test vector of docs/verifying-prices.md)', () => {
    const secret = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    const time = Date.UTC(2026, 10, 26, 0, 0, 0);
    const draws = keyedTickDraws(secret, 1, time);
    expect(draws).toEqual({ priceZ: 0.03383533938700563, volumeZ: -0.904671759730637 });
    const coin: SimCoin = {
      id: 1,
      priceScale: 2,
      volumeScale: 6,
      volatility: 0.6,
      drift: 0.05,
      volumePerSecond: 3,
      referencePrice: 6_000_000n,
    };
    expect(simulateTick(draws, coin, 6_000_000n, time)).toMatchObject({
      price: 6_000_022n,
      volume: 1_473_408n,
    });
  });

  it('with the default configuration, the next tick cannot be predicted from anything public', async () => {
    const clock = new ManualClock(wholeSecond(Date.now()));
    const feed = engine(t, clock);
    await feed.start();
    await runSeconds(feed, clock, 5);

    // Everything public: the coins' parameters, the recorded ticks and the old public seed.
    const { coins } = await published();
    expect(coins.length).toBeGreaterThanOrEqual(15);
    const next = clock.time + SECOND;
    const predicted = new Map<number, { price: bigint; volume: bigint }>();
    for (const coin of coins) {
      const { ticks } = expectSuccess(
        await t.call(endpoints.market.marketTicks, {
          vcId: coin.vcId,
          startTime: clock.time - 10 * SECOND,
          endTime: clock.time,
        }),
      );
      const last = ticks[ticks.length - 1]!;
      expect(last.time).toBe(clock.time);
      const sim: SimCoin = { ...coin, id: coin.vcId, referencePrice: BigInt(coin.referencePrice) };
      const draws = seededTickDraws(OLD_PUBLIC_SEED, coin.vcId, next / SECOND);
      const tick = simulateTick(draws, sim, minor(last.price, coin.priceScale), next);
      predicted.set(coin.vcId, { price: tick.price, volume: tick.volume });
    }

    await runSeconds(feed, clock, 1);
    let exact = 0;
    for (const coin of coins) {
      const rows = await tickRows(t.db, coin.vcId);
      const recorded = rows[rows.length - 1]!;
      expect(recorded.time_ms).toBe(next);
      const guess = predicted.get(coin.vcId)!;
      if (guess.price === recorded.price_minor && guess.volume === recorded.volume_minor) exact += 1;
    }
    expect(exact).toBe(0);
  });

  it("never serves the current or the next day's secret, whatever is asked", async () => {
    const clock = new ManualClock(wholeSecond(Date.now()));
    const feed = engine(t, clock);
    await feed.start();
    await runSeconds(feed, clock, 3);
    const today = await findFeedSecret(t.db, feedDayOf(clock.time));
    const tomorrow = await findFeedSecret(t.db, nextFeedDay(feedDayOf(clock.time)));
    expect(today && tomorrow).toBeTruthy();
    const secrets = [today!.secret, tomorrow!.secret];

    const [vcId] = await marketCoinIds(t.db);
    const bodies: { path: string; body: unknown }[] = allEndpoints()
      .filter((e) => e.auth === 'none')
      .map((e) => ({ path: e.path, body: {} }));
    bodies.push(
      {
        path: endpoints.market.marketTicks.path,
        body: { vcId, startTime: clock.time - 60_000, endTime: clock.time },
      },
      { path: endpoints.market.marketKline.path, body: { vcId, interval: '1m' } },
      { path: endpoints.market.marketDetail.path, body: { vcId } },
    );
    for (const { path, body } of bodies) {
      const response = await t.app.inject({ method: 'POST', url: `/api${path}`, payload: body as never });
      for (const secret of secrets) expect(response.body.includes(secret), path).toBe(false);
    }
    const listed = await published();
    const days = listed.days.filter((d) => d.day === today!.day || d.day === tomorrow!.day);
    expect(days).toEqual([
      {
        day: today!.day,
        commitment: today!.commitment,
        secret: null,
        effectiveFrom: today!.effective_from_ms,
      },
      {
        day: tomorrow!.day,
        commitment: tomorrow!.commitment,
        secret: null,
        effectiveFrom: feedDayStart(tomorrow!.day),
      },
    ]);
  });

  it('a restarted feed (a new instance on the same database) draws what an uninterrupted one would', async () => {
    const start = wholeSecond(Date.now());
    const clock = new ManualClock(start);
    const first = engine(t, clock);
    await first.start();
    await runSeconds(first, clock, 20);
    await first.stop();

    // The uninterrupted feed: another database holding the same daily secrets, from the same start.
    const twin = await createTestApp();
    others.push(twin);
    const rows = await t.db.selectFrom('feed_secret').selectAll().execute();
    await twin.db.insertInto('feed_secret').values(rows).execute();
    const twinClock = new ManualClock(start);
    const uninterrupted = engine(twin, twinClock);
    await uninterrupted.start();
    await runSeconds(uninterrupted, twinClock, 20 + 90 + 10);

    // 90 seconds down, caught up second by second at the restart, then 10 live seconds.
    clock.advance(90 * SECOND);
    const restarted = engine({ db: t.db, market: new MarketRuntime({ db: t.db, coinCheckMs: 0 }) }, clock);
    await restarted.start();
    await runSeconds(restarted, clock, 10);

    expect(await countRows(t.db, 'feed_secret')).toBe(rows.length);
    const shape = (list: Awaited<ReturnType<typeof tickRows>>) =>
      list.map((r) => [r.time_ms, r.price_minor, r.volume_minor, r.turnover_minor]);
    for (const id of await marketCoinIds(t.db)) {
      const ticks = await tickRows(t.db, id);
      expect(ticks.length).toBe(121);
      expect(shape(ticks), `coin ${id}`).toEqual(shape(await tickRows(twin.db, id)));
    }
    // And both are the published algorithm under the stored secret.
    const [id] = await marketCoinIds(t.db);
    const coin = t.market.coins.market(id!)!.feed;
    const ticks = await tickRows(t.db, id!);
    for (let i = 1; i < ticks.length; i += 1) {
      const time = ticks[i]!.time_ms;
      const secret = Buffer.from((await findFeedSecret(t.db, feedDayOf(time)))!.secret, 'hex');
      const again = simulateTick(keyedTickDraws(secret, id!, time), coin, ticks[i - 1]!.price_minor, time);
      expect(again.price).toBe(ticks[i]!.price_minor);
    }
  });

  it("publishes a day's commitment before the day starts and its secret only once it has ended", async () => {
    const todayStart = feedDayStart(feedDayOf(Date.now()));
    const yesterday = feedDayOf(todayStart - DAY);
    const today = feedDayOf(todayStart);
    const tomorrow = nextFeedDay(today);
    // The feed starts 30 seconds before today began and runs past midnight.
    const clock = new ManualClock(todayStart - 30 * SECOND);
    const feed = engine(t, clock);
    await feed.start();

    const todayRow = (await findFeedSecret(t.db, today))!;
    expect(todayRow.created_at).toBeLessThan(todayStart);
    expect(todayRow.effective_from_ms).toBe(todayStart);
    expect(todayRow.commitment).toBe(sha256(todayRow.secret));
    expect(Buffer.from(todayRow.secret, 'hex')).toHaveLength(32);
    expect((await findFeedSecret(t.db, yesterday))!.effective_from_ms).toBe(todayStart - 30 * SECOND);
    expect(await findFeedSecret(t.db, tomorrow)).toBeUndefined();

    await runSeconds(feed, clock, 60);
    // The first second of a new hour commits the next day.
    const tomorrowRow = (await findFeedSecret(t.db, tomorrow))!;
    expect(tomorrowRow.created_at).toBe(todayStart);
    expect(tomorrowRow.effective_from_ms).toBe(feedDayStart(tomorrow));

    const listed = await published();
    const byDay = new Map(listed.days.map((d) => [d.day, d]));
    expect(byDay.get(yesterday)!.secret).not.toBeNull();
    expect(sha256(byDay.get(yesterday)!.secret!)).toBe(byDay.get(yesterday)!.commitment);
    expect(byDay.get(today)).toMatchObject({ commitment: todayRow.commitment, secret: null });
    expect(byDay.get(tomorrow)).toMatchObject({ commitment: tomorrowRow.commitment, secret: null });

    // The reveal is exactly at the end of the day.
    const coins = t.market.coins.marketCoins();
    const at = async (nowMs: number) =>
      (await feedCommitments(t.db, coins, nowMs)).days.find((d) => d.day === today)!.secret;
    expect(await at(todayStart + DAY - 1)).toBeNull();
    expect(await at(todayStart + DAY)).toBe(todayRow.secret);
  });

  it('recomputes every recorded tick of a revealed day, and finds a tampered one', async () => {
    const ids = await keepOnlyCoins(t.db, 2);
    const todayStart = feedDayStart(feedDayOf(Date.now()));
    const yesterday = feedDayOf(todayStart - DAY);
    const clock = new ManualClock(todayStart - 3 * MINUTE);
    const feed = engine(t, clock);
    await feed.start();
    await runSeconds(feed, clock, (4 * MINUTE) / SECOND);

    await expect(verifyFeedDay(post, { day: feedDayOf(todayStart) })).rejects.toThrow(/not revealed/);
    const result = await verifyFeedDay(post, { day: yesterday });
    expect(result.ok).toBe(true);
    expect(result.coins.map((c) => c.vcId)).toEqual(ids);
    for (const coin of result.coins) {
      // 23:57:00 to 23:59:59: every tick of the day, each recomputed and equal.
      expect(coin).toMatchObject({ checked: 180, matched: 180, gaps: 0, mismatches: [] });
    }

    const target = (await tickRows(t.db, ids[0]!)).find((r) => r.time_ms === todayStart - MINUTE)!;
    await t.db
      .updateTable('price_tick')
      .set({ price_minor: target.price_minor + 1n })
      .where('id', '=', target.id)
      .execute();
    const tampered = await verifyFeedDay(post, { day: yesterday });
    expect(tampered.ok).toBe(false);
    const [first, second] = tampered.coins;
    expect(first!.mismatches[0]!.id).toBe(target.id);
    expect(first!.matched).toBeLessThan(first!.checked);
    expect(second).toMatchObject({ checked: 180, matched: 180 });
  });

  it('serves ticks by bounded windows with their ids, cacheable once the window is over', async () => {
    const clock = new ManualClock(wholeSecond(Date.now()) - 10 * MINUTE);
    const feed = engine(t, clock);
    await feed.start();
    await runSeconds(feed, clock, 30);
    const [vcId] = await marketCoinIds(t.db);
    const rows = await tickRows(t.db, vcId!);
    const from = rows[3]!.time_ms;
    const inject = (body: object, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/vc/market/ticks', payload: body, headers: { lang } });

    const past = await inject({ vcId, startTime: from, endTime: from + 4 * SECOND });
    expect(past.headers['cache-control']).toContain('immutable');
    const { ticks } = JSON.parse(past.body).data as { ticks: { id: number; time: number; price: string }[] };
    expect(ticks.map((x) => [x.id, x.time])).toEqual(rows.slice(3, 8).map((r) => [r.id, r.time_ms]));
    const live = await inject({ vcId, startTime: Date.now() - MINUTE, endTime: Date.now() + MINUTE });
    expect(live.headers['cache-control']).toBe('no-cache');
    // Older than the retention: nothing, whatever the table still holds.
    const old = await inject({
      vcId,
      startTime: Date.now() - 8 * DAY,
      endTime: Date.now() - 8 * DAY + MINUTE,
    });
    expect(JSON.parse(old.body).data.ticks).toEqual([]);

    for (const body of [
      { vcId, startTime: from, endTime: from - 1 },
      { vcId, startTime: from, endTime: from + MAX_TICK_WINDOW_MS + 1 },
    ]) {
      const refused = await t.post('/vc/market/ticks', body, { lang: 'ja' });
      expectFailure(refused, 'VALIDATION_FAILED', { field: 'endTime' });
      await expectLocalized(refused.body.message, 'ja', 'validation.tickWindow', { minutes: 15 });
    }
    expectSuccess(
      await t.post('/vc/market/ticks', { vcId, startTime: from, endTime: from + MAX_TICK_WINDOW_MS }),
    );
  });

  it('derives the secrets from FEED_SEED when it is set, so runs repeat', async () => {
    const start = wholeSecond(Date.now());
    const twin = await createTestApp();
    others.push(twin);
    for (const target of [t, twin]) {
      const clock = new ManualClock(start);
      const feed = createEngine(target, clock, {
        draws: new FeedSecrets({ db: target.db, now: clock.now, overrideSeed: 7 }),
      });
      engines.push(feed);
      await feed.start();
      await runSeconds(feed, clock, 5);
    }
    const day = feedDayOf(start);
    expect((await findFeedSecret(t.db, day))!.secret).toBe(seedOverrideSecret(7, day).toString('hex'));
    const [id] = await marketCoinIds(t.db);
    const prices = async (db: TestApp['db']) => (await tickRows(db, id!)).map((r) => r.price_minor);
    expect(await prices(t.db)).toEqual(await prices(twin.db));
  });

  it('lists no commitments when prices come from an exchange', async () => {
    const exchange = await createTestApp({ config: { FEED_SOURCE: 'exchange' } });
    others.push(exchange);
    const answer = expectSuccess(await exchange.call(endpoints.market.feedCommitments, {}));
    expect(answer).toMatchObject({ days: [], coins: [] });
  });
});
