import type { Insertable, Kysely, Updateable } from 'kysely';
import type { RecordedTick, TimingResult } from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { chunked, RowsStatement, rowsStatementPerDialect } from '../storage/sql-batch.ts';
import type { OpenOrder } from './timing-opening.ts';

/** What settling one order writes: the order, the tick it settles at and its result. */
export interface SettlementRow {
  order: OpenOrder;
  tick: RecordedTick;
  result: TimingResult;
}

/** Adds a settlement batch (one per settlement currency and round) and answers its id. */
export async function insertSettlementBatch(
  trx: Kysely<Database>,
  row: Insertable<Database['timing_settlement']>,
): Promise<number> {
  const batch = await trx
    .insertInto('timing_settlement')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return batch.id;
}

/** Removes a batch that settled nothing (another settler took all its orders first). */
export async function deleteSettlementBatch(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('timing_settlement').where('id', '=', id).execute();
}

/** Corrects a batch's figures when another settler took some of its orders. */
export async function updateSettlementBatch(
  trx: Kysely<Database>,
  id: number,
  figures: Updateable<Database['timing_settlement']>,
): Promise<void> {
  await trx.updateTable('timing_settlement').set(figures).where('id', '=', id).execute();
}

/**
 * Takes orders out of the open orders and writes their results, naming their batch, a few thousand
 * per statement, and answers the settlements it made. Deleting an order's id from the open orders
 * is what makes a settlement happen once: an order another settler took is gone already, is not
 * counted, and gets no second result, and its money is not moved twice. The deletes answer how many
 * ids they removed; only when that falls short (a race with another settler, which is rare) are the
 * orders with a result already looked up, to leave them out.
 */
export async function markSettled<T extends SettlementRow>(
  trx: Kysely<Database>,
  dialect: Dialect,
  settlements: readonly T[],
  batchId: number,
  settledAt: number,
): Promise<readonly T[]> {
  const results = await closeStatement(dialect).run(trx, settlements, ({ order }, values) =>
    values.push(order.id),
  );
  let closed = 0;
  for (const result of results) closed += Number(result.numAffectedRows ?? 0n);
  let taken = settlements;
  if (closed !== settlements.length) {
    // This batch has written no result yet: the orders that have one were settled by another.
    const others = new Set<number>();
    for (const chunk of chunked(settlements, 1)) {
      const rows = await trx
        .selectFrom('timing_order_result')
        .select('order_id')
        .where(
          'order_id',
          'in',
          chunk.map(({ order }) => order.id),
        )
        .execute();
      for (const row of rows) others.add(Number(row.order_id));
    }
    taken = settlements.filter(({ order }) => !others.has(order.id));
  }
  await resultStatement(dialect).run(trx, taken, ({ order, tick, result }, values) =>
    values.push(
      order.id,
      batchId,
      order.openTickId,
      order.openTickTimeMs,
      order.openPriceMinor,
      order.expiresAt,
      tick.id,
      tick.timeMs,
      tick.priceMinor,
      result.outcome,
      result.payoutMinor,
      settledAt,
    ),
  );
  return taken;
}

/** The delete of `markSettled` from the open orders, one per dialect. */
const closeStatement = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(dialect, ['bigint'], (ids) => `DELETE FROM timing_order_open WHERE id IN (${ids})`, {
      flat: true,
    }),
);

/** The insert of `markSettled`'s results, one per dialect. */
const resultStatement = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      [
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'plain',
        'bigint',
        'bigint',
      ],
      (rows) =>
        `INSERT INTO timing_order_result (order_id, settle_batch_id, open_tick_id, open_tick_time_ms,
           open_price_minor, expires_at, settle_tick_id, settle_tick_time_ms, settle_price_minor, outcome,
           payout_minor, settled_at) VALUES ${rows}`,
    ),
);
