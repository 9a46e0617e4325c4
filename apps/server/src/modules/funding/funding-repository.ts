import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export function channels(db: Kysely<Database>, direction: 'recharge' | 'withdraw') {
  return db
    .selectFrom('funding_channel as c')
    .innerJoin('vc', 'vc.id', 'c.vc_id')
    .selectAll('c')
    .select(['vc.symbol', 'vc.amount_scale'])
    .where('c.direction', '=', direction)
    .where('c.enabled', '=', 1)
    .where('vc.enabled', '=', 1)
    .where('vc.wallet', '=', 1)
    .orderBy('c.sort')
    .execute();
}

export type ChannelRow = Awaited<ReturnType<typeof channels>>[number];

export async function channel(db: Kysely<Database>, direction: 'recharge' | 'withdraw', id: number) {
  return (await channels(db, direction)).find((c) => c.id === id);
}

export function rechargeOrders(db: Kysely<Database>) {
  return db
    .selectFrom('recharge_order as o')
    .innerJoin('funding_channel as c', 'c.id', 'o.channel_id')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['c.method', 'c.pay_currency', 'c.pay_scale', 'vc.symbol', 'vc.amount_scale', 'u.username']);
}

export type RechargeOrderRow = Awaited<ReturnType<ReturnType<typeof rechargeOrders>['execute']>>[number];

export function withdrawOrders(db: Kysely<Database>) {
  return db
    .selectFrom('withdraw_order as o')
    .innerJoin('funding_channel as c', 'c.id', 'o.channel_id')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['c.method', 'c.pay_currency', 'c.pay_scale', 'vc.symbol', 'vc.amount_scale', 'u.username']);
}

export type WithdrawOrderRow = Awaited<ReturnType<ReturnType<typeof withdrawOrders>['execute']>>[number];

/**
 * Serialises one user's requests inside their transactions. PostgreSQL takes the user's row lock;
 * SQLite needs nothing, as a writing transaction there already excludes every other writer.
 */
export async function lockUser(trx: Kysely<Database>, userId: number, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
}

/** Withdrawals the user requested since `since` (the start of the UTC day), for the daily limit. */
export async function withdrawalsSince(db: Kysely<Database>, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('withdraw_order')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
