import type { Kysely } from 'kysely';
import type { CandleMinor, Interval, SimTick } from '@vela/domain';
import type { CandleRow, Database } from '../../db/schema.ts';

/**
 * The recorded feed: per-second ticks, candles of every interval and the resume point per coin.
 * Writes go in multi-row statements of at most `ROWS_PER_STATEMENT` rows: large enough to make a
 * backfill fast, small enough for SQLite's 32,766 bound parameters (9 per candle row).
 */
const ROWS_PER_STATEMENT = 1000;

/** Runs `write` on consecutive slices of at most ROWS_PER_STATEMENT rows, one after another. */
async function inStatements<T>(
  rows: readonly T[],
  write: (slice: readonly T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await write(rows.slice(i, i + ROWS_PER_STATEMENT));
}

export interface FeedStateRow {
  vcId: number;
  lastTimeMs: number;
  lastPrice: bigint;
}

export interface CandleKey {
  vcId: number;
  interval: Interval;
}

export interface CandleWrite extends CandleKey {
  candle: CandleMinor;
}

export async function loadFeedStates(db: Kysely<Database>): Promise<Map<number, FeedStateRow>> {
  const rows = await db.selectFrom('feed_state').selectAll().execute();
  return new Map(
    rows.map((row) => [
      row.vc_id,
      { vcId: row.vc_id, lastTimeMs: row.last_time_ms, lastPrice: row.last_price_minor },
    ]),
  );
}

export async function saveFeedStates(db: Kysely<Database>, states: Iterable<FeedStateRow>): Promise<void> {
  const rows = [...states].map((s) => ({
    vc_id: s.vcId,
    last_time_ms: s.lastTimeMs,
    last_price_minor: s.lastPrice,
  }));
  await inStatements(rows, (slice) =>
    db
      .insertInto('feed_state')
      .values([...slice])
      .onConflict((oc) =>
        oc.column('vc_id').doUpdateSet((eb) => ({
          last_time_ms: eb.ref('excluded.last_time_ms'),
          last_price_minor: eb.ref('excluded.last_price_minor'),
        })),
      )
      .execute(),
  );
}

export async function insertTicks(db: Kysely<Database>, ticks: readonly SimTick[]): Promise<void> {
  await inStatements(ticks, (slice) =>
    db
      .insertInto('price_tick')
      .values(
        slice.map((tick) => ({
          vc_id: tick.vcId,
          time_ms: tick.timeMs,
          price_minor: tick.price,
          volume_minor: tick.volume,
          turnover_minor: tick.turnover,
        })),
      )
      .execute(),
  );
}

/** Inserts or replaces candles (the feed keeps each open candle's full state in memory). */
export async function upsertCandles(db: Kysely<Database>, candles: readonly CandleWrite[]): Promise<void> {
  await inStatements(candles, (slice) =>
    db
      .insertInto('candle')
      .values(
        slice.map(({ vcId, interval, candle }) => ({
          vc_id: vcId,
          interval,
          open_time: candle.t,
          o_minor: candle.o,
          h_minor: candle.h,
          l_minor: candle.l,
          c_minor: candle.c,
          v_minor: candle.v,
          q_minor: candle.q,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['vc_id', 'interval', 'open_time']).doUpdateSet((eb) => ({
          o_minor: eb.ref('excluded.o_minor'),
          h_minor: eb.ref('excluded.h_minor'),
          l_minor: eb.ref('excluded.l_minor'),
          c_minor: eb.ref('excluded.c_minor'),
          v_minor: eb.ref('excluded.v_minor'),
          q_minor: eb.ref('excluded.q_minor'),
        })),
      )
      .execute(),
  );
}

export function toCandleMinor(row: CandleRow): CandleMinor {
  return {
    t: row.open_time,
    o: row.o_minor,
    h: row.h_minor,
    l: row.l_minor,
    c: row.c_minor,
    v: row.v_minor,
    q: row.q_minor,
  };
}

/** The newest candle of a coin and interval, or undefined when it has none. */
export async function latestCandle(
  db: Kysely<Database>,
  vcId: number,
  interval: Interval,
): Promise<CandleMinor | undefined> {
  const row = await db
    .selectFrom('candle')
    .selectAll()
    .where('vc_id', '=', vcId)
    .where('interval', '=', interval)
    .orderBy('open_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toCandleMinor(row) : undefined;
}

/** The newest `limit` candles, oldest first. */
export async function latestCandles(
  db: Kysely<Database>,
  vcId: number,
  interval: Interval,
  limit: number,
): Promise<CandleMinor[]> {
  const rows = await db
    .selectFrom('candle')
    .selectAll()
    .where('vc_id', '=', vcId)
    .where('interval', '=', interval)
    .orderBy('open_time', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toCandleMinor);
}

/** Candles whose open time lies in [startMs, endMs], oldest first. */
export async function candlesBetween(
  db: Kysely<Database>,
  vcId: number,
  interval: Interval,
  startMs: number,
  endMs: number,
): Promise<CandleMinor[]> {
  const rows = await db
    .selectFrom('candle')
    .selectAll()
    .where('vc_id', '=', vcId)
    .where('interval', '=', interval)
    .where('open_time', '>=', startMs)
    .where('open_time', '<=', endMs)
    .orderBy('open_time')
    .execute();
  return rows.map(toCandleMinor);
}

/**
 * The 1-minute candles of the given coins opening at or after `sinceMs`, per coin, oldest first. A
 * coin without such candles has no entry.
 */
export async function minuteCandlesSince(
  db: Kysely<Database>,
  vcIds: readonly number[],
  sinceMs: number,
): Promise<Map<number, CandleMinor[]>> {
  const byCoin = new Map<number, CandleMinor[]>();
  if (vcIds.length === 0) return byCoin;
  const rows = await db
    .selectFrom('candle')
    .selectAll()
    .where('interval', '=', '1m')
    .where('vc_id', 'in', vcIds)
    .where('open_time', '>=', sinceMs)
    .orderBy('vc_id')
    .orderBy('open_time')
    .execute();
  for (const row of rows) {
    let list = byCoin.get(row.vc_id);
    if (!list) byCoin.set(row.vc_id, (list = []));
    list.push(toCandleMinor(row));
  }
  return byCoin;
}

/** Ticks of one coin with time in [fromMs, toMs], oldest first. */
export function ticksBetween(db: Kysely<Database>, vcId: number, fromMs: number, toMs: number) {
  return db
    .selectFrom('price_tick')
    .selectAll()
    .where('vc_id', '=', vcId)
    .where('time_ms', '>=', fromMs)
    .where('time_ms', '<=', toMs)
    .orderBy('time_ms')
    .execute();
}

/** Deletes one coin's ticks older than `beforeMs`; answers how many went. */
export async function pruneTicks(db: Kysely<Database>, vcId: number, beforeMs: number): Promise<number> {
  const result = await db
    .deleteFrom('price_tick')
    .where('vc_id', '=', vcId)
    .where('time_ms', '<', beforeMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
