import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, envelopeOf } from '@vela/contract';
import { compileFastStringify, createFastSerializerCompiler } from '../../src/http/fast-serializer.ts';
import { createTestApp, tr, type TestApp } from '../helpers/test-app.ts';
import { createEngine, ManualClock, marketCoinIds, runSeconds, T0 } from '../market/market-helpers.ts';

const { market } = endpoints;

const ticker = {
  a: 1,
  c: 'BTC',
  g: '97000.5',
  j: '12.5',
  k: '-3.25',
  l: 2,
  changePer: -1.5,
  changePerStr: '-1.5%',
  turnover: '1000',
  open: '97003.75',
  high: '98000',
  low: '96000',
  name: 'Bit "coin" \u2603\n',
  type: 1,
  precision: 2,
  ts: 1_700_000_000_000,
};

describe('fast answers (decision 012)', () => {
  it('writes the same bytes as JSON.stringify of the zod output, extra properties dropped', () => {
    const schema = envelopeOf(market.marketList.data);
    const fast = compileFastStringify(schema)!;
    expect(fast).not.toBeNull();
    for (const value of [
      { success: true, code: 'OK', message: 'OK', data: [ticker, { ...ticker, extra: 1 }] },
      { success: false, code: 'X', message: 'x', data: null, forceLogout: true },
      { success: true, code: 'OK', message: 'OK', data: [] },
    ]) {
      expect(fast(value)).toBe(JSON.stringify(schema.parse(value)));
    }
  });

  it('keeps the zod serializer for a schema it cannot write exactly', () => {
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(compileFastStringify(union)).toBeNull();
    const serialize = createFastSerializerCompiler({ verify: false })({
      schema: union,
      method: 'POST',
      url: '/x',
    } as never);
    expect(serialize({ a: 'y', c: 1 })).toBe('{"a":"y"}');
    expect(() => serialize({ a: 1 })).toThrow();
  });

  it('checks every answer against the contract when verifying, and not otherwise', () => {
    const schema = envelopeOf(market.marketList.data);
    const bad = { success: true, code: 'OK', message: 'OK', data: [{ ...ticker, g: 97000.5 }] };
    const route = { schema, method: 'POST', url: '/api/vc/market/list' } as never;
    expect(() => createFastSerializerCompiler({ verify: true })(route)(bad)).toThrow();
    // Without the check the fast serializer writes what the declared types say.
    expect(createFastSerializerCompiler({ verify: false })(route)(bad)).toContain('"g":"97000.5"');
  });
});

describe('pre-encoded market answers', () => {
  let t: TestApp;
  let clock: ManualClock;
  let feed: ReturnType<typeof createEngine>;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock(T0);
    feed = createEngine(t, clock);
    await feed.start();
    ids = await marketCoinIds(t.db);
    await runSeconds(feed, clock, 3);
  });
  afterAll(async () => {
    await feed.stop();
    await t.close();
  });

  const raw = (path: string, body: unknown, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/api${path}`, payload: body as never, headers: { lang } });

  it('answers JSON with the message of the caller’s language around the same data', async () => {
    const body = { vcId: ids[0], interval: '1m', limit: 5 };
    const en = await raw(market.marketKline.path, body);
    const again = await raw(market.marketKline.path, body);
    const kr = await raw(market.marketKline.path, body, 'kr');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(en.body);
    const parsed = envelopeOf(market.marketKline.data).parse(JSON.parse(kr.body));
    expect(parsed.message).toBe(await tr('kr', 'error.OK'));
    expect(JSON.stringify(parsed)).toBe(kr.body);
    expect(parsed.data).toEqual(JSON.parse(en.body).data);
  });

  it('changes the answer when the feed moves, and a smaller limit gets its own answer', async () => {
    const before = await raw(market.marketList.path, {});
    const kline = await raw(market.marketKline.path, { vcId: ids[0], interval: '1m', limit: 2 });
    await runSeconds(feed, clock, 1);
    const after = await raw(market.marketList.path, {});
    expect(after.body).not.toBe(before.body);
    const tickers = JSON.parse(after.body).data as { a: number; ts: number }[];
    expect(Math.max(...tickers.map((x) => x.ts))).toBe(clock.time);
    const next = await raw(market.marketKline.path, { vcId: ids[0], interval: '1m', limit: 2 });
    expect(next.body).not.toBe(kline.body);
    const one = JSON.parse(
      (await raw(market.marketKline.path, { vcId: ids[0], interval: '1m', limit: 1 })).body,
    );
    expect(one.data.candles).toEqual(JSON.parse(next.body).data.candles.slice(-1));
  });

  it('still answers a business error through the error handler', async () => {
    const result = await raw(market.marketKline.path, { vcId: 999999, interval: '1m' }, 'ja');
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body)).toMatchObject({
      success: false,
      code: 'VC_NOT_FOUND',
      data: { field: 'vcId' },
    });
  });
});
