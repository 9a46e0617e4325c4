import { sql, type Insertable, type Kysely } from 'kysely';
import type { BillType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';

export interface WalletCurrencyRow {
  id: number;
  symbol: string;
  name: string;
  icon: string;
  amount_scale: number;
  settle_vc: number;
}

/** Coins users hold in wallets, in display order. */
export function walletCurrencies(db: Kysely<Database>): Promise<WalletCurrencyRow[]> {
  return db
    .selectFrom('vc')
    .select(['id', 'symbol', 'name', 'icon', 'amount_scale', 'settle_vc'])
    .where('wallet', '=', 1)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .execute();
}

export function walletCurrency(db: Kysely<Database>, vcId: number): Promise<WalletCurrencyRow | undefined> {
  return db
    .selectFrom('vc')
    .select(['id', 'symbol', 'name', 'icon', 'amount_scale', 'settle_vc'])
    .where('id', '=', vcId)
    .where('wallet', '=', 1)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

/** The user's balance of every account they have, by currency and kind. */
export async function userBalances(
  db: Kysely<Database>,
  userId: number,
): Promise<Map<number, Map<string, bigint>>> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['vc_id', 'kind', 'balance_minor'])
    .where('user_id', '=', userId)
    .execute();
  const byVc = new Map<number, Map<string, bigint>>();
  for (const row of rows) {
    const kinds = byVc.get(row.vc_id) ?? new Map<string, bigint>();
    kinds.set(row.kind, row.balance_minor);
    byVc.set(row.vc_id, kinds);
  }
  return byVc;
}

export interface BillFilter {
  userId: number;
  types?: readonly BillType[] | undefined;
  vcId?: number | undefined;
  fromTime?: number | undefined;
  toTime?: number | undefined;
  cursor?: number | undefined;
  limit: number;
}

/** The user's postings, newest first, one page past `cursor` (keyset pagination by posting id). */
export function billPage(db: Kysely<Database>, filter: BillFilter) {
  let query = db
    .selectFrom('journal_posting as p')
    .innerJoin('journal_entry as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .innerJoin('vc', 'vc.id', 'p.vc_id')
    .select([
      'p.id',
      'p.entry_id',
      'p.entry_type',
      'a.kind',
      'p.vc_id',
      'vc.symbol',
      'vc.amount_scale',
      'p.amount_minor',
      'p.balance_after_minor',
      // A posting that names its own business row (a payout inside a settlement batch) shows that
      // row; every other posting shows its entry's.
      (eb) => eb.fn.coalesce('p.ref_type', 'e.ref_type').as('ref_type'),
      (eb) => eb.fn.coalesce('p.ref_id', 'e.ref_id').as('ref_id'),
      'e.memo',
      'p.created_at',
    ])
    .where('p.user_id', '=', filter.userId);
  if (filter.types && filter.types.length > 0) query = query.where('p.entry_type', 'in', filter.types);
  if (filter.vcId !== undefined) query = query.where('p.vc_id', '=', filter.vcId);
  if (filter.fromTime !== undefined) query = query.where('p.created_at', '>=', filter.fromTime);
  if (filter.toTime !== undefined) query = query.where('p.created_at', '<', filter.toTime);
  if (filter.cursor !== undefined) query = query.where('p.id', '<', filter.cursor);
  return query
    .orderBy('p.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

/** Sum of the user's withdrawals still waiting for review, per currency. */
export async function pendingWithdrawals(db: Kysely<Database>, userId: number): Promise<Map<number, bigint>> {
  const rows = await sql<{ vc_id: number; total: bigint | string | null }>`
    SELECT p.vc_id, SUM(-p.amount_minor) AS total
    FROM journal_posting p
    WHERE p.user_id = ${userId} AND p.entry_type = 'withdrawal_hold'
      AND NOT EXISTS (
        SELECT 1 FROM journal_entry e2, journal_entry e1
        WHERE e1.id = p.entry_id AND e2.ref_type = e1.ref_type AND e2.ref_id = e1.ref_id
          AND e2.type IN ('withdrawal_payout', 'withdrawal_return'))
    GROUP BY p.vc_id`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.vc_id), BigInt(r.total ?? 0)]));
}

/**
 * Stakes of the user's open timed orders, per currency: money that left their spot account for the
 * timing escrow and is theirs again only if the order pays (decision 026). Open orders are all at
 * or after the oldest open order, the first id of the open orders, so this reads only the user's
 * recent orders however long their history.
 */
export async function openTimingStakes(db: Kysely<Database>, userId: number): Promise<Map<number, bigint>> {
  const rows = await sql<{ vc_id: number; total: bigint | string | null }>`
    SELECT o.settle_vc_id AS vc_id, SUM(o.stake_minor) AS total
    FROM timing_order o
    JOIN timing_order_open f ON f.id = o.id
    WHERE o.user_id = ${userId}
      AND o.id >= (SELECT MIN(id) FROM timing_order_open)
    GROUP BY o.settle_vc_id`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.vc_id), BigInt(r.total ?? 0)]));
}

/** Adds a transfer between a user's own accounts and answers its id (its entry names it). */
export async function insertTransfer(
  trx: Kysely<Database>,
  row: Insertable<Database['wallet_transfer']>,
): Promise<number> {
  const inserted = await trx
    .insertInto('wallet_transfer')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The id of the user's balance adjustment made for `reason`, if there is one. */
export async function findAdjustmentByReason(
  db: Kysely<Database>,
  userId: number,
  reason: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('balance_adjustment')
    .select('id')
    .where('user_id', '=', userId)
    .where('reason', '=', reason)
    .executeTakeFirst();
  return row?.id;
}

/** Adds an operator's balance adjustment and answers its id (its entry names it). */
export async function insertAdjustment(
  trx: Kysely<Database>,
  row: Insertable<Database['balance_adjustment']>,
): Promise<number> {
  const inserted = await trx
    .insertInto('balance_adjustment')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
