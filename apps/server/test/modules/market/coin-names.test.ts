import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Ticker } from '@vela/contract';
import { SEED_COIN_NAMES } from '../../../src/modules/market/coin-names-seed.ts';
import { SEED_COINS } from '../../../src/modules/market/market-seed.ts';
import { setCoinName } from '../../../src/modules/market/coin-repository.ts';
import { PerLanguage } from '../../../src/modules/market/coin-names.ts';
import type { FeedEngine } from '../../../src/modules/feed/feed-engine.ts';
import { createTestApp, expectSuccess, LOCALE_CODES, type TestApp } from '../../helpers/test-app.ts';
import { createEngine, ManualClock, runSeconds } from './market-helpers.ts';

const { market } = endpoints;
const TRADABLE = SEED_COINS.filter((c) => !c.settleVc);
const byId = <T extends { a: number } | { id: number }>(list: readonly T[]) =>
  new Map(list.map((item) => ['a' in item ? item.a : item.id, item] as const));

describe('coin names in the language of the request (decision 025)', () => {
  let t: TestApp;
  let clock: ManualClock;
  let feed: FeedEngine;
  let btcId: number;

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock();
    feed = createEngine(t, clock);
    await feed.start();
    await runSeconds(feed, clock, 3);
    btcId = (await t.db.selectFrom('vc').select('id').where('symbol', '=', 'BTC').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await feed.stop();
    await t.close();
  });

  it('seeds a name for every seeded coin in all eleven languages, English being the default name', async () => {
    const rows = await t.db
      .selectFrom('vc_name')
      .innerJoin('vc', 'vc.id', 'vc_name.vc_id')
      .select(['vc.symbol', 'vc.name as defaultName', 'vc_name.language_code', 'vc_name.name'])
      .execute();
    for (const coin of SEED_COINS) {
      const names = rows.filter((r) => r.symbol === coin.symbol);
      expect(names.map((r) => r.language_code).sort(), coin.symbol).toEqual([...LOCALE_CODES].sort());
      expect(names.find((r) => r.language_code === 'en')?.name).toBe(coin.name);
      for (const row of names) expect(row.name.trim(), `${coin.symbol} ${row.language_code}`).not.toBe('');
    }
    expect(Object.keys(SEED_COIN_NAMES).sort()).toEqual(SEED_COINS.map((c) => c.symbol).sort());
  });

  it('answers the market list with the names of the lang header; symbols and prices are the same', async () => {
    const en = expectSuccess(await t.call(market.marketList, {}, { lang: 'en' }));
    const zh = expectSuccess(await t.call(market.marketList, {}, { lang: 'zh-CN' }));
    const ar = expectSuccess(await t.call(market.marketList, {}, { lang: 'ar' }));
    expect(en.map((x) => x.name)).toEqual(TRADABLE.map((c) => c.name));
    expect(zh.map((x) => x.name)).toEqual(TRADABLE.map((c) => SEED_COIN_NAMES[c.symbol]!['zh-CN']));
    expect(ar.map((x) => x.name)).toEqual(TRADABLE.map((c) => SEED_COIN_NAMES[c.symbol]!.ar));
    expect(zh.find((x) => x.c === 'BTC')?.name).toBe('比特币');
    expect(ar.find((x) => x.c === 'XAU')?.name).toBe('الذهب');
    // Only the names differ: the same second's prices, symbols and figures in every language.
    const strip = (list: Ticker[]) => list.map(({ name: _name, ...rest }) => rest);
    expect(strip(zh)).toEqual(strip(en));
    expect(strip(ar)).toEqual(strip(en));
  });

  it('reads Accept-Language when there is no lang header, and falls back to English', async () => {
    const kr = expectSuccess(
      await t.call(market.marketList, {}, { headers: { 'accept-language': 'ko-KR,ko;q=0.9' } }),
    );
    expect(kr.find((x) => x.c === 'BTC')?.name).toBe('비트코인');
    const unknown = expectSuccess(await t.call(market.marketList, {}, { lang: 'xx' }));
    expect(unknown.find((x) => x.c === 'BTC')?.name).toBe('Bitcoin');
  });

  it('keeps the names while the prices move', async () => {
    const before = expectSuccess(await t.call(market.marketList, {}, { lang: 'ja' }));
    await runSeconds(feed, clock, 2);
    const after = expectSuccess(await t.call(market.marketList, {}, { lang: 'ja' }));
    expect(after[0]!.ts).toBeGreaterThan(before[0]!.ts);
    expect(after.map((x) => x.name)).toEqual(before.map((x) => x.name));
    expect(after.find((x) => x.c === 'ETH')?.name).toBe('イーサリアム');
  });

  it('answers the currency list and a coin’s detail in the same language', async () => {
    const coins = expectSuccess(await t.call(market.vcList, {}, { lang: 'zh-TW' }));
    expect(coins.map((c) => c.name)).toEqual(TRADABLE.map((c) => SEED_COIN_NAMES[c.symbol]!['zh-TW']));
    expect(coins.map((c) => c.symbol)).toEqual(TRADABLE.map((c) => c.symbol));
    const english = expectSuccess(await t.call(market.vcList, {}, { lang: 'en' }));
    expect(english.map((c) => c.name)).toEqual(TRADABLE.map((c) => c.name));

    const detail = expectSuccess(await t.call(market.marketDetail, { vcId: btcId }, { lang: 'tr' }));
    expect(detail.coin.name).toBe('Bitcoin');
    const detailEs = expectSuccess(
      await t.call(market.marketDetail, { vcId: byIdOf(coins, 'XAG') }, { lang: 'es' }),
    );
    expect(detailEs.coin.name).toBe('Plata');
    expect(detailEs.ticker.name).toBe('Plata');
    expect(detailEs.ticker.c).toBe('XAG');
  });

  it('follows a changed name, and shows the default name where a language has none', async () => {
    await setCoinName(t.db, btcId, 'pt', 'Bitcoin (BTC)');
    await setCoinName(t.db, btcId, 'ar', null);
    try {
      const pt = expectSuccess(await t.call(market.marketList, {}, { lang: 'pt' }));
      expect(byId(pt).get(btcId)?.name).toBe('Bitcoin (BTC)');
      const ar = expectSuccess(await t.call(market.marketList, {}, { lang: 'ar' }));
      expect(byId(ar).get(btcId)?.name).toBe('Bitcoin');
      expect(ar.find((x) => x.c === 'ETH')?.name).toBe('إيثريوم');
      const coins = expectSuccess(await t.call(market.vcList, {}, { lang: 'pt' }));
      expect(byId(coins).get(btcId)?.name).toBe('Bitcoin (BTC)');
    } finally {
      await setCoinName(t.db, btcId, 'pt', 'Bitcoin');
      await setCoinName(t.db, btcId, 'ar', 'بيتكوين');
    }
    const ar = expectSuccess(await t.call(market.marketList, {}, { lang: 'ar' }));
    expect(byId(ar).get(btcId)?.name).toBe('بيتكوين');
  });

  it('answers the same bytes to every request of one language within a second', async () => {
    const raw = async (lang: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/vc/market/list', payload: {}, headers: { lang } }))
        .body;
    const first = await raw('kr');
    expect(await raw('kr')).toBe(first);
    expect(await raw('ms')).not.toBe(first);
    expect(JSON.parse(first).data.find((x: Ticker) => x.c === 'DOGE').name).toBe('도지코인');
  });
});

function byIdOf(coins: readonly { id: number; symbol: string }[], symbol: string): number {
  const coin = coins.find((c) => c.symbol === symbol);
  if (!coin) throw new Error(`no ${symbol}`);
  return coin.id;
}

describe('PerLanguage', () => {
  const names: Record<string, string> = { 'zh-CN': '比特币' };
  const copies = new PerLanguage<{ id: number; name: string }>((item, locale) => {
    const name = names[locale];
    return name && name !== item.name ? { ...item, name } : item;
  });

  it('makes one copy per list and language, and answers the list itself when nothing changes', () => {
    const list = [{ id: 1, name: 'Bitcoin' }];
    const zh = copies.of(list, 'zh-CN');
    expect(zh).toEqual([{ id: 1, name: '比特币' }]);
    expect(copies.of(list, 'zh-CN')).toBe(zh);
    expect(copies.of(list, 'en')).toBe(list);
    // The next second's list is a new array: it gets its own copy.
    const next = [{ id: 1, name: 'Bitcoin' }];
    expect(copies.of(next, 'zh-CN')).not.toBe(zh);
    expect(copies.of(next, 'zh-CN')).toEqual(zh);
  });
});
