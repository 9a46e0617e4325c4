import type { EntryType } from '@vela/domain';

/**
 * Which business rows move money, and which entries each must have. The invariant checker uses it
 * both ways: every entry must point at an existing row of its `refType`, and every row must have
 * the entries its state calls for, and none that its state rules out. A module that moves money
 * adds its business table here.
 */
export interface LedgerReference {
  /** `journal_entry.ref_type` of the entries. */
  readonly refType: string;
  /** The business table; its `id` is `journal_entry.ref_id`. */
  readonly table: string;
  /** Entry types a row must have, each when the SQL condition on the row (alias `t`) holds. */
  readonly requires: readonly { readonly type: EntryType; readonly when: string }[];
  /** Entry types a row must not have when the condition holds (e.g. a payout of a pending order). */
  readonly forbids?: readonly { readonly type: EntryType; readonly when: string }[];
  /** Entry types a row may have at most once (a settlement, a payout): a second one is money twice. */
  readonly once?: readonly EntryType[];
}

export const LEDGER_REFERENCES: readonly LedgerReference[] = [
  { refType: 'transfer', table: 'wallet_transfer', requires: [{ type: 'transfer', when: '1 = 1' }] },
  { refType: 'adjustment', table: 'balance_adjustment', requires: [{ type: 'adjustment', when: '1 = 1' }] },
  {
    refType: 'deposit',
    table: 'recharge_order',
    requires: [{ type: 'deposit', when: "t.status = 'approved'" }],
    forbids: [{ type: 'deposit', when: "t.status <> 'approved'" }],
  },
  {
    refType: 'withdrawal',
    table: 'withdraw_order',
    requires: [
      { type: 'withdrawal_hold', when: '1 = 1' },
      { type: 'withdrawal_payout', when: "t.status = 'approved'" },
      { type: 'withdrawal_return', when: "t.status = 'rejected'" },
    ],
    forbids: [
      { type: 'withdrawal_payout', when: "t.status <> 'approved'" },
      { type: 'withdrawal_return', when: "t.status <> 'rejected'" },
    ],
    once: ['withdrawal_hold', 'withdrawal_payout', 'withdrawal_return'],
  },
  // A timed order's settlement is booked in its batch's entry, on a posting naming the order; the
  // timing audit (timing-audit.ts) checks each order against it.
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
];
