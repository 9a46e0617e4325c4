import { useEffect, useRef, useState } from 'react';
import { dispose, init, utils, type AxisCreateTicksParams, type Chart, type DataLoader } from 'klinecharts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHART_SUB_INDICATORS, type KlineInterval } from '@vela/contract';
import type { LocaleCode } from '@vela/i18n';
import { nextTask } from '../../lib/waits.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { subscribeLiveKline } from '../../system/live-market.ts';
import { chartLocaleOf, localizeIndicators } from './chart-locale.ts';
import { candlesQuery, fetchOlderCandles } from './trade-api.ts';
import {
  AXIS_TEXT_SIZE,
  chartStyles,
  intervalOf,
  KLINE_LIMIT,
  olderRange,
  periodOf,
  priceTicksClearOfTag,
  readChartColors,
  RIGHT_GAP_PX,
  timeTicksInside,
  toKLine,
} from './kline-logic.ts';

/**
 * The kline chart (klinecharts 10), loaded lazily with the trade page's chart so the rest of the
 * app does not download it. The first 500 candles come from `/vc/market/kline`, older ones load when
 * the chart is scrolled back, and the current candle follows the live kline topic (or its polling
 * fallback). Colours follow the theme's CSS variables, and its words the app's language.
 */
const MAIN_PANE = 'candle_pane';
const SUB_PANE_REM = 5.5;
const MAIN_HEIGHT_REM = 17;

export interface ChartLoad {
  vcId: number;
  interval: KlineInterval;
  count: number;
  failed: boolean;
}

export interface KlineChartProps {
  vcId: number;
  symbol: string;
  pricePrecision: number;
  interval: KlineInterval;
  main: readonly string[];
  sub: readonly string[];
  /** Called after each initial load of a coin and interval. */
  onLoaded?: (result: ChartLoad) => void;
}

function rootRem(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * The chart's loader of candles. `onLiveBar` hears of each live update of the current candle after
 * the chart has taken it.
 */
function createLoader(
  client: QueryClient,
  onLoaded: (result: ChartLoad) => void,
  onLiveBar: () => void,
): DataLoader {
  let request = 0;
  let unsubscribe: (() => void) | null = null;
  return {
    async getBars({ type, timestamp, symbol, period, callback }) {
      const vcId = Number(symbol.vcId);
      const interval = intervalOf(period);
      if (!interval || !Number.isInteger(vcId)) {
        callback([], false);
        return;
      }
      if (type === 'init') {
        const id = ++request;
        try {
          const data = await client.fetchQuery(candlesQuery(vcId, interval));
          // Prefetched candles are at hand at once; taking them in the next task keeps the chart's
          // creation and its first candles two tasks, not one long one.
          await nextTask();
          // A newer request (another coin or interval) replaced this one; its answer is dropped.
          if (id !== request) return;
          callback(data.candles.map(toKLine), {
            forward: data.candles.length >= KLINE_LIMIT,
            backward: false,
          });
          onLoaded({ vcId, interval, count: data.candles.length, failed: false });
        } catch (error) {
          if (id !== request) return;
          console.warn('[chart] candles failed to load', error);
          callback([], false);
          onLoaded({ vcId, interval, count: 0, failed: true });
        }
        return;
      }
      if (type === 'forward' && timestamp !== null) {
        const id = request;
        try {
          const range = olderRange(timestamp, interval);
          const data = await fetchOlderCandles(vcId, interval, range);
          if (id !== request) return;
          callback(data.candles.map(toKLine), { forward: data.candles.length >= KLINE_LIMIT - 1 });
        } catch (error) {
          console.warn('[chart] older candles failed to load', error);
          if (id === request) callback([], { forward: false });
        }
        return;
      }
      callback([], false);
    },
    subscribeBar({ symbol, period, callback }) {
      unsubscribe?.();
      const vcId = Number(symbol.vcId);
      const interval = intervalOf(period);
      if (!interval || !Number.isInteger(vcId)) return;
      unsubscribe = subscribeLiveKline(vcId, interval, (candle) => {
        callback(toKLine(candle));
        onLiveBar();
      });
    },
    unsubscribeBar() {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}

/**
 * Fits the axes to a phone's width: little room after the latest candle, no time label cut off at
 * an edge, and no price label under the last-price tag. The axis keeps the labels it built until
 * its range changes, so `followLastPrice` rebuilds them when a live update moves the last price.
 */
function fitAxes(chart: Chart) {
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const lastClose = () => chart.getDataList().at(-1)?.close ?? null;
  let filteredAt: number | null = null;
  const createTicks = ({ defaultTicks }: AxisCreateTicksParams) => {
    filteredAt = lastClose();
    return priceTicksClearOfTag(defaultTicks, filteredAt);
  };
  chart.setOffsetRightDistance(RIGHT_GAP_PX);
  chart.overrideXAxis({
    createTicks: ({ defaultTicks, bounding }) =>
      timeTicksInside(defaultTicks, bounding.width, (text) =>
        utils.calcTextWidth(text, AXIS_TEXT_SIZE, 'normal', font),
      ),
  });
  // Room above the highest candle for the two lines of indicator legends.
  chart.overrideYAxis({ paneId: MAIN_PANE, gap: { top: 0.35, bottom: 0.1 }, createTicks });
  return {
    followLastPrice() {
      if (lastClose() !== filteredAt) chart.overrideYAxis({ paneId: MAIN_PANE, createTicks });
    },
  };
}

/** What the chart shows: the coin, the interval, the indicators and the language of its words. */
interface ChartView {
  vcId: number;
  symbol: string;
  pricePrecision: number;
  interval: KlineInterval;
  mainKey: string;
  subKey: string;
  locale: LocaleCode;
}

/** The indicators of `mainKey` on the candles and of `subKey` in panes below, and no others. */
function showIndicators(chart: Chart, mainKey: string, subKey: string) {
  const wantedMain = new Set(mainKey ? mainKey.split(',') : []);
  const wantedSub = new Set(subKey ? subKey.split(',') : []);
  const shownMain = new Set(chart.getIndicators({ paneId: MAIN_PANE }).map((i) => i.name));
  for (const name of shownMain) if (!wantedMain.has(name)) chart.removeIndicator({ paneId: MAIN_PANE, name });
  for (const name of wantedMain)
    if (!shownMain.has(name)) chart.createIndicator({ name, paneId: MAIN_PANE }, true);
  const subHeight = Math.round(SUB_PANE_REM * rootRem());
  for (const name of CHART_SUB_INDICATORS) {
    const paneId = `sub_${name}`;
    const shown = chart.getIndicators({ paneId, name }).length > 0;
    if (wantedSub.has(name) && !shown) {
      chart.createIndicator({ name, paneId }, false);
      chart.setPaneOptions({ id: paneId, height: subHeight, minHeight: Math.round(subHeight / 2) });
      chart.overrideYAxis({ paneId, gap: { top: 0.7, bottom: 0.05 } });
    } else if (!wantedSub.has(name) && shown) {
      chart.removeIndicator({ paneId, name });
    }
  }
}

/**
 * Brings the chart from the view it `shown` to the `wanted` one, changing only what differs: a new
 * coin or interval reloads the candles, so neither is set again when it has not changed. The chart's
 * own words follow the app's language, also for a VOL pane added later; the element names the locale
 * the chart really uses.
 */
function showView(chart: Chart, element: HTMLElement, shown: ChartView | null, wanted: ChartView) {
  const { vcId, symbol, pricePrecision, interval, mainKey, subKey, locale } = wanted;
  if (shown?.vcId !== vcId || shown.symbol !== symbol || shown.pricePrecision !== pricePrecision)
    chart.setSymbol({ ticker: symbol, pricePrecision, volumePrecision: 2, vcId });
  if (shown?.interval !== interval) chart.setPeriod(periodOf(interval));
  if (shown?.mainKey !== mainKey || shown.subKey !== subKey) showIndicators(chart, mainKey, subKey);
  if (shown?.locale !== locale || shown.subKey !== subKey) {
    chart.setLocale(chartLocaleOf(locale));
    localizeIndicators(chart, locale);
    element.dataset.locale = chart.getLocale();
  }
}

/** Runs each step in a task of its own, in order, until one answers false; answers the cancellation. */
function taskByTask(steps: readonly (() => boolean)[]): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = (index: number) => {
    task = setTimeout(() => {
      if (steps[index]?.() === true && index + 1 < steps.length) run(index + 1);
    });
  };
  run(0);
  return () => clearTimeout(task);
}

/**
 * The first date format a page makes (klinecharts makes one as it starts) costs a phone tens of
 * milliseconds while the browser loads its calendar data: made in a task of its own, that cost is not
 * added to the chart's creation.
 */
function loadCalendarData(): boolean {
  new Intl.DateTimeFormat('en');
  return true;
}

export default function KlineChart(props: KlineChartProps) {
  const { vcId, symbol, pricePrecision, interval, main, sub } = props;
  const container = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const [chart, setChart] = useState<Chart | null>(null);
  const onLoaded = useRef(props.onLoaded);
  const locale = usePreferences((s) => s.locale);
  const view: ChartView = {
    vcId,
    symbol,
    pricePrecision,
    interval,
    mainKey: main.join(','),
    subKey: sub.join(','),
    locale,
  };
  const wanted = useRef(view);
  const shown = useRef<ChartView | null>(null);
  useEffect(() => {
    onLoaded.current = props.onLoaded;
    wanted.current = view;
  });

  // One chart per mount; it follows the theme (the <html> class), and klinecharts follows the
  // container's size itself.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: Chart | null = null;
    let themeWatcher: MutationObserver | null = null;
    // The chart starts after the page's commit, in steps of a task each (the calendar data, the
    // chart's frame, then everything it shows), so that none is one long task for a phone's main
    // thread. The panes, indicators and language are set in one task, laid out once instead of once
    // per step, and the candles the screen prefetched are drawn into them in the task after.
    const create = () => {
      instance = init(element, {
        locale: chartLocaleOf(wanted.current.locale),
        styles: chartStyles(readChartColors()),
      });
      return instance !== null;
    };
    const show = () => {
      const created = instance;
      if (!created) return false;
      const axes = fitAxes(created);
      const loaded = (result: ChartLoad) => onLoaded.current?.(result);
      created.setDataLoader(createLoader(client, loaded, axes.followLastPrice));
      showView(created, element, null, wanted.current);
      shown.current = wanted.current;
      themeWatcher = new MutationObserver(() => created.setStyles(chartStyles(readChartColors())));
      themeWatcher.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      setChart(created);
      return true;
    };
    const cancel = taskByTask([loadCalendarData, create, show]);
    return () => {
      cancel();
      themeWatcher?.disconnect();
      if (instance) dispose(element);
      shown.current = null;
      setChart(null);
    };
  }, [client]);

  const { mainKey, subKey } = view;
  useEffect(() => {
    const element = container.current;
    if (!chart || !element) return;
    const next = { vcId, symbol, pricePrecision, interval, mainKey, subKey, locale };
    showView(chart, element, shown.current, next);
    shown.current = next;
  }, [chart, vcId, symbol, pricePrecision, interval, mainKey, subKey, locale]);

  const height = `${MAIN_HEIGHT_REM + SUB_PANE_REM * sub.length}rem`;
  return (
    <div
      ref={container}
      className="kline-chart"
      style={{ height }}
      data-testid="kline-chart"
      data-interval={interval}
      data-indicators={[...main, ...sub].join(',')}
    />
  );
}
