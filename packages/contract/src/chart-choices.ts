/**
 * The chart's choices as plain lists, in a module of their own without zod: the app reads them to
 * draw its interval and indicator pickers, and importing them from the module that also declares
 * the endpoints' schemas brought zod, which the app otherwise never runs, into the trade screen.
 */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const CHART_MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const;
export const CHART_SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
