import { sql, type Kysely } from 'kysely';
import type { RecordedTick, TieRule } from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { RowsStatement, rowsStatementPerDialect } from '../ledger/sql-batch.ts';
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

/** The settlement coin (USDT): stakes and payouts are in it. */
export function settlementCoin(db: Kysely<Database>) {
  return db
    .selectFrom('vc')
    .select(['id', 'symbol', 'amount_scale'])
    .where('settle_vc', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** The platform's rule for an unchanged price (GLOBAL timingTieRule), 'refund' unless set otherwise. */
export async function tieRule(db: Kysely<Database>): Promise<TieRule> {
  return (await getConfigValue(db, 'GLOBAL', 'timingTieRule')) === 'loss' ? 'loss' : 'refund';
}

/**
 * The coin's latest recorded tick: a placement is refused when it is stale (the feed has stopped);
 * the order itself opens at the next one (decision 035).
 */
export function latestTick(db: Kysely<Database>, vcId: number) {
  return db
    .selectFrom('price_tick')
    .select(['id', 'time_ms', 'price_minor'])
    .where('vc_id', '=', vcId)
    .orderBy('time_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The coin's recorded ticks from `fromMs` up to and including the first one at or after `toMs` (all
 * of them when that one is not recorded yet), in time order: every tick an order expiring, or
 * accepted, between the two instants may settle or open at (`settlementTick`, `openingTick`). One
 * read serves a whole batch of orders, and the orders whose tick is recorded go ahead.
 */
export async function ticksCovering(
  db: Kysely<Database>,
  vcId: number,
  fromMs: number,
  toMs: number,
): Promise<RecordedTick[]> {
  const rows = await db
    .selectFrom('price_tick')
    .select(['id', 'time_ms', 'price_minor'])
    .where('vc_id', '=', vcId)
    .where('time_ms', '>=', fromMs)
    .where((eb) =>
      eb(
        'time_ms',
        '<=',
        eb.fn.coalesce(
          eb
            .selectFrom('price_tick')
            .select((inner) => inner.fn.min('time_ms').as('last'))
            .where('vc_id', '=', vcId)
            .where('time_ms', '>=', toMs),
          sql<number>`${Number.MAX_SAFE_INTEGER}`,
        ),
      ),
    )
    .orderBy('time_ms')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    timeMs: Number(row.time_ms),
    priceMinor: BigInt(row.price_minor),
  }));
}

/** What an order's answer says it is: waiting for its open tick, open, or settled. */
export type TimingRowStatus = 'opening' | 'open' | 'settled';

/**
 * Orders with their open tick (none while opening), their results (none while open) and the names
 * and scales their answers need. An order is settled exactly when it has a result and open exactly
 * when it has an open tick (the invariant checker holds both), so `status` is read from those rows.
 */
export function timingOrders(db: Kysely<Database>) {
  return db
    .selectFrom('timing_order as o')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('vc as s', 's.id', 'o.settle_vc_id')
    .leftJoin('timing_order_opened as op', 'op.order_id', 'o.id')
    .leftJoin('timing_order_result as r', 'r.order_id', 'o.id')
    .selectAll('o')
    .select([
      sql<TimingRowStatus>`CASE WHEN r.order_id IS NOT NULL THEN 'settled'
        WHEN op.order_id IS NOT NULL THEN 'open' ELSE 'opening' END`.as('status'),
      'op.open_tick_id',
      'op.open_tick_time_ms',
      'op.open_price_minor',
      'op.expires_at',
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

/** Open orders by id, with what the settler keeps of them; the open columns are null while opening. */
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
      'op.open_price_minor',
      'op.expires_at',
    ])
    .where('o.id', 'in', ids)
    .execute();
}

export type OpenOrderRow = Awaited<ReturnType<typeof openOrdersByIds>>[number];

/** One order's open tick, as the opening batch writes it. */
export interface OpeningRow {
  orderId: number;
  tick: RecordedTick;
  expiresAt: number;
}

/**
 * Writes the open ticks of a batch of opening orders, a few thousand per statement. An order opened
 * already (by another node's batch) keeps its row: the first opening is the only one, and both
 * batches chose the same tick, the first recorded after the order's acceptance.
 */
export async function recordOpenings(
  db: Kysely<Database>,
  dialect: Dialect,
  rows: readonly OpeningRow[],
  openedAt: number,
): Promise<void> {
  await openingStatement(dialect).run(db, rows, (row, values) =>
    values.push(row.orderId, row.tick.id, row.tick.timeMs, row.tick.priceMinor, row.expiresAt, openedAt),
  );
}

const openingStatement = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ['bigint', 'bigint', 'bigint', 'bigint', 'bigint', 'bigint'],
      (rows) =>
        `INSERT INTO timing_order_opened (order_id, open_tick_id, open_tick_time_ms, open_price_minor,
           expires_at, opened_at) VALUES ${rows} ON CONFLICT (order_id) DO NOTHING`,
    ),
);
