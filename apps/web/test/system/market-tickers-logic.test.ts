import { describe, expect, it } from 'vitest';
import {
  changeClass,
  flashDirection,
  iconSymbol,
  loadStoredTickers,
  matchesSearch,
  mergeTickers,
  storeTickers,
  TICKERS_STORAGE_KEY,
} from '../../src/system/market-tickers-logic.ts';
import { makeTicker, MARKET } from '../support/market-fixtures.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('tickers', () => {
  it('merges pushed tickers in place, appends new coins, and keeps the list when nothing came', () => {
    const previous = [makeTicker({ a: 1, g: '1', ts: 10 }), makeTicker({ a: 2, g: '2', ts: 10 })];
    const merged = mergeTickers(previous, [
      makeTicker({ a: 2, g: '2.5', ts: 11 }),
      makeTicker({ a: 3, ts: 11 }),
    ]);
    expect(merged.map((t) => [t.a, t.g])).toEqual([
      [1, '1'],
      [2, '2.5'],
      [3, '100.00'],
    ]);
    expect(merged[0]).toBe(previous[0]);
    expect(mergeTickers(previous, [])).toBe(previous);
  });

  it('keeps the listed name of a known coin: pushes carry the default name, the list the app language', () => {
    const previous = [makeTicker({ a: 1, c: 'BTC', name: '比特币', g: '1', ts: 10 })];
    const merged = mergeTickers(previous, [
      makeTicker({ a: 1, c: 'BTC', name: 'Bitcoin', g: '2', ts: 11 }),
      makeTicker({ a: 2, c: 'ETH', name: 'Ethereum', ts: 11 }),
    ]);
    expect(merged.map((t) => [t.c, t.name, t.g])).toEqual([
      ['BTC', '比特币', '2'],
      ['ETH', 'Ethereum', '100.00'],
    ]);
  });

  it('does not let an older ticker overwrite a newer one', () => {
    const previous = [makeTicker({ a: 1, g: '5', ts: 20 })];
    expect(mergeTickers(previous, [makeTicker({ a: 1, g: '4', ts: 19 })])[0]!.g).toBe('5');
  });

  it('flashes by the direction key, or by comparing prices when it says nothing', () => {
    expect(flashDirection(null, '1', 1)).toBeNull();
    expect(flashDirection('1', '1', 1)).toBeNull();
    expect(flashDirection('1', '2', 1)).toBe('up');
    expect(flashDirection('2', '1', 2)).toBe('down');
    expect(flashDirection('2', '1', 0)).toBe('down');
    expect(flashDirection('1.0', '1.00', 0)).toBeNull();
    expect(flashDirection('1', '1.5', 0)).toBe('up');
  });

  it('colours by the sign of the 24 h change', () => {
    expect(changeClass({ changePer: 1 })).toBe('up');
    expect(changeClass({ changePer: -0.01 })).toBe('down');
    expect(changeClass({ changePer: 0 })).toBe('flat');
  });

  it('searches symbol and name, ignoring case and spaces around', () => {
    const btc = MARKET[0]!;
    expect(matchesSearch(btc, ' btc ')).toBe(true);
    expect(matchesSearch(btc, 'coin')).toBe(true);
    expect(matchesSearch(btc, 'eth')).toBe(false);
    expect(matchesSearch(btc, '')).toBe(true);
  });

  it('maps symbols to icon files', () => {
    expect(iconSymbol('BTC')).toBe('BTC');
    expect(iconSymbol('btc/usdt')).toBe('BTC');
    expect(iconSymbol('EUR/USD')).toBe('EURUSD');
    expect(iconSymbol('USDT')).toBe('USDT');
    expect(iconSymbol('SPX500')).toBe('SPX500');
  });

  it('keeps the price list in storage and reads back only well-formed tickers', () => {
    const storage = memoryStorage();
    expect(loadStoredTickers('en', storage)).toBeNull();
    storeTickers(MARKET, 'en', 1234, storage);
    expect(loadStoredTickers('en', storage)).toEqual({ list: MARKET, savedAt: 1234 });
    storage.setItem(
      TICKERS_STORAGE_KEY,
      JSON.stringify({ v: 2, savedAt: 1, locale: 'en', list: [{ a: 'x' }, MARKET[0]] }),
    );
    expect(loadStoredTickers('en', storage)?.list).toEqual([MARKET[0]]);
    storage.setItem(TICKERS_STORAGE_KEY, '{broken');
    expect(loadStoredTickers('en', storage)).toBeNull();
    storage.setItem(TICKERS_STORAGE_KEY, JSON.stringify({ v: 99, savedAt: 1, locale: 'en', list: MARKET }));
    expect(loadStoredTickers('en', storage)).toBeNull();
  });

  it('does not show a stored list whose names are in another language', () => {
    const storage = memoryStorage();
    storeTickers(MARKET, 'ar', 1234, storage);
    expect(loadStoredTickers('en', storage)).toBeNull();
    expect(loadStoredTickers('ar', storage)?.list).toEqual(MARKET);
  });

  it('survives a storage that refuses writes', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => storeTickers(MARKET, 'en', 1, full)).not.toThrow();
  });
});
