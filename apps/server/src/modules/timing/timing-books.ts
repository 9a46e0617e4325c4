import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReferenceGap } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { BookRules } from '../ledger/ledger-references.ts';

/** How many findings of one kind are reported; one is enough to act, a hundred show the extent. */
const LIMIT = 100;

/**
 * Timed trading's rules for the books. An order's stake has its own entry; its settlement is
 * booked in its batch's entry, on a posting naming the order, which the audit below checks.
 */
export const timingBooks: BookRules = {
  references: [
    {
      refType: 'timing',
      table: 'timing_order',
      requires: [{ type: 'timing_stake', when: '1 = 1' }],
      once: ['timing_stake'],
    },
    {
      refType: 'timing_settlement',
      table: 'timing_settlement',
      requires: [{ type: 'timing_settlement', when: '1 = 1' }],
      once: ['timing_settlement'],
    },
  ],
  audit: timingGaps,
};

/** One audit of timed trading: a query answering the ids of the rows that break a rule. */
interface TimingCheck {
  refType: string;
  detail: string;
  query: RawBuilder<{ id: number | bigint }>;
}

/**
 * The timed-trade part of the invariant checker (decision 026). Orders expiring together settle in
 * one batch entry, so the generic rule "every business row has its entries" does not reach each
 * order; these checks do:
 *
 * 1. an order is either open or settled (it has a result, naming its batch), never both or neither;
 * 2. a batch's figures (count, stakes, payouts, currency) are those of the orders naming it;
 * 3. a batch's entry takes the stakes out of the escrow, pays the payouts to users' spot accounts
 *    and books the difference with the house, and nothing else;
 * 4. an order that pays something has exactly one posting naming it, in its own batch's entry, of
 *    its payout, on its owner's spot account; an order that pays nothing has none;
 * 5. the escrow of each currency holds exactly the stakes of the open orders;
 * 6. a settled order's result names its open tick and settled at or after its expiry; the open
 *    tick is the first after the order's acceptance (decision 035), and the expiry its period after
 *    that tick. Orders accepted before that rule opened at their placement: their result holds
 *    the open tick and expiry kept in `timing_order_opened` (migrations 0012 and 0014).
 */
const TIMING_CHECKS: readonly TimingCheck[] = [
  {
    refType: 'timing',
    detail: 'order is open and settled at once, or neither',
    query: sql<{ id: number }>`
      SELECT o.id FROM timing_order o
      LEFT JOIN timing_order_open f ON f.id = o.id
      LEFT JOIN timing_order_result r ON r.order_id = o.id
      WHERE (f.id IS NULL) = (r.order_id IS NULL)
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'timing_settlement',
    detail: 'batch figures differ from its orders',
    query: sql<{ id: number }>`
      SELECT b.id FROM timing_settlement b
      LEFT JOIN (
        SELECT r.settle_batch_id, COUNT(*) AS n, SUM(o.stake_minor) AS stakes, SUM(r.payout_minor) AS payouts,
          MIN(o.settle_vc_id) AS low_vc, MAX(o.settle_vc_id) AS high_vc
        FROM timing_order_result r JOIN timing_order o ON o.id = r.order_id GROUP BY r.settle_batch_id
      ) o ON o.settle_batch_id = b.id
      WHERE o.n IS NULL OR o.n <> b.order_count OR o.stakes <> b.stake_minor OR o.payouts <> b.payout_minor
        OR o.low_vc <> b.vc_id OR o.high_vc <> b.vc_id
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'timing_settlement',
    detail: 'batch entry does not book the batch figures',
    query: sql<{ id: number }>`
      SELECT b.id FROM timing_settlement b
      JOIN journal_entry e ON e.ref_type = 'timing_settlement' AND e.ref_id = b.id AND e.type = 'timing_settlement'
      JOIN (
        SELECT p.entry_id,
          SUM(CASE WHEN a.kind = 'timing_escrow' AND a.user_id IS NULL THEN p.amount_minor ELSE 0 END) AS escrow,
          SUM(CASE WHEN a.kind = 'house' AND a.user_id IS NULL THEN p.amount_minor ELSE 0 END) AS house,
          SUM(CASE WHEN a.kind = 'spot' AND a.user_id IS NOT NULL THEN p.amount_minor ELSE 0 END) AS paid,
          SUM(CASE WHEN a.kind IN ('timing_escrow', 'house', 'spot') THEN 0 ELSE 1 END) AS other
        FROM journal_posting p JOIN ledger_account a ON a.id = p.account_id
        WHERE p.entry_type = 'timing_settlement'
        GROUP BY p.entry_id
      ) s ON s.entry_id = e.id
      WHERE s.escrow <> -b.stake_minor OR s.house <> b.stake_minor - b.payout_minor OR s.paid <> b.payout_minor
        OR s.other <> 0 OR e.vc_id <> b.vc_id
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'timing',
    detail: 'payout not booked once to its owner in its batch',
    query: sql<{ id: number }>`
      SELECT o.id FROM timing_order o
      LEFT JOIN timing_order_result r ON r.order_id = o.id
      LEFT JOIN (
        SELECT p.ref_id, COUNT(*) AS n, SUM(p.amount_minor) AS paid, MIN(e.ref_id) AS batch_id,
          MAX(e.ref_id) AS other_batch_id, MIN(a.user_id) AS user_id, MAX(a.user_id) AS other_user_id,
          MIN(a.kind) AS kind, MAX(a.kind) AS other_kind
        FROM journal_posting p
        JOIN journal_entry e ON e.id = p.entry_id
        JOIN ledger_account a ON a.id = p.account_id
        WHERE p.ref_type = 'timing' AND p.entry_type = 'timing_settlement'
        GROUP BY p.ref_id
      ) p ON p.ref_id = o.id
      WHERE (r.payout_minor > 0 AND (
               p.n IS NULL OR p.n <> 1 OR p.paid <> r.payout_minor OR p.batch_id <> r.settle_batch_id
               OR p.other_batch_id <> r.settle_batch_id OR p.user_id <> o.user_id
               OR p.other_user_id <> o.user_id OR p.kind <> 'spot' OR p.other_kind <> 'spot'))
         OR ((r.order_id IS NULL OR r.payout_minor = 0) AND p.n IS NOT NULL)
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'timing_escrow',
    detail: 'escrow differs from the stakes of the open orders',
    query: sql<{ id: number }>`
      SELECT a.vc_id AS id FROM ledger_account a
      LEFT JOIN (
        SELECT o.settle_vc_id, SUM(o.stake_minor) AS stakes
        FROM timing_order_open f JOIN timing_order o ON o.id = f.id GROUP BY o.settle_vc_id
      ) o ON o.settle_vc_id = a.vc_id
      WHERE a.kind = 'timing_escrow' AND a.user_id IS NULL AND a.balance_minor <> COALESCE(o.stakes, 0)
      LIMIT ${LIMIT}`,
  },
  {
    refType: 'timing',
    detail: 'order did not open at the first tick after acceptance, or settled early',
    query: sql<{ id: number }>`
      SELECT o.id FROM timing_order o
      JOIN timing_order_result r ON r.order_id = o.id
      LEFT JOIN timing_order_opened op ON op.order_id = o.id
      WHERE r.open_tick_id IS NULL OR r.open_tick_time_ms IS NULL OR r.open_price_minor IS NULL
         OR r.expires_at IS NULL OR r.settle_tick_time_ms < r.expires_at
         OR (op.order_id IS NOT NULL AND (r.open_tick_id <> op.open_tick_id
               OR r.open_tick_time_ms <> op.open_tick_time_ms OR r.open_price_minor <> op.open_price_minor
               OR r.expires_at <> op.expires_at))
         OR (op.order_id IS NULL AND (r.open_tick_time_ms <= o.created_at
               OR r.expires_at <> r.open_tick_time_ms + o.period_seconds * 1000
               OR EXISTS (SELECT 1 FROM price_tick t WHERE t.vc_id = o.vc_id AND t.time_ms > o.created_at
                            AND t.time_ms < r.open_tick_time_ms)))
      LIMIT ${LIMIT}`,
  },
];

async function timingGaps(trx: Kysely<Database>): Promise<ReferenceGap[]> {
  const gaps: ReferenceGap[] = [];
  for (const check of TIMING_CHECKS) {
    const { rows } = await check.query.execute(trx);
    for (const row of rows) {
      gaps.push({ kind: 'mismatch', refType: check.refType, refId: Number(row.id), detail: check.detail });
    }
  }
  return gaps;
}
