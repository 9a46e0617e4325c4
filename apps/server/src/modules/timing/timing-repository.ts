import { sql, type Insertable, type Kysely } from 'kysely';
import type { TieRule } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { getConfigValue } from '../system/system-repository.ts';

/** A coin's timed-trade configuration with its periods, or undefined when the coin has none. */
export async function timingPair(db: Kysely<Database>, vcId: number) {
  const pair = await db
    .selectFrom('vc_timing_config as t')
    .innerJoin('vc', 'vc.id', 't.vc_id')
    .select(['vc.id', 'vc.symbol', 'vc.enabled as coin_enabled', 'vc.price_scale', 't.enabled'])
    .where('t.vc_id', '=', vcId)
    .executeTakeFirst();
  if (!pair) return undefined;
  const periods = await db
    .selectFrom('vc_timing_period')
    .selectAll()
    .where('vc_id', '=', vcId)
    .orderBy('sort')
    .execute();
  return { ...pair, periods };
}

/** The platform's rule for an unchanged price (GLOBAL timingTieRule), 'refund' unless set otherwise. */
export async function tieRule(db: Kysely<Database>): Promise<TieRule> {
  return (await getConfigValue(db, 'GLOBAL', 'timingTieRule')) === 'loss' ? 'loss' : 'refund';
}

/**
 * One column of an order's open tick: the first tick of its coin recorded after its acceptance
 * (decision 035), read from the recorded ticks through their unique (coin, time) index. Nothing
 * writes it down before the settlement, which stores it with the result.
 */
function firstTickAfterAcceptance<T>(column: 'id' | 'time_ms' | 'price_minor') {
  return sql<T | null>`(SELECT t.${sql.raw(column)} FROM price_tick t
    WHERE t.vc_id = o.vc_id AND t.time_ms > o.created_at ORDER BY t.time_ms LIMIT 1)`;
}

/**
 * Orders with their open tick (none while opening, that is until the first tick after the
 * acceptance is recorded), their results (none while open) and the names and scales their answers
 * need. A settled order's open tick is in its result; an order accepted before decision 035 has
 * its own in `timing_order_opened`; any other reads it from the recorded ticks. `COALESCE` stops at
 * the first of them that is there, so a settled order costs no tick read.
 */
function timingOrders(db: Kysely<Database>) {
  return db
    .selectFrom('timing_order as o')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('vc as s', 's.id', 'o.settle_vc_id')
    .leftJoin('timing_order_opened as op', 'op.order_id', 'o.id')
    .leftJoin('timing_order_result as r', 'r.order_id', 'o.id')
    .selectAll('o')
    .select([
      sql<number | null>`COALESCE(r.open_tick_id, op.open_tick_id,
        ${firstTickAfterAcceptance<number>('id')})`.as('open_tick_id'),
      sql<number | null>`COALESCE(r.open_tick_time_ms, op.open_tick_time_ms,
        ${firstTickAfterAcceptance<number>('time_ms')})`.as('open_tick_time_ms'),
      sql<bigint | null>`COALESCE(r.open_price_minor, op.open_price_minor,
        ${firstTickAfterAcceptance<bigint>('price_minor')})`.as('open_price_minor'),
      sql<number | null>`COALESCE(r.expires_at, op.expires_at,
        ${firstTickAfterAcceptance<number>('time_ms')} + o.period_seconds * 1000)`.as('expires_at'),
      'r.settle_tick_id',
      'r.settle_tick_time_ms',
      'r.settle_price_minor',
      'r.outcome',
      'r.payout_minor',
      'r.settled_at',
      'vc.symbol',
      'vc.price_scale',
      's.symbol as settle_symbol',
      's.amount_scale',
    ]);
}

export type TimingOrderRow = Awaited<ReturnType<ReturnType<typeof timingOrders>['execute']>>[number];

/** A page of a user's orders, newest first: the active ones (no result yet) or the settled ones. */
export function userTimingOrders(
  db: Kysely<Database>,
  userId: number,
  page: { active: boolean; beforeId: number | undefined; limit: number },
): Promise<TimingOrderRow[]> {
  let query = timingOrders(db)
    .where('o.user_id', '=', userId)
    .where('r.order_id', page.active ? 'is' : 'is not', null);
  if (page.beforeId !== undefined) query = query.where('o.id', '<', page.beforeId);
  return query.orderBy('o.id', 'desc').limit(page.limit).execute();
}

/** One of the user's orders, or undefined when the user has no order of that id. */
export function userTimingOrder(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<TimingOrderRow | undefined> {
  return timingOrders(db).where('o.id', '=', id).where('o.user_id', '=', userId).executeTakeFirst();
}

/** Every order in id order (checks that read all of them, such as a migration's). */
export function allTimingOrders(db: Kysely<Database>): Promise<TimingOrderRow[]> {
  return timingOrders(db).orderBy('o.id').execute();
}

/** The configured coins of timed trading with their coin's state, and every period. */
export async function timingConfigs(db: Kysely<Database>) {
  const [pairs, periods] = await Promise.all([
    db
      .selectFrom('vc_timing_config as t')
      .innerJoin('vc', 'vc.id', 't.vc_id')
      .select(['vc.id', 'vc.symbol', 'vc.enabled as coin_enabled', 'vc.price_scale', 't.enabled'])
      .execute(),
    db.selectFrom('vc_timing_period').selectAll().orderBy('sort').execute(),
  ]);
  return { pairs, periods };
}

/**
 * The ids of open orders above `afterId`, in id order, a page at a time (start-up and the sweep),
 * read from the open orders alone.
 */
export async function openOrderIdsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('timing_order_open')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Open orders by id, with what the settler keeps of them. The open columns are there only for
 * orders accepted before decision 035; the settler finds the others' open ticks in the recorded ticks.
 */
export function openOrdersByIds(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('timing_order as o')
    .innerJoin('timing_order_open as open', 'open.id', 'o.id')
    .leftJoin('timing_order_opened as op', 'op.order_id', 'o.id')
    .select([
      'o.id',
      'o.user_id',
      'o.vc_id',
      'o.settle_vc_id',
      'o.direction',
      'o.period_seconds',
      'o.stake_minor',
      'o.payout_rate',
      'o.tie_rule',
      'o.created_at',
      'op.open_tick_id',
      'op.open_tick_time_ms',
      'op.open_price_minor',
      'op.expires_at',
    ])
    .where('o.id', 'in', ids)
    .execute();
}

export type OpenOrderRow = Awaited<ReturnType<typeof openOrdersByIds>>[number];

/**
 * When the earliest open order was accepted, if any: its open tick and everything after it may
 * still be read (decision 035), so the feed keeps them whatever the retention.
 */
export async function earliestOpenAcceptance(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('timing_order_open as f')
    .innerJoin('timing_order as o', 'o.id', 'f.id')
    .select((eb) => eb.fn.min('o.created_at').as('at'))
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

/**
 * Adds the timed-trade configurations of the coins that have none, and answers the coins whose
 * configuration this call created: only those get the seed's periods, so an operator who removed a
 * period keeps it removed.
 */
export async function insertMissingTimingConfigs(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['vc_timing_config']>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('vc_timing_config')
    .values(rows)
    .onConflict((oc) => oc.column('vc_id').doNothing())
    .returning('vc_id')
    .execute();
  return inserted.map((row) => row.vc_id);
}

/** Adds timed-trade periods; the caller makes sure the coins have none of these yet. */
export async function insertTimingPeriods(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['vc_timing_period']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('vc_timing_period').values(rows).execute();
}
