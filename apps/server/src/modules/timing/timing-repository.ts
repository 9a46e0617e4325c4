import type { Kysely } from 'kysely';
import type { RecordedTick, TieRule } from '@vela/domain';
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

/** The coin's latest recorded tick: what a new order opens at. */
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
 * The coin's recorded ticks from `fromMs` up to and including the first one at or after `toMs`, in
 * time order: every tick an order expiring between the two instants may settle at (the first one at
 * or after its expiry, `settlementTick`). One read serves a whole batch of orders.
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
        eb
          .selectFrom('price_tick')
          .select((inner) => inner.fn.min('time_ms').as('last'))
          .where('vc_id', '=', vcId)
          .where('time_ms', '>=', toMs),
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

/** Orders with the names and scales their answers need. */
export function timingOrders(db: Kysely<Database>) {
  return db
    .selectFrom('timing_order as o')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('vc as s', 's.id', 'o.settle_vc_id')
    .selectAll('o')
    .select(['vc.symbol', 'vc.price_scale', 's.symbol as settle_symbol', 's.amount_scale']);
}

export type TimingOrderRow = Awaited<ReturnType<ReturnType<typeof timingOrders>['execute']>>[number];

/**
 * The ids of open orders above `afterId`, in id order, a page at a time (start-up and the sweep),
 * read from the partial index that holds only open orders.
 */
export async function openOrderIdsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('timing_order')
    .select('id')
    .where('status', '=', 'open')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Open orders by id, with what the settler keeps of them. */
export function openOrdersByIds(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('timing_order')
    .select([
      'id',
      'user_id',
      'vc_id',
      'settle_vc_id',
      'direction',
      'stake_minor',
      'open_price_minor',
      'payout_rate',
      'tie_rule',
      'expires_at',
    ])
    .where('status', '=', 'open')
    .where('id', 'in', ids)
    .execute();
}
