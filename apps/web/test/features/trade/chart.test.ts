import { describe, expect, it } from 'vitest';
import { getSupportedLocales } from 'klinecharts';
import { KLINE_INTERVALS } from '@vela/contract';
import { LOCALE_CODES } from '@vela/i18n';
import {
  chartLabelsOf,
  chartLocaleOf,
  registerChartLocales,
  withVolumeTitle,
} from '../../../src/features/trade/chart-locale.ts';
import {
  DEFAULT_CHART_SETTINGS,
  toggleIndicator,
  withInterval,
} from '../../../src/features/trade/chart-settings-logic.ts';
import {
  chartStyles,
  INTERVAL_MS,
  intervalOf,
  olderRange,
  periodOf,
  priceTicksClearOfTag,
  TAG_CLEARANCE_PX,
  timeTicksInside,
  toKLine,
  withAlpha,
} from '../../../src/features/trade/kline-logic.ts';
import { chartStatus, coinToShow, signedChange } from '../../../src/features/trade/trade-logic.ts';
import { MARKET } from '../../support/market-fixtures.ts';

describe('chart settings', () => {
  it('toggles indicators and keeps the catalogue order', () => {
    const s1 = toggleIndicator(DEFAULT_CHART_SETTINGS, 'main', 'BOLL');
    expect(s1.main).toEqual(['MA', 'BOLL']);
    const s2 = toggleIndicator(s1, 'main', 'EMA');
    expect(s2.main).toEqual(['MA', 'EMA', 'BOLL']);
    expect(toggleIndicator(s2, 'main', 'MA').main).toEqual(['EMA', 'BOLL']);
    const s3 = toggleIndicator(toggleIndicator(DEFAULT_CHART_SETTINGS, 'sub', 'RSI'), 'sub', 'MACD');
    expect(s3.sub).toEqual(['VOL', 'MACD', 'RSI']);
    expect(toggleIndicator(s3, 'sub', 'VOL').sub).toEqual(['MACD', 'RSI']);
    expect(DEFAULT_CHART_SETTINGS.main).toEqual(['MA']);
  });

  it('changes the interval without touching the indicators', () => {
    expect(withInterval(DEFAULT_CHART_SETTINGS, '4h')).toEqual({ ...DEFAULT_CHART_SETTINGS, interval: '4h' });
  });
});

describe('kline data', () => {
  it('maps every interval to a chart period and back', () => {
    for (const interval of KLINE_INTERVALS) expect(intervalOf(periodOf(interval))).toBe(interval);
    expect(periodOf('4h')).toEqual({ type: 'hour', span: 4 });
    expect(periodOf('1w')).toEqual({ type: 'week', span: 1 });
    expect(intervalOf({ type: 'month', span: 1 })).toBeNull();
  });

  it('turns decimal-string candles into chart bars', () => {
    expect(toKLine({ t: 60_000, o: '1.5', h: '2', l: '1', c: '1.75', v: '10', q: '17.5' })).toEqual({
      timestamp: 60_000,
      open: 1.5,
      high: 2,
      low: 1,
      close: 1.75,
      volume: 10,
      turnover: 17.5,
    });
  });

  it('asks for the bars just before the first one when scrolling back', () => {
    const first = 1_000 * INTERVAL_MS['1h'];
    expect(olderRange(first, '1h', 500)).toEqual({
      startTime: first - 500 * INTERVAL_MS['1h'],
      endTime: first - INTERVAL_MS['1h'],
    });
    expect(olderRange(INTERVAL_MS['1d'] * 3, '1d', 500).startTime).toBe(0);
  });

  it('shows the change beside open and close in the candle tooltip', () => {
    const styles = chartStyles({
      up: '#16c784',
      down: '#ea3943',
      text: '#9aa3b2',
      muted: '#6b7585',
      border: '#232a37',
      background: '#151a23',
      font: 'sans-serif',
    });
    const lines = styles.candle?.tooltip?.legend?.template;
    expect(Array.isArray(lines) ? lines.map((line) => line?.title) : lines).toEqual([
      'time',
      'open',
      'high',
      'low',
      'close',
      'change',
      'volume',
    ]);
  });

  it('colours candles from the theme', () => {
    const styles = chartStyles({
      up: '#16c784',
      down: '#ea3943',
      text: '#9aa3b2',
      muted: '#6b7585',
      border: '#232a37',
      background: '#151a23',
      font: 'sans-serif',
    });
    expect(styles.candle?.bar?.upColor).toBe('#16c784');
    expect(styles.candle?.bar?.downColor).toBe('#ea3943');
    expect(withAlpha('#ff0000', 0.5)).toBe('rgba(255, 0, 0, 0.5)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });
});

describe('the coin the trade page shows', () => {
  it('keeps a selected coin that has a price', () => {
    expect(coinToShow(20, MARKET, [1, 2])).toBe(20);
  });

  it('otherwise selects the first configured pair, then the first coin with a price', () => {
    expect(coinToShow(null, MARKET, [2, 1])).toBe(2);
    expect(coinToShow(999, MARKET, [2, 1])).toBe(2);
    expect(coinToShow(null, MARKET, [999, 3])).toBe(3);
    expect(coinToShow(null, MARKET, [])).toBe(1);
    expect(coinToShow(null, [], [1])).toBeNull();
  });
});

describe('chart language', () => {
  it('registers every app language with klinecharts under the app’s own code', () => {
    registerChartLocales();
    expect(getSupportedLocales()).toEqual(expect.arrayContaining([...LOCALE_CODES]));
    expect(chartLocaleOf('ar')).toBe('ar');
    expect(chartLabelsOf('zh-CN').open).toBe('开：');
    expect(chartLabelsOf('ar').volume).toBe('الحجم:\u200f ');
  });

  it('retitles the VOL indicator’s volume bars and leaves its averages alone', () => {
    const figures = [
      { key: 'ma1', title: 'MA5: ', type: 'line' },
      { key: 'volume', title: 'VOLUME: ', type: 'bar' },
    ];
    const localized = withVolumeTitle(figures, '成交量：');
    expect(localized?.map((f) => f.title)).toEqual(['MA5: ', '成交量：']);
    expect(localized?.[0]).toBe(figures[0]);
    expect(withVolumeTitle(localized ?? [], '成交量：')).toBeNull();
  });
});

describe('the trade page figures', () => {
  it('signs rises with a plus and leaves falls and no change as they are', () => {
    expect(signedChange('12.5', 2)).toBe('+12.50');
    expect(signedChange('-3', 2)).toBe('-3.00');
    expect(signedChange('0', 2)).toBe('0.00');
  });

  it('treats a chart load of another coin or interval as still loading', () => {
    const load = { vcId: 1, interval: '15m' as const, count: 10, failed: false };
    expect(chartStatus(null, 1, '15m')).toBe('loading');
    expect(chartStatus(load, 2, '15m')).toBe('loading');
    expect(chartStatus(load, 1, '1h')).toBe('loading');
    expect(chartStatus(load, 1, '15m')).toBe('ready');
    expect(chartStatus({ ...load, count: 0 }, 1, '15m')).toBe('empty');
    expect(chartStatus({ ...load, failed: true }, 1, '15m')).toBe('failed');
  });
});

describe('axes on a phone', () => {
  // Prices 100 to 104 at 0 to 160 px, 40 px apart (prices grow upwards, pixels downwards).
  const priceTicks = [104, 103, 102, 101, 100].map((value, index) => ({
    coord: index * 40,
    value,
    text: `${value}.00`,
  }));

  it('drops the price labels the last-price tag would cover, and only those', () => {
    const kept = (last: number | null) => priceTicksClearOfTag(priceTicks, last).map((t) => t.value);
    expect(kept(102)).toEqual([104, 103, 101, 100]);
    // 101.7 sits 12 px below the 102 label: still under the tag.
    expect(kept(101.7)).toEqual([104, 103, 101, 100]);
    // 102.5 sits halfway between two labels, 20 px from each: both stay readable.
    expect(kept(102.5)).toEqual([104, 103, 102, 101, 100]);
    expect(kept(null)).toEqual([104, 103, 102, 101, 100]);
    expect(TAG_CLEARANCE_PX).toBeLessThan(20);
    expect(priceTicksClearOfTag(priceTicks.slice(0, 1), 104)).toHaveLength(1);
  });

  it('drops the time labels that would be cut at either edge', () => {
    const ticks = [10, 60, 180, 330].map((coord) => ({ coord, value: coord, text: '11-27 15:00' }));
    const kept = timeTicksInside(ticks, 360, () => 60).map((t) => t.coord);
    expect(kept).toEqual([60, 180, 330]);
    expect(timeTicksInside(ticks, 340, () => 60).map((t) => t.coord)).toEqual([60, 180]);
  });
});
