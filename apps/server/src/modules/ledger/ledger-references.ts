import type { Kysely } from 'kysely';
import type { EntryType, ReferenceGap } from '@vela/domain';
import type { Database } from '../../db/schema.ts';

/**
 * Which business rows move money, and which entries each must have. The invariant checker uses it
 * both ways: every entry must point at an existing row of its `refType`, and every row must have
 * the entries its state calls for, and none that its state rules out. Each module that moves money
 * declares its business tables in its own `BookRules` (for example `timing/timing-books.ts`).
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

/**
 * What one module that moves money tells the invariant checker: its business tables and the
 * entries each row must have, and, when the generic rules cannot reach its rows (a batch entry
 * that books many orders), its own audit. The ledger knows no module; the wiring (`src/books.ts`)
 * hands every module's rules to `checkLedger`.
 */
export interface BookRules {
  readonly references: readonly LedgerReference[];
  /** The module's own checks, read in the checker's snapshot. */
  readonly audit?: (trx: Kysely<Database>) => Promise<ReferenceGap[]>;
}
