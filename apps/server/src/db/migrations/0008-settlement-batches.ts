import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Timed trades settle in batches, and the journal writes less per posting (decision 026).
 *
 * - Stakes of open timed orders wait in the platform's `timing_escrow` account instead of each
 *   user's `trade_hold`, and the orders that expire together settle with one journal entry that
 *   names a `timing_settlement` row: the escrow pays each winning order's owner (a posting that
 *   names the order) and the house takes or pays the rest. A lost order writes nothing on the
 *   user's side.
 * - Postings may name a business row of their own (`ref_type`, `ref_id`), for those batch payouts.
 * - Postings keep one secondary index, the users' bills, and only for users' postings: the
 *   per-account and per-entry indexes served only the invariant checker, which reads everything
 *   anyway, and they were most of the cost of writing a posting.
 * - Open orders are found through a partial index that holds only open orders.
 *
 * Orders from before this migration are converted to the same shape, so the checker sees one
 * kind of history: their stake postings on `trade_hold` move to the escrow (the balances of those
 * accounts are recomputed from their postings, which before this migration equal them), and each
 * settled order's own settlement entry becomes a batch of one, numbered like the order.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const now = Date.now();
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await db.schema.alterTable('journal_posting').addColumn('ref_type', 'text').execute();
  await db.schema.alterTable('journal_posting').addColumn('ref_id', 'bigint').execute();
  await db.schema.dropIndex('journal_posting_account').execute();
  await db.schema.dropIndex('journal_posting_entry').execute();
  await db.schema.dropIndex('journal_posting_user').execute();
  await sql`CREATE INDEX journal_posting_user ON journal_posting (user_id, id) WHERE user_id IS NOT NULL`.execute(
    db,
  );

  // One row per currency and settler round: the business row of the round's settlement entry.
  await id('timing_settlement')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('stake_minor', 'bigint', (c) => c.notNull())
    .addColumn('payout_minor', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('timing_order')
    .addColumn('settle_batch_id', 'bigint', (c) => c.references('timing_settlement.id'))
    .execute();
  // Open orders, and only those, by id: the settler's start-up and sweeps read them, and the oldest
  // one bounds the search for a user's open stakes (their frozen amount). A settlement takes the
  // order out of it; the index by expiry it replaces cost a second such deletion per order.
  await db.schema.dropIndex('timing_order_open_expiry').execute();
  await sql`CREATE INDEX timing_order_open_id ON timing_order (id) WHERE status = 'open'`.execute(db);

  // ---- orders placed before this migration ------------------------------------------------------
  await sql`
    INSERT INTO ledger_account (user_id, vc_id, kind, balance_minor, created_at)
    SELECT DISTINCT CAST(NULL AS BIGINT), o.settle_vc_id, 'timing_escrow', 0, CAST(${now} AS BIGINT) FROM timing_order o
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_account a
      WHERE a.user_id IS NULL AND a.vc_id = o.settle_vc_id AND a.kind = 'timing_escrow')`.execute(db);
  await sql`
    UPDATE journal_posting SET
      account_id = (SELECT a.id FROM ledger_account a
                    WHERE a.user_id IS NULL AND a.vc_id = journal_posting.vc_id AND a.kind = 'timing_escrow'),
      user_id = NULL
    WHERE entry_type IN ('timing_stake', 'timing_settlement')
      AND account_id IN (SELECT id FROM ledger_account WHERE kind = 'trade_hold')`.execute(db);
  await sql`
    UPDATE ledger_account SET balance_minor = (
      SELECT COALESCE(SUM(p.amount_minor), 0) FROM journal_posting p WHERE p.account_id = ledger_account.id)
    WHERE kind IN ('trade_hold', 'timing_escrow')`.execute(db);
  await sql`
    INSERT INTO timing_settlement (id, vc_id, order_count, stake_minor, payout_minor, settled_at)
    SELECT id, settle_vc_id, 1, stake_minor, payout_minor, settled_at FROM timing_order
    WHERE status = 'settled'`.execute(db);
  if (dialect === 'postgres') {
    // Rows inserted with their ids do not move the sequence; the next batch must come after them.
    await sql`SELECT setval(pg_get_serial_sequence('timing_settlement', 'id'),
      (SELECT COALESCE(MAX(id), 0) + 1 FROM timing_settlement), false)`.execute(db);
  }
  await sql`UPDATE timing_order SET settle_batch_id = id WHERE status = 'settled'`.execute(db);
  await sql`
    UPDATE journal_entry SET ref_type = 'timing_settlement'
    WHERE ref_type = 'timing' AND type = 'timing_settlement'`.execute(db);
  await sql`
    UPDATE journal_posting SET ref_type = 'timing',
      ref_id = (SELECT e.ref_id FROM journal_entry e WHERE e.id = journal_posting.entry_id)
    WHERE entry_type = 'timing_settlement' AND user_id IS NOT NULL`.execute(db);
}
