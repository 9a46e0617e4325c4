import type { Kysely } from 'kysely';
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

/** The first recorded tick at or after `expiresAt`: what an order settles at. */
export function firstTickFrom(db: Kysely<Database>, vcId: number, expiresAt: number) {
  return db
    .selectFrom('price_tick')
    .select(['id', 'time_ms', 'price_minor'])
    .where('vc_id', '=', vcId)
    .where('time_ms', '>=', expiresAt)
    .orderBy('time_ms')
    .limit(1)
    .executeTakeFirst();
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
 * Open orders expiring at or before `until`, in expiry order, a page at a time (start-up and the
 * sweep); `after` continues after the last order of the previous page.
 */
export function openOrdersDue(
  db: Kysely<Database>,
  until: number,
  limit: number,
  after?: { expiresAt: number; id: number },
) {
  let query = db
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
    .where('expires_at', '<=', until);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('expires_at', '>', after.expiresAt),
        eb.and([eb('expires_at', '=', after.expiresAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('expires_at').orderBy('id').limit(limit).execute();
}
