import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { endpoints, envelopeOf } from '@vela/contract';
import { acceptsGzip } from '../../src/http/accept-encoding.ts';
import { GZIP_MIN_BYTES } from '../../src/http/contract-routes.ts';
import { compileFastStringify, createFastSerializerCompiler } from '../../src/http/fast-serializer.ts';
import { createTestApp, tr, type TestApp } from '../helpers/test-app.ts';
import {
  createEngine,
  ManualClock,
  marketCoinIds,
  runSeconds,
  T0,
} from '../modules/market/market-helpers.ts';

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

  // Every coin's ticker, and every coin's timed-trade periods: a few KiB each, both read by the
  // trade screen before its first render.
  it.each([market.marketList.path, market.timingConfigList.path])(
    'sends a large answer (%s) gzipped to a client that accepts gzip, the same bytes every time',
    async (path) => {
      const body = {};
      const gzipHeaders = { lang: 'en', 'accept-encoding': 'gzip, deflate, br' };
      const plain = await raw(path, body);
      const zipped = await t.app.inject({
        method: 'POST',
        url: `/api${path}`,
        payload: body,
        headers: gzipHeaders,
      });
      const again = await t.app.inject({
        method: 'POST',
        url: `/api${path}`,
        payload: body,
        headers: gzipHeaders,
      });
      expect(plain.rawPayload.length).toBeGreaterThan(GZIP_MIN_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      expect(again.rawPayload.equals(zipped.rawPayload)).toBe(true);
    },
  );

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const result = await t.app.inject({
      method: 'POST',
      url: `/api${market.marketKline.path}`,
      payload: { vcId: ids[0], interval: '1m', limit: 1 },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(result.rawPayload.length).toBeLessThan(GZIP_MIN_BYTES);
    expect(result.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(result.body).success).toBe(true);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000, *', false],
    ['*;q=0', false],
    ['identity', false],
    ['br', false],
    ['', false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('reads a repeated header and treats a missing one as identity only', () => {
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
