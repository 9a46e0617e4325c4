import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReferenceGap } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { BookRules } from '../ledger/ledger-references.ts';

/** How many findings of one kind are reported; one is enough to act, a hundred show the extent. */
const LIMIT = 100;

/**
 * Rebates' rules for the books (decision 049). A rebate entry names the business row of what paid
 * it (a settlement batch, a contract row), which the generic rules already check; these checks tie
 * each entry to the `rebate` rows it pays: a contract fee's rebates name their entry, a timed
 * order's are paid by the rebate entry of the batch its result names, in their currency.
 * 1. the house pays exactly the rebates the entry pays, and each receiver's posting is the sum of
 *    their rebates in it;
 * 2. a settled timed order's rebates have their batch's entry, and an open order's none.
 */
export const teamBooks: BookRules = { references: [], audit: rebateGaps };

/** Every paid rebate with the entry that paid it. */
const PAID = `
  SELECT r.id, r.user_id, r.amount_minor, r.entry_id FROM rebate r WHERE r.entry_id IS NOT NULL
  UNION ALL
  SELECT r.id, r.user_id, r.amount_minor, e.id FROM rebate r
  JOIN timing_order_result s ON s.order_id = r.ref_id
  JOIN journal_entry e ON e.type = 'rebate' AND e.ref_type = 'timing_settlement'
    AND e.ref_id = s.settle_batch_id AND e.vc_id = r.vc_id
  WHERE r.ref_type = 'timing'`;

const CHECKS: readonly { refType: string; detail: string; query: RawBuilder<{ id: number | bigint }> }[] = [
  {
    refType: 'rebate',
    detail: 'rebate entry does not pay the rebates it names',
    query: sql<{ id: number }>`
      SELECT e.id FROM journal_entry e
      LEFT JOIN (SELECT entry_id, SUM(amount_minor) AS total FROM (${sql.raw(PAID)}) paid GROUP BY entry_id) r
        ON r.entry_id = e.id
      LEFT JOIN (
        SELECT p.entry_id, SUM(p.amount_minor) AS house FROM journal_posting p
        JOIN ledger_account a ON a.id = p.account_id
        WHERE p.entry_type = 'rebate' AND a.user_id IS NULL GROUP BY p.entry_id
      ) h ON h.entry_id = e.id
      WHERE e.type = 'rebate' AND (r.total IS NULL OR h.house IS NULL OR h.house <> -r.total)
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'rebate',
    detail: "receiver's posting differs from their rebates in the entry",
    query: sql<{ id: number }>`
      SELECT p.entry_id AS id FROM journal_posting p
      JOIN ledger_account a ON a.id = p.account_id
      LEFT JOIN (SELECT entry_id, user_id, SUM(amount_minor) AS total FROM (${sql.raw(PAID)}) paid
                 GROUP BY entry_id, user_id) r ON r.entry_id = p.entry_id AND r.user_id = a.user_id
      WHERE p.entry_type = 'rebate' AND a.user_id IS NOT NULL AND (r.total IS NULL OR p.amount_minor <> r.total)
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'timing',
    detail: "settled timed order's rebates have no entry of its batch",
    query: sql<{ id: number }>`
      SELECT r.ref_id AS id FROM rebate r
      JOIN timing_order_result s ON s.order_id = r.ref_id
      WHERE r.ref_type = 'timing' AND NOT EXISTS (
        SELECT 1 FROM journal_entry e WHERE e.type = 'rebate' AND e.ref_type = 'timing_settlement'
          AND e.ref_id = s.settle_batch_id AND e.vc_id = r.vc_id)
      LIMIT ${LIMIT}`,
  },
];

async function rebateGaps(trx: Kysely<Database>): Promise<ReferenceGap[]> {
  const gaps: ReferenceGap[] = [];
  for (const check of CHECKS) {
    const { rows } = await check.query.execute(trx);
    for (const row of rows)
      gaps.push({ kind: 'mismatch', refType: check.refType, refId: Number(row.id), detail: check.detail });
  }
  return gaps;
}
