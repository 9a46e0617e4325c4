import { sql, type Kysely } from 'kysely';
import type { ReferenceGap } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { BookRules } from '../ledger/ledger-references.ts';

const FILLED_OPEN = `EXISTS (SELECT 1 FROM contract_order_end e WHERE e.order_id = t.id AND e.state = 'filled')
  AND t.action = 'open'`;
const RELEASED = `t.kind = 'limit' AND EXISTS (SELECT 1 FROM contract_order_end e WHERE e.order_id = t.id
  AND (e.state = 'refused' OR (e.state = 'cancelled' AND e.reason = 'user')))`;

/**
 * Contract trading's rules for the books (decision 047): a limit open has its hold; a filled open
 * its open entry; a limit order refused or cancelled by its owner its release (one cancelled by a
 * forced close is freed by the forced close's entry); each close its close entry and each forced
 * close its forced entry; each at most once. The audit adds what rows alone cannot say.
 */
export const contractBooks: BookRules = {
  references: [
    {
      refType: 'contract_order',
      table: 'contract_order',
      requires: [
        { type: 'contract_hold', when: "t.kind = 'limit' AND t.action = 'open'" },
        { type: 'contract_open', when: FILLED_OPEN },
        { type: 'contract_release', when: RELEASED },
      ],
      forbids: [
        { type: 'contract_hold', when: "NOT (t.kind = 'limit' AND t.action = 'open')" },
        { type: 'contract_open', when: `NOT (${FILLED_OPEN})` },
        { type: 'contract_release', when: `NOT (${RELEASED})` },
      ],
      once: ['contract_hold', 'contract_open', 'contract_release'],
    },
    {
      refType: 'contract_close',
      table: 'contract_close',
      requires: [{ type: 'contract_close', when: "t.reason <> 'forced'" }],
      forbids: [{ type: 'contract_close', when: "t.reason = 'forced'" }],
      once: ['contract_close'],
    },
    {
      refType: 'contract_forced',
      table: 'contract_forced',
      requires: [{ type: 'contract_forced', when: '1 = 1' }],
      once: ['contract_forced'],
    },
  ],
  audit: contractGaps,
};

const LIMIT = 100;

/**
 * 1. An order is exactly one of open or ended.
 * 2. Each user's margin account is the margins of their open positions and the holds of their open
 *    limit orders.
 */
async function contractGaps(trx: Kysely<Database>): Promise<ReferenceGap[]> {
  const states = await sql<{ id: number | bigint }>`
    SELECT o.id FROM contract_order o
    LEFT JOIN contract_order_open p ON p.id = o.id
    LEFT JOIN contract_order_end e ON e.order_id = o.id
    WHERE (CASE WHEN p.id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN e.order_id IS NULL THEN 0 ELSE 1 END) <> 1
    LIMIT ${LIMIT}`.execute(trx);
  const margins = await sql<{ id: number | bigint }>`
    SELECT a.id FROM ledger_account a
    LEFT JOIN (
      SELECT user_id, SUM(amount) AS locked FROM (
        SELECT user_id, margin_minor AS amount FROM contract_position WHERE closed_at IS NULL
        UNION ALL
        SELECT o.user_id, o.held_minor AS amount FROM contract_order o JOIN contract_order_open p ON p.id = o.id
      ) parts GROUP BY user_id
    ) m ON m.user_id = a.user_id
    WHERE a.kind = 'margin' AND a.balance_minor <> COALESCE(m.locked, 0)
    LIMIT ${LIMIT}`.execute(trx);
  return [
    ...states.rows.map((row) => gap('contract_order', row.id, 'order is not exactly one of open or ended')),
    ...margins.rows.map((row) =>
      gap('ledger_account', row.id, 'margin differs from the open positions and limit orders'),
    ),
  ];
}

function gap(refType: string, id: number | bigint, detail: string): ReferenceGap {
  return { kind: 'mismatch', refType, refId: Number(id), detail };
}
