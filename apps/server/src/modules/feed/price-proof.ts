import type { Kysely } from 'kysely';
import type { DataOf, endpoints, PriceTick } from '@vela/contract';
import { feedDayOf, feedDayStart, formatMinor, KEYED_DRAWS_ALGORITHM } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { FeedCoin } from './price-source.ts';
import { feedSecretsBetween } from './feed-secret-repository.ts';
import { ticksBetween } from './feed-repository.ts';

/**
 * What lets anyone check the prices (decision 034, docs/verifying-prices.md): the recorded
 * per-second ticks, and the daily commitments with the secrets of the days that have ended.
 */

const DAY_MS = 86_400_000;
/** Days of commitments listed before today. */
export const COMMITMENT_DAYS_LISTED = 30;
/** A window that ended this long ago has all its seconds recorded: its answer never changes. */
export const SETTLED_WINDOW_MS = 5_000;

/** What a proof needs to know of a coin: its id, its scales and its simulator model. */
export interface ProvenCoin {
  id: number;
  priceScale: number;
  volumeScale: number;
  feed: FeedCoin;
}

export type FeedCommitmentsAnswer = DataOf<typeof endpoints.market.feedCommitments>;

/** The recorded ticks of one coin in [startMs, endMs], as the wire's decimal strings. */
export async function recordedTicks(
  db: Kysely<Database>,
  coin: ProvenCoin,
  startMs: number,
  endMs: number,
): Promise<PriceTick[]> {
  if (endMs < startMs) return [];
  const rows = await ticksBetween(db, coin.id, startMs, endMs);
  return rows.map((row) => ({
    id: row.id,
    time: row.time_ms,
    price: formatMinor(row.price_minor, coin.priceScale),
    volume: formatMinor(row.volume_minor, coin.volumeScale),
  }));
}

/**
 * The commitments of the last 30 days, today and the next day; a day's secret only once the day
 * has ended at `nowMs`. Today's and the next day's secrets are never in the answer.
 */
export async function feedCommitments(
  db: Kysely<Database>,
  coins: readonly ProvenCoin[],
  nowMs: number,
): Promise<FeedCommitmentsAnswer> {
  const from = feedDayOf(nowMs - COMMITMENT_DAYS_LISTED * DAY_MS);
  const to = feedDayOf(nowMs + DAY_MS);
  const rows = await feedSecretsBetween(db, from, to);
  return {
    algorithm: { ...KEYED_DRAWS_ALGORITHM },
    days: rows.map((row) => ({
      day: row.day,
      commitment: row.commitment,
      secret: feedDayStart(row.day) + DAY_MS <= nowMs ? row.secret : null,
      effectiveFrom: row.effective_from_ms,
    })),
    coins: coins.map(({ feed }) => ({
      vcId: feed.id,
      symbol: feed.symbol,
      priceScale: feed.priceScale,
      volumeScale: feed.volumeScale,
      volatility: feed.volatility,
      drift: feed.drift,
      volumePerSecond: feed.volumePerSecond,
      referencePrice: feed.referencePrice.toString(),
    })),
  };
}

/** The answer when prices come from an exchange (or nowhere): nothing was simulated. */
export function noFeedCommitments(): FeedCommitmentsAnswer {
  return { algorithm: { ...KEYED_DRAWS_ALGORITHM }, days: [], coins: [] };
}
