import { sql, type Kysely } from 'kysely';
import type { ReferenceGap } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { BookRules } from '../ledger/ledger-references.ts';

/** How many findings of one kind are reported; one is enough to act, a hundred show the extent. */
const LIMIT = 100;

/**
 * Pledge finance's rules for the books (decision 048): every order has its purchase entry, a
 * redeemed one its redemption entry and, when it paid one, its fee entry, each once; a settled order is paid in its batch's entry, on
 * postings naming it, which the audit below checks with the holdings.
 */
export const financeBooks: BookRules = {
  references: [
    {
      refType: 'finance_order',
      table: 'finance_order',
      requires: [
        { type: 'finance_buy', when: '1 = 1' },
        {
          type: 'finance_redeem',
          when: "EXISTS (SELECT 1 FROM finance_order_end e WHERE e.order_id = t.id AND e.state = 'redeemed')",
        },
        {
          type: 'finance_fee',
          when: "EXISTS (SELECT 1 FROM finance_order_end e WHERE e.order_id = t.id AND e.state = 'redeemed' AND e.fee_minor > 0)",
        },
      ],
      forbids: [
        {
          type: 'finance_fee',
          when: "NOT EXISTS (SELECT 1 FROM finance_order_end e WHERE e.order_id = t.id AND e.state = 'redeemed' AND e.fee_minor > 0)",
        },
        {
          type: 'finance_redeem',
          when: "NOT EXISTS (SELECT 1 FROM finance_order_end e WHERE e.order_id = t.id AND e.state = 'redeemed')",
        },
      ],
      once: ['finance_buy', 'finance_redeem', 'finance_fee'],
    },
    {
      refType: 'finance_settlement',
      table: 'finance_settlement',
      requires: [{ type: 'finance_settlement', when: '1 = 1' }],
      once: ['finance_settlement'],
    },
  ],
  audit: financeGaps,
};

/**
 * 1. An order is exactly one of held or ended.
 * 2. Each user's finance holding in a currency is the principal of their held orders paid in it.
 * 3. A settled order that pays something has exactly one posting naming it, in its own batch's
 *    entry, of its payout, to its owner, in the payout's currency; one that pays nothing has none.
 *    (The principals leave the finance holdings on one posting per user and currency of a batch;
 *    rule 2 checks what is left there.)
 */
async function financeGaps(trx: Kysely<Database>): Promise<ReferenceGap[]> {
  const states = await sql<{ id: number | bigint }>`
    SELECT o.id FROM finance_order o
    LEFT JOIN finance_order_open p ON p.id = o.id
    LEFT JOIN finance_order_end e ON e.order_id = o.id
    WHERE (p.id IS NULL) = (e.order_id IS NULL)
    LIMIT ${LIMIT}`.execute(trx);
  const holdings = await sql<{ id: number | bigint }>`
    SELECT a.id FROM ledger_account a
    LEFT JOIN (
      SELECT o.user_id, CASE WHEN o.buy_type = 'coin' THEN o.vc_id ELSE o.settle_vc_id END AS vc_id,
        SUM(o.amount_minor) AS held
      FROM finance_order o JOIN finance_order_open p ON p.id = o.id
      GROUP BY o.user_id, CASE WHEN o.buy_type = 'coin' THEN o.vc_id ELSE o.settle_vc_id END
    ) h ON h.user_id = a.user_id AND h.vc_id = a.vc_id
    WHERE a.kind = 'finance_hold' AND a.balance_minor <> COALESCE(h.held, 0)
    LIMIT ${LIMIT}`.execute(trx);
  const settled = await sql<{ id: number | bigint }>`
    SELECT e.order_id AS id FROM finance_order_end e
    JOIN finance_order o ON o.id = e.order_id
    LEFT JOIN (
      SELECT p.ref_id, COUNT(*) AS n, SUM(p.amount_minor) AS amount, MIN(j.ref_id) AS batch,
        MIN(p.user_id) AS user_id, MIN(p.vc_id) AS vc_id
      FROM journal_posting p JOIN journal_entry j ON j.id = p.entry_id
      WHERE p.ref_type = 'finance_order' AND p.entry_type = 'finance_settlement'
      GROUP BY p.ref_id
    ) s ON s.ref_id = e.order_id
    WHERE e.state = 'settled' AND (
      (e.payout_minor = 0 AND s.n IS NOT NULL)
      OR (e.payout_minor <> 0 AND (s.n IS NULL OR s.n <> 1 OR s.amount <> e.payout_minor
        OR s.batch <> e.settle_batch_id OR s.user_id <> o.user_id OR s.vc_id <> e.payout_vc_id)))
    LIMIT ${LIMIT}`.execute(trx);
  return [
    ...states.rows.map((row) => gap('finance_order', row.id, 'order is not exactly one of held or ended')),
    ...holdings.rows.map((row) =>
      gap('ledger_account', row.id, 'finance holding differs from the held orders'),
    ),
    ...settled.rows.map((row) => gap('finance_order', row.id, 'settled order is not paid once in its batch')),
  ];
}

function gap(refType: string, id: number | bigint, detail: string): ReferenceGap {
  return { kind: 'mismatch', refType, refId: Number(id), detail };
}
