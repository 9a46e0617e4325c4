import type { Candle, KlineInterval } from '@vela/contract';
import type { AxisTick, DeepPartial, KLineData, Period, Styles } from 'klinecharts';

/**
 * Conversions between the contract's candles and intervals and klinecharts' bars and periods, and
 * the chart's theme. Only types come from klinecharts here, so this file costs nothing at load.
 */

export const KLINE_LIMIT = 500;

export function toKLine(candle: Candle): KLineData {
  return {
    timestamp: candle.t,
    open: Number(candle.o),
    high: Number(candle.h),
    low: Number(candle.l),
    close: Number(candle.c),
    volume: Number(candle.v),
    turnover: Number(candle.q),
  };
}

const PERIODS: Record<KlineInterval, Period> = {
  '1m': { type: 'minute', span: 1 },
  '5m': { type: 'minute', span: 5 },
  '15m': { type: 'minute', span: 15 },
  '30m': { type: 'minute', span: 30 },
  '1h': { type: 'hour', span: 1 },
  '4h': { type: 'hour', span: 4 },
  '1d': { type: 'day', span: 1 },
  '1w': { type: 'week', span: 1 },
};

export function periodOf(interval: KlineInterval): Period {
  return PERIODS[interval];
}

export function intervalOf(period: Period): KlineInterval | null {
  const found = (Object.entries(PERIODS) as [KlineInterval, Period][]).find(
    ([, p]) => p.type === period.type && p.span === period.span,
  );
  return found ? found[0] : null;
}

const MINUTE = 60_000;
export const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};

/**
 * The range of older candles to load when the chart is scrolled back to its first bar (open
 * times, inclusive): the `count` bars just before `firstTimestamp`.
 */
export function olderRange(firstTimestamp: number, interval: KlineInterval, count = KLINE_LIMIT) {
  const step = INTERVAL_MS[interval];
  const endTime = firstTimestamp - step;
  return { startTime: Math.max(0, endTime - (count - 1) * step), endTime };
}

export interface ChartColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  border: string;
  background: string;
  /** The app's font stack, so the chart's figures match the rest of the screen. */
  font: string;
}

/** The theme's colours, from the CSS variables of the document (see global.css). */
export function readChartColors(root: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: v('--up', '#16c784'),
    down: v('--down', '#ea3943'),
    text: v('--text-secondary', '#9aa3b2'),
    muted: v('--text-muted', '#6b7585'),
    border: v('--border', '#232a37'),
    background: v('--bg-elevated', '#151a23'),
    font: getComputedStyle(document.body).fontFamily || 'sans-serif',
  };
}

/** `color` with an alpha, for a hex colour; other notations are returned as they are. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const n = Number.parseInt(hex, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * The candle tooltip's lines: klinecharts' own plus the change from the previous close, which the
 * trade screen promises beside open and close. Titles are locale keys the chart translates.
 */
export const CANDLE_TOOLTIP_LINES = [
  { title: 'time', value: '{time}' },
  { title: 'open', value: '{open}' },
  { title: 'high', value: '{high}' },
  { title: 'low', value: '{low}' },
  { title: 'close', value: '{close}' },
  { title: 'change', value: '{change}' },
  { title: 'volume', value: '{volume}' },
];

/**
 * The figures of the chart's axes and of the last-price tag. The tag uses the axis labels' size, so
 * it fits in the price axis instead of reaching over the last candles.
 */
export const AXIS_TEXT_SIZE = 10;
const TAG_PADDING_Y = 3;
const TAG_PADDING_X = 4;

/** Half the last-price tag's height, and a gap, within which a price label would be covered by it. */
export const TAG_CLEARANCE_PX = AXIS_TEXT_SIZE / 2 + TAG_PADDING_Y + AXIS_TEXT_SIZE / 2 + 2;

/**
 * The room after the latest candle: enough to tell it is the last one and for the price line to
 * reach the axis, without the wide empty band klinecharts leaves by default (80 px).
 */
export const RIGHT_GAP_PX = 12;

/**
 * The price axis's labels without those the last-price tag would cover. The tag's height is found
 * from the labels themselves (a price axis maps prices to pixels linearly), so no axis object is
 * needed; with fewer than two labels there is nothing to go by, and they are kept.
 */
export function priceTicksClearOfTag(
  ticks: readonly AxisTick[],
  lastPrice: number | null,
  clearancePx = TAG_CLEARANCE_PX,
): AxisTick[] {
  const [a, b] = ticks;
  if (lastPrice === null || !a || !b || Number(a.value) === Number(b.value)) return [...ticks];
  const slope = (b.coord - a.coord) / (Number(b.value) - Number(a.value));
  const tagY = a.coord + (lastPrice - Number(a.value)) * slope;
  return ticks.filter((tick) => Math.abs(tick.coord - tagY) >= clearancePx);
}

/**
 * The time axis's labels that fit whole: a label is centred on its tick, so one closer to an edge
 * than half its width would be cut off there.
 */
export function timeTicksInside(
  ticks: readonly AxisTick[],
  width: number,
  measure: (text: string) => number,
): AxisTick[] {
  return ticks.filter((tick) => {
    const half = measure(tick.text) / 2;
    return tick.coord - half >= 0 && tick.coord + half <= width;
  });
}

/** The last price's line and its tag on the price axis, in the colour of the latest move. */
function lastPriceMark(c: ChartColors): DeepPartial<Styles['candle']['priceMark']['last']> {
  return {
    upColor: c.up,
    downColor: c.down,
    noChangeColor: c.muted,
    text: {
      family: c.font,
      size: AXIS_TEXT_SIZE,
      paddingTop: TAG_PADDING_Y,
      paddingBottom: TAG_PADDING_Y,
      paddingLeft: TAG_PADDING_X,
      paddingRight: TAG_PADDING_X,
    },
  };
}

export function chartStyles(c: ChartColors): DeepPartial<Styles> {
  const axis = {
    axisLine: { color: c.border },
    tickLine: { color: c.border },
    tickText: { color: c.muted, size: AXIS_TEXT_SIZE, family: c.font },
  };
  const crosshairLine = { color: c.muted, style: 'dashed' as const, dashedValue: [4, 2] };
  const crosshairText = {
    color: '#ffffff',
    backgroundColor: c.muted,
    borderColor: c.muted,
    size: 10,
    family: c.font,
  };
  const legend = { color: c.text, size: 10, family: c.font };
  return {
    grid: {
      horizontal: { color: withAlpha(c.border, 0.8), style: 'dashed', dashedValue: [2, 2] },
      vertical: { color: withAlpha(c.border, 0.8), style: 'dashed', dashedValue: [2, 2] },
    },
    candle: {
      bar: {
        upColor: c.up,
        downColor: c.down,
        noChangeColor: c.muted,
        upBorderColor: c.up,
        downBorderColor: c.down,
        noChangeBorderColor: c.muted,
        upWickColor: c.up,
        downWickColor: c.down,
        noChangeWickColor: c.muted,
      },
      priceMark: {
        high: { color: c.text, textFamily: c.font },
        low: { color: c.text, textFamily: c.font },
        last: lastPriceMark(c),
      },
      // On a phone the candle's figures show while a finger is on the chart, in a box, so they
      // never cover the indicator legends.
      tooltip: {
        showRule: 'follow_cross',
        showType: 'rect',
        title: { show: false },
        legend: { ...legend, template: CANDLE_TOOLTIP_LINES },
        rect: {
          color: withAlpha(c.background, 0.92),
          borderColor: c.border,
          position: 'fixed',
        },
      },
    },
    indicator: {
      ohlc: { upColor: withAlpha(c.up, 0.7), downColor: withAlpha(c.down, 0.7), noChangeColor: c.muted },
      bars: [
        {
          upColor: withAlpha(c.up, 0.7),
          downColor: withAlpha(c.down, 0.7),
          noChangeColor: c.muted,
        },
      ],
      tooltip: { title: legend, legend },
      lastValueMark: { show: false },
    },
    xAxis: axis,
    yAxis: axis,
    separator: { color: c.border },
    crosshair: {
      horizontal: { line: crosshairLine, text: crosshairText },
      vertical: { line: crosshairLine, text: crosshairText },
    },
  };
}
