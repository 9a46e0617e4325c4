import { z } from 'zod';
import { emptyBody, endpoint } from './endpoint.ts';
import { CHART_MAIN_INDICATORS, CHART_SUB_INDICATORS, KLINE_INTERVALS } from './chart-choices.ts';
import { VC_TYPES } from './enums.ts';
import { msg } from './fields.ts';

/**
 * Markets (docs/product.md, "Markets"): coins, the timed-trade configuration, tickers and candles.
 * Prices, volumes and turnovers travel as decimal strings, never floats; times are epoch milliseconds.
 *
 * The coin list and the timed-trade configuration live under the prefix `/portal`, the service that
 * serves the app's own configuration.
 */

/** The most candles one answer carries; a longer range must be paged. */
export const MAX_KLINE_LIMIT = 1000;

export const vcIdField = z
  .number(msg('validation.vcId'))
  .int(msg('validation.vcId'))
  .positive(msg('validation.vcId'))
  .max(2_147_483_647, msg('validation.vcId'));
export const intervalField = z.enum(KLINE_INTERVALS, msg('validation.interval'));

export const coinSchema = z.object({
  id: z.number().int(),
  symbol: z.string().describe('Ticker symbol, e.g. "BTC"; never translated.'),
  name: z
    .string()
    .describe("Name in the request's language (lang header); the coin's default name where it has none."),
  type: z
    .union(VC_TYPES.map((t) => z.literal(t)))
    .describe('VcTypeEnum: 1 crypto, 2 forex, 3 metals, 4 indices.'),
  enabled: z.boolean(),
  settleVc: z.boolean().describe('A settlement coin (USDT); the currency list leaves these out.'),
  precision: z.number().int().describe('Decimals shown for its price.'),
  icon: z.string(),
});
export type Coin = z.infer<typeof coinSchema>;

/**
 * One ticker in the app's single-letter wire keys, plus named fields: a = coin id, c = symbol, g = last
 * price, j = 24 h volume (base units), k = 24 h change (price difference), l = direction of the last
 * move for colouring (1 up, 2 down, 0 unchanged), changePer = 24 h change in percent, changePerStr =
 * the same as text with a sign ("+1.25%", "0%" when there is no previous price), turnover = 24 h
 * turnover in the settlement coin.
 */
export const tickerSchema = z.object({
  a: z.number().int().describe('Coin id.'),
  c: z.string().describe('Coin symbol.'),
  g: z.string().describe('Last price.'),
  j: z.string().describe('24 h volume in base units.'),
  k: z.string().describe('24 h change: last price minus the price 24 h ago.'),
  l: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('Direction of the last move: 1 up, 2 down, 0 unchanged.'),
  changePer: z.number().describe('24 h change in percent.'),
  changePerStr: z.string().describe('24 h change in percent as text with a sign; "0%" when absent.'),
  turnover: z.string().describe('24 h turnover in the settlement coin.'),
  open: z.string().describe('Price 24 h ago.'),
  high: z.string().describe('24 h high.'),
  low: z.string().describe('24 h low.'),
  name: z
    .string()
    .describe(
      "Coin name in the request's language (lang header). Live pushes carry the default name: keep the listed one.",
    ),
  type: z.union(VC_TYPES.map((t) => z.literal(t))),
  precision: z.number().int(),
  ts: z.number().int().describe('Time of the last tick.'),
});
export type Ticker = z.infer<typeof tickerSchema>;

export const candleSchema = z.object({
  t: z.number().int().describe('Open time.'),
  o: z.string(),
  h: z.string(),
  l: z.string(),
  c: z.string(),
  v: z.string().describe('Volume in base units.'),
  q: z.string().describe('Turnover in the settlement coin.'),
});
export type Candle = z.infer<typeof candleSchema>;

export const timingPeriodSchema = z.object({
  seconds: z.number().int().describe('Expiry period in seconds.'),
  payoutRate: z.string().describe('Profit paid on a win as a fraction of the stake ("0.85").'),
  minAmount: z.string(),
  maxAmount: z.string().nullable().describe('null: uncapped.'),
  enabled: z.boolean(),
});

export const timingConfigSchema = z.object({
  vcId: z.number().int(),
  settleVcId: z
    .number()
    .int()
    .describe('The coin stakes are taken in and payouts paid in (the settlement coin, USDT).'),
  enabled: z.boolean(),
  periods: z.array(timingPeriodSchema),
});
export type TimingConfig = z.infer<typeof timingConfigSchema>;

export const marketList = endpoint({
  path: '/vc/market/list',
  auth: 'none',
  tag: 'market',
  summary:
    "Tickers of every enabled coin, in single-letter keys plus named fields; coin names in the request's language.",
  body: emptyBody,
  data: z.array(tickerSchema),
});

export const marketKline = endpoint({
  path: '/vc/market/kline',
  auth: 'none',
  tag: 'market',
  summary: 'The latest `limit` candles (default 500, at most 1000) of one coin and interval, oldest first.',
  body: z
    .object({
      vcId: vcIdField,
      interval: intervalField,
      limit: z
        .number(msg('validation.limit'))
        .int(msg('validation.limit'))
        .min(1, msg('validation.limit'))
        .max(MAX_KLINE_LIMIT, msg('validation.limit'))
        .default(500),
    })
    .strict(),
  data: z.object({ vcId: z.number().int(), interval: intervalField, candles: z.array(candleSchema) }),
});

export const marketDetail = endpoint({
  path: '/vc/market/detail',
  auth: 'none',
  tag: 'market',
  summary: "One coin with its ticker, named in the request's language.",
  body: z.object({ vcId: vcIdField }).strict(),
  data: z.object({ coin: coinSchema, ticker: tickerSchema }),
});

export const marketDetailKline = endpoint({
  path: '/vc/market/detail-kline',
  auth: 'none',
  tag: 'market',
  summary:
    'Candles of one coin and interval between `startTime` and `endTime` (open times, inclusive), oldest first; a range of more than 1000 candles is refused.',
  body: z
    .object({
      vcId: vcIdField,
      interval: intervalField,
      startTime: z
        .number(msg('validation.time'))
        .int(msg('validation.time'))
        .nonnegative(msg('validation.time')),
      endTime: z
        .number(msg('validation.time'))
        .int(msg('validation.time'))
        .nonnegative(msg('validation.time')),
    })
    .strict(),
  data: z.object({ vcId: z.number().int(), interval: intervalField, candles: z.array(candleSchema) }),
});

export const vcList = endpoint({
  path: '/portal/vc/list',
  auth: 'none',
  tag: 'market',
  summary:
    "The currency list: enabled coins without settlement coins and the brand's excluded types, named in the request's language. Cached per locale.",
  body: emptyBody,
  data: z.array(coinSchema),
});

export const timingConfigList = endpoint({
  path: '/portal/vc-timing-trade-config/list',
  auth: 'none',
  tag: 'market',
  summary: 'Timed-trade configuration per coin: periods with payout rates and amount limits.',
  body: emptyBody,
  data: z.array(timingConfigSchema),
});

export const favourList = endpoint({
  path: '/user/favor-vc/list',
  auth: 'user',
  tag: 'market',
  summary: "The user's favourite coins, in the order they were added.",
  body: emptyBody,
  data: z.array(z.object({ vcId: z.number().int() })),
});

export const favourAdd = endpoint({
  path: '/user/favor-vc/add',
  auth: 'user',
  tag: 'market',
  summary: 'Adds a favourite coin and returns the new list.',
  body: z.object({ vcId: vcIdField }).strict(),
  data: z.array(z.object({ vcId: z.number().int() })),
});

export const favourDelete = endpoint({
  path: '/user/favor-vc/delete',
  auth: 'user',
  tag: 'market',
  summary: 'Removes a favourite coin and returns the new list.',
  body: z.object({ vcId: vcIdField }).strict(),
  data: z.array(z.object({ vcId: z.number().int() })),
});

export const chartSettingsSchema = z.object({
  interval: intervalField,
  main: z
    .array(z.enum(CHART_MAIN_INDICATORS, msg('validation.indicator')))
    .max(3, msg('validation.indicator')),
  sub: z.array(z.enum(CHART_SUB_INDICATORS, msg('validation.indicator'))).max(4, msg('validation.indicator')),
});
export type ChartSettings = z.infer<typeof chartSettingsSchema>;

export const chartSettingsGet = endpoint({
  path: '/user/chart-settings/get',
  auth: 'user',
  tag: 'market',
  summary: "The user's kline interval and indicators, the same on every device (defaults until saved).",
  body: emptyBody,
  data: chartSettingsSchema,
});

export const chartSettingsSave = endpoint({
  path: '/user/chart-settings/save',
  auth: 'user',
  tag: 'market',
  summary: 'Saves the kline interval and indicators.',
  body: chartSettingsSchema.strict(),
  data: chartSettingsSchema,
});

/** The longest window of per-second ticks one `/vc/market/ticks` answer covers (15 minutes). */
export const MAX_TICK_WINDOW_MS = 15 * 60_000;

const timeField = z
  .number(msg('validation.time'))
  .int(msg('validation.time'))
  .nonnegative(msg('validation.time'));

export const priceTickSchema = z.object({
  id: z
    .number()
    .int()
    .describe("The recorded tick's id: the openTickId and settleTickId a timed-order receipt names."),
  time: z.number().int().describe('The second the tick belongs to (epoch ms).'),
  price: z.string(),
  volume: z.string().describe('Volume of the second in base units.'),
});
export type PriceTick = z.infer<typeof priceTickSchema>;

export const marketTicks = endpoint({
  path: '/vc/market/ticks',
  auth: 'none',
  tag: 'market',
  summary:
    'The recorded per-second ticks of one coin with times from `startTime` to `endTime` (inclusive), oldest first; a window of at most 15 minutes, within the tick retention period (older ranges answer an empty list). A window that ended in the past is cacheable for good.',
  body: z.object({ vcId: vcIdField, startTime: timeField, endTime: timeField }).strict(),
  data: z.object({ vcId: z.number().int(), ticks: z.array(priceTickSchema) }),
});

export const feedCommitmentSchema = z.object({
  day: z.string().describe('The UTC day, "YYYY-MM-DD".'),
  commitment: z
    .string()
    .describe("Hex SHA-256 of the day's 32-byte secret, published before the day starts."),
  secret: z.string().nullable().describe('The hex secret, once the day has ended; null before.'),
  effectiveFrom: z.number().int().describe('The first second (epoch ms) the secret governs.'),
});

export const feedCoinParametersSchema = z.object({
  vcId: z.number().int(),
  symbol: z.string(),
  priceScale: z.number().int(),
  volumeScale: z.number().int(),
  volatility: z.number().describe('Annualised volatility.'),
  drift: z.number().describe('Annualised drift.'),
  volumePerSecond: z.number().describe('Typical volume per second in base units at the reference price.'),
  referencePrice: z.string().describe('The reference price in minor units at `priceScale` (an integer).'),
});

export const feedCommitments = endpoint({
  path: '/vc/market/feed-commitments',
  auth: 'none',
  tag: 'market',
  summary:
    "The simulator's daily secrets: the commitment of each of the last 30 days and the next one, each day's secret once it has ended, the published algorithm and every coin's simulator parameters, so anyone can recompute a past day's ticks (docs/verifying-prices.md). Empty when prices come from an exchange.",
  body: emptyBody,
  data: z.object({
    algorithm: z.object({ name: z.string(), version: z.number().int() }),
    days: z.array(feedCommitmentSchema),
    coins: z.array(feedCoinParametersSchema),
  }),
});
