import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chunked } from '../storage/sql-batch.ts';

export type NewRebate = Insertable<Database['rebate']>;

/** Columns of a rebate row, for the chunking of multi-row inserts. */
const REBATE_COLUMNS = 13;

export async function insertRebates(trx: Kysely<Database>, rows: readonly NewRebate[]): Promise<void> {
  for (const chunk of chunked(rows, REBATE_COLUMNS)) await trx.insertInto('rebate').values(chunk).execute();
}

/** What one receiver is paid in one currency. */
export interface RebateSum {
  vc_id: number;
  user_id: number;
  amount_minor: bigint;
}

/**
 * The sums per currency and receiver of the planned rebates of the orders a settlement batch has
 * just settled (decision 049), read from the rebates' covering index over the batch's range of
 * order ids. When the batch's ids fill their range (orders placed together and expiring together),
 * every rebate in it is the batch's; otherwise each is kept when its order's result names the
 * batch. A batch of orders without agents finds an empty range and costs nothing more.
 */
export async function batchRebateSums(
  trx: Kysely<Database>,
  batch: { id: number; low: number; high: number; whole: boolean },
): Promise<RebateSum[]> {
  const ofBatch = batch.whole
    ? sql``
    : sql`JOIN timing_order_result s ON s.order_id = r.ref_id AND s.settle_batch_id = ${batch.id}`;
  const { rows } = await sql<RebateSum>`
    SELECT r.vc_id, r.user_id, SUM(r.amount_minor) AS amount_minor FROM rebate r ${ofBatch}
    WHERE r.ref_type = 'timing' AND r.ref_id >= ${batch.low} AND r.ref_id <= ${batch.high}
    GROUP BY r.vc_id, r.user_id`.execute(trx);
  return rows.map((row) => ({ ...row, amount_minor: BigInt(row.amount_minor) }));
}

/** A rebate as the receiver's list shows it. */
export interface RebateListRow {
  id: number;
  source_type: string;
  ref_type: string;
  ref_id: number;
  member_id: number;
  member_username: string;
  symbol: string;
  amount_scale: number;
  base_minor: bigint;
  rate: string;
  below_rate: string;
  amount_minor: bigint;
  created_at: number;
  paid_at: number | null;
}

/** The rebates of one receiver, newest first. */
export function rebatesOf(
  db: Kysely<Database>,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<RebateListRow[]> {
  let query = db
    .selectFrom('rebate as r')
    .innerJoin('users as m', 'm.id', 'r.member_id')
    .innerJoin('vc', 'vc.id', 'r.vc_id')
    // A timed trade's rebates are paid when the order settles, in its batch's rebate entry.
    .leftJoin('timing_order_result as s', (join) =>
      join.onRef('s.order_id', '=', 'r.ref_id').on('r.ref_type', '=', 'timing'),
    )
    .select([
      'r.id',
      'r.source_type',
      'r.ref_type',
      'r.ref_id',
      'r.member_id',
      'm.username as member_username',
      'vc.symbol',
      'vc.amount_scale',
      'r.base_minor',
      'r.rate',
      'r.below_rate',
      'r.amount_minor',
      'r.created_at',
      (eb) => eb.fn.coalesce('r.paid_at', 's.settled_at').as('paid_at'),
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('r.id', '<', before);
  return query.execute();
}
