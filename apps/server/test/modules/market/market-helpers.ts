import type { Kysely } from 'kysely';
import type { CandleMinor, Interval } from '@vela/domain';
import type { Database } from '../../../src/db/schema.ts';
import { setCoinEnabled } from '../../../src/modules/market/coin-repository.ts';
import {
  FeedEngine,
  PUBLIC_HISTORY_SEED,
  type FeedEngineOptions,
} from '../../../src/modules/feed/feed-engine.ts';
import { FeedSecrets } from '../../../src/modules/feed/feed-secrets.ts';
import { candlesBetween, ticksBetween } from '../../../src/modules/feed/feed-repository.ts';
import type { MarketRuntime } from '../../../src/modules/market/market-runtime.ts';

/** 2024-11-22 10:00:30 UTC: half a minute into a minute, so partial minutes are exercised. */
export const T0 = Date.UTC(2024, 10, 22, 10, 0, 30);
export const SECOND = 1000;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** A clock the test moves by hand; engines and runtimes read it instead of Date.now. */
export class ManualClock {
  constructor(public time = T0) {}
  readonly now = (): number => this.time;
  advance(ms: number): number {
    this.time += ms;
    return this.time;
  }
}

/**
 * A manually driven engine on the clock. Its recorded seconds are keyed by daily secrets from the
 * CSPRNG, stored in the target's database, as with the default configuration (no FEED_SEED).
 */
export function createEngine(
  target: { db: Kysely<Database>; market: MarketRuntime },
  clock: ManualClock,
  options: Partial<FeedEngineOptions> = {},
): FeedEngine {
  return new FeedEngine({
    db: target.db,
    market: target.market,
    source: null,
    draws: new FeedSecrets({ db: target.db, now: clock.now }),
    seed: PUBLIC_HISTORY_SEED,
    backfill: 'none',
    tickRetentionDays: 7,
    now: clock.now,
    ...options,
  });
}

/** Moves the clock one second at a time and records each second. */
export async function runSeconds(engine: FeedEngine, clock: ManualClock, seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i += 1) await engine.tickOnce(clock.advance(SECOND));
}

export async function marketCoinIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('vc')
    .select('id')
    .where('enabled', '=', 1)
    .where('settle_vc', '=', 0)
    .orderBy('sort')
    .execute();
  return rows.map((row) => row.id);
}

/** Every recorded tick and candle of a coin: the repository's range queries over all time. */
export function tickRows(db: Kysely<Database>, vcId: number) {
  return ticksBetween(db, vcId, 0, Number.MAX_SAFE_INTEGER);
}

export function candleRows(db: Kysely<Database>, vcId: number, interval: Interval): Promise<CandleMinor[]> {
  return candlesBetween(db, vcId, interval, 0, Number.MAX_SAFE_INTEGER);
}

/** Disables every market coin except the first `keep` (fewer rows for the long-gap tests). */
export async function keepOnlyCoins(db: Kysely<Database>, keep: number): Promise<number[]> {
  const ids = await marketCoinIds(db);
  for (const id of ids.slice(keep)) await setCoinEnabled(db, id, false);
  return ids.slice(0, keep);
}
