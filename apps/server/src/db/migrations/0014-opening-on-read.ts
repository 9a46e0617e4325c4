import { sql, type Kysely } from 'kysely';

/**
 * An order's open tick is a pure function of the recorded ticks: the first one after its acceptance
 * (decision 035). Writing it down once per order, a second after the placement, made every
 * placement committing beside that write wait for it; so nothing is written at the opening any
 * more. An open order's answers read its open tick from the recorded ticks, and its settlement
 * stores the open tick with the result, in the transaction that writes the result anyway.
 *
 * The results of settled orders take their open tick from `timing_order_opened`. Its rows of orders
 * opened under decision 035 then go, settled or not: their open tick is the one the recorded ticks
 * give. What stays are the orders accepted before 0012, which opened at their placement
 * (`opened_at = created_at`) and whose open tick cannot be computed again; nothing writes to the
 * table any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['open_tick_id', 'open_tick_time_ms', 'open_price_minor', 'expires_at'])
    await sql`ALTER TABLE timing_order_result ADD COLUMN ${sql.raw(column)} bigint`.execute(db);
  await sql`
    UPDATE timing_order_result SET
      open_tick_id = (SELECT op.open_tick_id FROM timing_order_opened op
                      WHERE op.order_id = timing_order_result.order_id),
      open_tick_time_ms = (SELECT op.open_tick_time_ms FROM timing_order_opened op
                           WHERE op.order_id = timing_order_result.order_id),
      open_price_minor = (SELECT op.open_price_minor FROM timing_order_opened op
                          WHERE op.order_id = timing_order_result.order_id),
      expires_at = (SELECT op.expires_at FROM timing_order_opened op
                    WHERE op.order_id = timing_order_result.order_id)`.execute(db);
  await sql`DELETE FROM timing_order_opened WHERE opened_at <> (
    SELECT o.created_at FROM timing_order o WHERE o.id = timing_order_opened.order_id)`.execute(db);
}
