import { sql, type Kysely } from 'kysely';
import type { ReferenceGap } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { BookRules } from '../ledger/ledger-references.ts';

const FILLED = 'EXISTS (SELECT 1 FROM spot_fill f WHERE f.order_id = t.id)';
const CANCELLED = 'EXISTS (SELECT 1 FROM spot_cancel c WHERE c.order_id = t.id)';

/**
 * Spot trading's rules for the books (decision 046): every order has its hold; a filled order has
 * its fill entry and no release, a cancelled one its release and no fill, an open one neither; each
 * at most once. The audit below adds what rows alone cannot say.
 */
export const spotBooks: BookRules = {
  references: [
    {
      refType: 'spot_order',
      table: 'spot_order',
      requires: [
        { type: 'spot_hold', when: '1 = 1' },
        { type: 'spot_fill', when: FILLED },
        { type: 'spot_release', when: CANCELLED },
      ],
      forbids: [
        { type: 'spot_fill', when: `NOT ${FILLED}` },
        { type: 'spot_release', when: `NOT ${CANCELLED}` },
      ],
      once: ['spot_hold', 'spot_fill', 'spot_release'],
    },
  ],
  audit: spotGaps,
};

const LIMIT = 100;

/**
 * 1. An order is exactly one of open, filled or cancelled.
 * 2. Each user's trade hold in each currency is what their open spot orders set aside.
 */
async function spotGaps(trx: Kysely<Database>): Promise<ReferenceGap[]> {
  const states = await sql<{ id: number | bigint }>`
    SELECT o.id FROM spot_order o
    LEFT JOIN spot_order_open p ON p.id = o.id
    LEFT JOIN spot_fill f ON f.order_id = o.id
    LEFT JOIN spot_cancel c ON c.order_id = o.id
    WHERE (CASE WHEN p.id IS NULL THEN 0 ELSE 1 END) + (CASE WHEN f.order_id IS NULL THEN 0 ELSE 1 END)
      + (CASE WHEN c.order_id IS NULL THEN 0 ELSE 1 END) <> 1
    LIMIT ${LIMIT}`.execute(trx);
  const holds = await sql<{ id: number | bigint }>`
    SELECT a.id FROM ledger_account a
    LEFT JOIN (
      SELECT o.user_id, CASE WHEN o.side = 'buy' THEN o.settle_vc_id ELSE o.vc_id END AS vc_id,
        SUM(o.held_minor) AS held
      FROM spot_order o JOIN spot_order_open p ON p.id = o.id
      GROUP BY o.user_id, CASE WHEN o.side = 'buy' THEN o.settle_vc_id ELSE o.vc_id END
    ) h ON h.user_id = a.user_id AND h.vc_id = a.vc_id
    WHERE a.kind = 'trade_hold' AND a.balance_minor <> COALESCE(h.held, 0)
    LIMIT ${LIMIT}`.execute(trx);
  return [
    ...states.rows.map((row) =>
      gap('spot_order', row.id, 'order is not exactly one of open, filled, cancelled'),
    ),
    ...holds.rows.map((row) => gap('ledger_account', row.id, 'trade hold differs from the open spot orders')),
  ];
}

function gap(refType: string, id: number | bigint, detail: string): ReferenceGap {
  return { kind: 'mismatch', refType, refId: Number(id), detail };
}
