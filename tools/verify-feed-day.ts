import { createHash, createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  drawsFromDigest,
  feedDayStart,
  formatMinor,
  parseDecimal,
  simulateTick,
  tickDrawMessage,
  type SimCoin,
} from '@vela/domain';

/**
 * Recomputes one past UTC day of the simulator's recorded ticks from public answers only, as
 * docs/verifying-prices.md describes:
 *
 *   npx tsx tools/verify-feed-day.ts --server http://localhost:8080 --day 2026-11-26 [--coin BTC]
 *
 * 1. `/vc/market/feed-commitments`: the day's revealed secret, its commitment and the coins'
 *    simulator parameters; the secret must hash (SHA-256) to the commitment.
 * 2. `/vc/market/ticks`, window by window: every recorded tick of the day (and the last one before).
 * 3. Each tick again from the one before it: HMAC-SHA256(secret, "vcId:second") gives the draws,
 *    the walk gives price and volume, which must equal the recorded ones.
 *
 * It prints `N ticks checked, N matched` per coin and exits with 1 on any mismatch or gap.
 */

/** Posts a JSON body to an API path ("/vc/market/ticks") and answers the parsed envelope. */
export type PostJson = (path: string, body: unknown) => Promise<unknown>;

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  data?: T;
}

interface PublishedCoin {
  vcId: number;
  symbol: string;
  priceScale: number;
  volumeScale: number;
  volatility: number;
  drift: number;
  volumePerSecond: number;
  referencePrice: string;
}

interface Commitments {
  algorithm: { name: string; version: number };
  days: { day: string; commitment: string; secret: string | null; effectiveFrom: number }[];
  coins: PublishedCoin[];
}

interface WireTick {
  id: number;
  time: number;
  price: string;
  volume: string;
}

export interface TickMismatch {
  id: number;
  time: number;
  recorded: { price: string; volume: string };
  recomputed: { price: string; volume: string };
}

export interface CoinVerification {
  symbol: string;
  vcId: number;
  checked: number;
  matched: number;
  /** Seconds missing inside the day's record (between its first and last recorded tick). */
  gaps: number;
  mismatches: TickMismatch[];
}

export interface DayVerification {
  day: string;
  algorithm: string;
  coins: CoinVerification[];
  ok: boolean;
}

export const EXPECTED_ALGORITHM = { name: 'vela-hmac-sha256-box-muller', version: 1 };
const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The public endpoint answers at most 15 minutes per request. */
const WINDOW_MS = 15 * MINUTE_MS;

async function call<T>(post: PostJson, path: string, body: unknown): Promise<T> {
  const answer = (await post(path, body)) as Envelope<T>;
  if (!answer.success || answer.data === undefined) {
    throw new Error(`${path} failed: ${answer.code ?? '?'} ${answer.message ?? ''}`.trim());
  }
  return answer.data;
}

function minor(text: string, scale: number): bigint {
  const parsed = parseDecimal(text, scale);
  if (!parsed.ok) throw new Error(`"${text}" is not a decimal at scale ${scale}`);
  return parsed.minor;
}

function toSimCoin(coin: PublishedCoin): SimCoin {
  return {
    id: coin.vcId,
    priceScale: coin.priceScale,
    volumeScale: coin.volumeScale,
    volatility: coin.volatility,
    drift: coin.drift,
    volumePerSecond: coin.volumePerSecond,
    referencePrice: BigInt(coin.referencePrice),
  };
}

/** Every recorded tick of a coin from `fromMs` to `toMs` (inclusive), fetched window by window. */
async function fetchTicks(post: PostJson, vcId: number, fromMs: number, toMs: number): Promise<WireTick[]> {
  const ticks: WireTick[] = [];
  for (let start = fromMs; start <= toMs; start += WINDOW_MS) {
    const end = Math.min(toMs, start + WINDOW_MS - SECOND_MS);
    const page = await call<{ ticks: WireTick[] }>(post, '/vc/market/ticks', {
      vcId,
      startTime: start,
      endTime: end,
    });
    ticks.push(...page.ticks);
  }
  return ticks;
}

/**
 * The price a tick without a recorded tick in the second before it followed: the close of the
 * simulated minute before it (history, or a long downtime filled by minutes), which ends exactly
 * where the tick's minute starts; otherwise the coin's reference price (a first start without
 * history).
 */
async function bridgePrice(post: PostJson, coin: PublishedCoin, timeMs: number): Promise<bigint> {
  if (timeMs % MINUTE_MS === 0) {
    const answer = await call<{ candles: { t: number; c: string }[] }>(post, '/vc/market/detail-kline', {
      vcId: coin.vcId,
      interval: '1m',
      startTime: timeMs - MINUTE_MS,
      endTime: timeMs - MINUTE_MS,
    });
    const candle = answer.candles.find((c) => c.t === timeMs - MINUTE_MS);
    if (candle) return minor(candle.c, coin.priceScale);
  }
  return BigInt(coin.referencePrice);
}

/** Recomputes one coin's ticks of the day under the day's secret. */
async function verifyCoin(
  post: PostJson,
  coin: PublishedCoin,
  secret: Buffer,
  dayStart: number,
): Promise<CoinVerification> {
  const sim = toSimCoin(coin);
  // The last second of the day before is fetched too: the day's first tick follows it.
  const ticks = await fetchTicks(post, coin.vcId, dayStart - SECOND_MS, dayStart + DAY_MS - SECOND_MS);
  const result: CoinVerification = {
    symbol: coin.symbol,
    vcId: coin.vcId,
    checked: 0,
    matched: 0,
    gaps: 0,
    mismatches: [],
  };
  let previous: WireTick | undefined;
  let seenInDay = false;
  for (const tick of ticks) {
    if (tick.time < dayStart) {
      previous = tick;
      continue;
    }
    const follows = previous !== undefined && previous.time === tick.time - SECOND_MS;
    if (!follows && seenInDay) result.gaps += (tick.time - (previous?.time ?? tick.time)) / SECOND_MS - 1;
    const previousPrice =
      follows && previous ? minor(previous.price, coin.priceScale) : await bridgePrice(post, coin, tick.time);
    const digest = createHmac('sha256', secret).update(tickDrawMessage(coin.vcId, tick.time)).digest();
    const recomputed = simulateTick(drawsFromDigest(digest), sim, previousPrice, tick.time);
    result.checked += 1;
    const price = minor(tick.price, coin.priceScale);
    const volume = minor(tick.volume, coin.volumeScale);
    if (recomputed.price === price && recomputed.volume === volume && recomputed.timeMs === tick.time) {
      result.matched += 1;
    } else {
      result.mismatches.push({
        id: tick.id,
        time: tick.time,
        recorded: { price: tick.price, volume: tick.volume },
        recomputed: {
          price: formatMinor(recomputed.price, coin.priceScale),
          volume: formatMinor(recomputed.volume, coin.volumeScale),
        },
      });
    }
    previous = tick;
    seenInDay = true;
  }
  return result;
}

/**
 * The verification of one past day through public endpoints only. `coin` limits it to one symbol.
 * Throws when the day cannot be verified at all (no revealed secret, a secret that does not match its
 * commitment, an unknown algorithm or coin).
 */
export async function verifyFeedDay(
  post: PostJson,
  options: { day: string; coin?: string | undefined },
): Promise<DayVerification> {
  const dayStart = feedDayStart(options.day);
  const published = await call<Commitments>(post, '/vc/market/feed-commitments', {});
  const { name, version } = published.algorithm;
  if (name !== EXPECTED_ALGORITHM.name || version !== EXPECTED_ALGORITHM.version) {
    throw new Error(
      `The server uses the algorithm ${name} v${version}; this tool knows ${EXPECTED_ALGORITHM.name} v1`,
    );
  }
  const entry = published.days.find((d) => d.day === options.day);
  if (!entry) throw new Error(`The server lists no commitment for ${options.day}`);
  if (entry.secret === null)
    throw new Error(`The secret of ${options.day} is not revealed yet: the day has not ended`);
  const secret = Buffer.from(entry.secret, 'hex');
  if (createHash('sha256').update(secret).digest('hex') !== entry.commitment) {
    throw new Error(`The revealed secret of ${options.day} does not hash to its commitment`);
  }
  const wanted = options.coin?.toUpperCase();
  const coins = published.coins.filter((c) => wanted === undefined || c.symbol.toUpperCase() === wanted);
  if (coins.length === 0) throw new Error(`No published coin ${options.coin ?? ''}`.trim());
  const results: CoinVerification[] = [];
  for (const coin of coins) results.push(await verifyCoin(post, coin, secret, dayStart));
  const ok = results.every((r) => r.gaps === 0 && r.mismatches.length === 0 && r.matched === r.checked);
  return { day: options.day, algorithm: `${name} v${version}`, coins: results, ok };
}

/** A PostJson over HTTP that waits and tries again when the server's rate limit answers 429. */
export function httpPost(server: string): PostJson {
  const base = server.replace(/\/+$/, '');
  return async (path, body) => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 429 || attempt >= 20) return response.json();
      const wait = Number(response.headers.get('retry-after')) || 10;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: 'http://localhost:8080' },
      day: { type: 'string' },
      coin: { type: 'string' },
    },
  });
  if (!values.day) {
    console.error('usage: npx tsx tools/verify-feed-day.ts --server URL --day YYYY-MM-DD [--coin BTC]');
    return 2;
  }
  const result = await verifyFeedDay(httpPost(values.server), { day: values.day, coin: values.coin });
  console.log(`${result.day} (${result.algorithm})`);
  for (const coin of result.coins) {
    const gaps = coin.gaps > 0 ? `, ${coin.gaps} seconds missing` : '';
    console.log(`${coin.symbol}: ${coin.checked} ticks checked, ${coin.matched} matched${gaps}`);
    for (const m of coin.mismatches.slice(0, 5)) {
      console.log(
        `  tick ${m.id} at ${new Date(m.time).toISOString()}: recorded ${JSON.stringify(m.recorded)}, recomputed ${JSON.stringify(m.recomputed)}`,
      );
    }
  }
  console.log(result.ok ? 'OK: every recorded tick matches' : 'FAILED: mismatches or gaps found');
  return result.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
