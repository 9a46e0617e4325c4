import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { FundingStatus } from '@vela/contract';
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

export function depositOrders(db: Kysely<Database>) {
  return db
    .selectFrom('recharge_order as o')
    .innerJoin('funding_channel as c', 'c.id', 'o.channel_id')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select([
      'c.method',
      'c.pay_currency',
      'c.pay_scale',
      'c.chain_name',
      'vc.symbol',
      'vc.amount_scale',
      'u.username',
    ]);
}

export type DepositOrderRow = Awaited<ReturnType<ReturnType<typeof depositOrders>['execute']>>[number];

export function withdrawOrders(db: Kysely<Database>) {
  return db
    .selectFrom('withdraw_order as o')
    .innerJoin('funding_channel as c', 'c.id', 'o.channel_id')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select([
      'c.method',
      'c.pay_currency',
      'c.pay_scale',
      'c.chain_name',
      'vc.symbol',
      'vc.amount_scale',
      'u.username',
    ]);
}

export type WithdrawOrderRow = Awaited<ReturnType<ReturnType<typeof withdrawOrders>['execute']>>[number];

/** The two order tables: deposits (wire `recharge`) and withdrawals. */
export type OrderTable = 'recharge_order' | 'withdraw_order';

/** A page of orders: by status and user, after the cursor, newest or oldest first. */
export interface OrderPage {
  status?: FundingStatus | undefined;
  userId?: number | undefined;
  cursor?: number | undefined;
  limit: number;
  order: 'newest' | 'oldest';
}

function ordersOf(db: Kysely<Database>, table: OrderTable) {
  return table === 'recharge_order' ? depositOrders(db) : withdrawOrders(db);
}

/** One keyset page of deposits (`limit` rows at most; the caller asks one more to know if more follow). */
export function depositPage(db: Kysely<Database>, page: OrderPage): Promise<DepositOrderRow[]> {
  return pageOf(db, 'recharge_order', page) as Promise<DepositOrderRow[]>;
}

/** One keyset page of withdrawals, like `depositPage`. */
export function withdrawalPage(db: Kysely<Database>, page: OrderPage): Promise<WithdrawOrderRow[]> {
  return pageOf(db, 'withdraw_order', page) as unknown as Promise<WithdrawOrderRow[]>;
}

function pageOf(db: Kysely<Database>, table: OrderTable, page: OrderPage) {
  // Both order queries alias the order as `o` and select the same joined columns.
  let q = ordersOf(db, table) as ReturnType<typeof depositOrders>;
  if (page.status) q = q.where('o.status', '=', page.status);
  if (page.userId) q = q.where('o.user_id', '=', page.userId);
  if (page.cursor) q = q.where('o.id', page.order === 'newest' ? '<' : '>', page.cursor);
  return q
    .orderBy('o.id', page.order === 'newest' ? 'desc' : 'asc')
    .limit(page.limit)
    .execute();
}

export function depositOrder(db: Kysely<Database>, id: number): Promise<DepositOrderRow | undefined> {
  return depositOrders(db).where('o.id', '=', id).executeTakeFirst();
}

export function withdrawalOrder(db: Kysely<Database>, id: number): Promise<WithdrawOrderRow | undefined> {
  return withdrawOrders(db).where('o.id', '=', id).executeTakeFirst();
}

/**
 * The upload id of a deposit's voucher, or undefined when there is no such deposit (or, with
 * `userId`, none of that user's).
 */
export async function depositVoucherId(
  db: Kysely<Database>,
  id: number,
  userId?: number,
): Promise<number | undefined> {
  let query = db.selectFrom('recharge_order').select('voucher_upload_id').where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row?.voucher_upload_id;
}

/** Whether a deposit already names this transaction hash (as stored: `checkTxHash`'s key). */
export async function depositWithTxHash(db: Kysely<Database>, txHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('recharge_order')
    .select('id')
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDeposit(
  trx: Kysely<Database>,
  row: Insertable<Database['recharge_order']>,
): Promise<number> {
  const inserted = await trx
    .insertInto('recharge_order')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertWithdrawal(
  trx: Kysely<Database>,
  row: Insertable<Database['withdraw_order']>,
): Promise<number> {
  const inserted = await trx
    .insertInto('withdraw_order')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Moves an order out of `pending`, once: the UPDATE matches only a pending row, so of two operators
 * reviewing the same order at the same moment (or an operator and the user cancelling it) exactly
 * one changes it. With `userId`, only that user's order matches. Answers `missing` when there is no
 * such order and `reviewed` when it had left `pending` already.
 */
export async function reviewPending(
  trx: Kysely<Database>,
  table: OrderTable,
  orderId: number,
  changes: Updateable<Database['recharge_order']> | Updateable<Database['withdraw_order']>,
  userId?: number,
): Promise<'done' | 'reviewed' | 'missing'> {
  let update = trx
    .updateTable(table)
    .set(changes as never)
    .where('id', '=', orderId)
    .where('status', '=', 'pending');
  if (userId !== undefined) update = update.where('user_id', '=', userId);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'done';
  let lookup = trx.selectFrom(table).select('id').where('id', '=', orderId);
  if (userId !== undefined) lookup = lookup.where('user_id', '=', userId);
  return (await lookup.executeTakeFirst()) ? 'reviewed' : 'missing';
}

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
  // COUNT(*) always answers one row.
  if (!row) throw new Error('COUNT(*) answered no row');
  return Number(row.n);
}

/** Whether any deposit or withdrawal channel exists, enabled or not. */
export async function hasFundingChannels(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('funding_channel').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Adds channels as they are, in the given order. */
export async function insertFundingChannels(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['funding_channel']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('funding_channel').values(rows).execute();
}
