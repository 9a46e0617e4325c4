import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { allocateIds, RowsStatement, rowsStatementPerDialect, type RowColumn } from '../storage/sql-batch.ts';

/** An order's own columns as placement writes them (an order is never changed afterwards). */
export interface NewTimingOrder {
  id: number;
  user_id: number;
  vc_id: number;
  settle_vc_id: number;
  direction: string;
  period_seconds: number;
  stake_minor: bigint;
  payout_rate: string;
  tie_rule: string;
  created_at: number;
}

/** Ids for `count` new orders, taken before the insert so the stakes' entries can name them. */
export function allocateOrderIds(trx: Kysely<Database>, dialect: Dialect, count: number): Promise<number[]> {
  return allocateIds(trx, dialect, 'timing_order', count);
}

/**
 * Inserts the orders and lists each of them in the open orders, until its settlement takes it
 * out. Multi-row statements whose text is built once per row count (decision 027): a batch of a few
 * thousand placements costs a handful of statements.
 */
export async function insertOrders(
  trx: Kysely<Database>,
  dialect: Dialect,
  rows: readonly NewTimingOrder[],
): Promise<void> {
  await orderRows(dialect).run(trx, rows, (row, values) =>
    values.push(
      row.id,
      row.user_id,
      row.vc_id,
      row.settle_vc_id,
      row.direction,
      row.period_seconds,
      row.stake_minor,
      row.payout_rate,
      row.tie_rule,
      row.created_at,
    ),
  );
  await openRows(dialect).run(trx, rows, (row, values) => values.push(row.id));
}

/** The inserted columns in order; integers are typed for PostgreSQL, which cannot infer them. */
const ORDER_COLUMNS: readonly RowColumn[] = [
  'bigint', // id
  'bigint', // user_id
  'bigint', // vc_id
  'bigint', // settle_vc_id
  'plain', // direction
  'bigint', // period_seconds
  'bigint', // stake_minor
  'plain', // payout_rate
  'plain', // tie_rule
  'bigint', // created_at
];

/** The multi-row insert of new orders, one per dialect (an order is never changed afterwards). */
const orderRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ORDER_COLUMNS,
      (rows) =>
        `INSERT INTO timing_order (id, user_id, vc_id, settle_vc_id, direction, period_seconds, stake_minor,
           payout_rate, tie_rule, created_at)
         VALUES ${rows}`,
    ),
);

/** The multi-row insert of new orders' ids into the open orders, one per dialect. */
const openRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(dialect, ['bigint'], (rows) => `INSERT INTO timing_order_open (id) VALUES ${rows}`),
);
