import { describe, expect, it } from 'vitest';
import { RANKING_SIZE } from '@vela/domain';
import { hotCoinSymbols, hotCoins, ranking, typeTabs } from '../../../src/features/home/home-market-logic.ts';
import { MARKET } from '../../support/market-fixtures.ts';

const symbols = (list: { c: string }[]) => list.map((t) => t.c);

describe('home rankings', () => {
  it("hot coins are the operators' chosen coins, then the most traded of their type", () => {
    expect(symbols(hotCoins(MARKET, 'BTC,ETH'))).toEqual(['BTC', 'ETH', 'SOL']);
    expect(symbols(hotCoins(MARKET, ' eth , btc '))).toEqual(['ETH', 'BTC', 'SOL']);
    expect(symbols(hotCoins(MARKET, 'DOGE,BTC,ETH,SOL'))).toEqual(['DOGE', 'BTC', 'ETH']);
    expect(hotCoins([], 'BTC,ETH')).toEqual([]);
  });

  it('hot coins fill from every type once the chosen type runs out', () => {
    expect(symbols(hotCoins(MARKET, 'XAU'))).toEqual(['XAU', 'EURUSD', 'GBPUSD']);
  });

  it('hot coins leave out chosen coins that are not listed, and repeat none', () => {
    expect(symbols(hotCoins(MARKET, 'NOPE,BTC,BTC'))).toEqual(['BTC', 'ETH', 'SOL']);
  });

  it('hot coins are the three most traded of every type when none is chosen', () => {
    expect(symbols(hotCoins(MARKET, ''))).toEqual(['EURUSD', 'GBPUSD', 'SPX500']);
    expect(symbols(hotCoins(MARKET, 'NOPE'))).toEqual(['EURUSD', 'GBPUSD', 'SPX500']);
  });

  it('reads the chosen symbols in order, whatever their case and spacing', () => {
    expect(hotCoinSymbols(' btc, ETH ,,sol ')).toEqual(['BTC', 'ETH', 'SOL']);
    expect(hotCoinSymbols('')).toEqual([]);
  });

  it('the rising list holds at most five coins of the type, by change descending', () => {
    const list = ranking(MARKET, 'rising', 1);
    expect(list).toHaveLength(RANKING_SIZE);
    expect(symbols(list)).toEqual(['SOL', 'BTC', 'ADA', 'DOGE', 'ETH']);
    expect(symbols(ranking(MARKET, 'rising', 2))).toEqual(['EURUSD', 'GBPUSD']);
  });

  it('the turnover list holds at most five coins of the type, by turnover descending', () => {
    expect(symbols(ranking(MARKET, 'turnover', 1))).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'DOGE']);
    expect(symbols(ranking(MARKET, 'turnover', 3))).toEqual(['XAU']);
    expect(ranking(MARKET, 'turnover', 9)).toEqual([]);
  });

  it('the type tabs come from the VcTypeEnum dictionary, in its order', () => {
    expect(
      typeTabs({
        VcTypeEnum: [
          { value: '1', label: 'Crypto' },
          { value: '3', label: 'Metals' },
          { value: 'x', label: 'Broken' },
        ],
      }),
    ).toEqual([
      { type: 1, label: 'Crypto' },
      { type: 3, label: 'Metals' },
    ]);
    expect(typeTabs(undefined)).toEqual([]);
  });
});
