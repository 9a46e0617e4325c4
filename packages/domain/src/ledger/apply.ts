import { accountKey, mayGoNegative } from './accounts.ts';
import { entryFault, type EntryDraft, type EntryFault } from './entries.ts';

/**
 * Applies entries in order to known balances, the way the database will: each posting changes its
 * account's balance, and an entry that would take a user's balance below zero fails as a whole.
 * The storage layer runs this on the balances it has locked, then writes the result; the property
 * tests run it as the model.
 */
export interface AppliedEntry {
  /** Balance of each posting's account right after the posting, in posting order. */
  readonly balancesAfter: readonly bigint[];
}

export type ApplyResult =
  | { ok: true; entries: AppliedEntry[]; balances: Map<string, bigint> }
  | { ok: false; index: number; reason: EntryFault | 'insufficient_balance' };

/**
 * `balances` maps `accountKey` to the current balance (a missing account counts as zero) and is
 * not changed; the result holds the new balances of every account touched.
 */
export function applyEntries(
  balances: ReadonlyMap<string, bigint>,
  entries: readonly EntryDraft[],
): ApplyResult {
  const next = new Map<string, bigint>();
  const current = (key: string) => next.get(key) ?? balances.get(key) ?? 0n;
  const applied: AppliedEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    const fault = entryFault(entry);
    if (fault) return { ok: false, index, reason: fault };
    const after: bigint[] = [];
    for (const posting of entry.postings) {
      const balance = current(accountKey(posting.account)) + posting.amountMinor;
      if (balance < 0n && !mayGoNegative(posting.account)) {
        return { ok: false, index, reason: 'insufficient_balance' };
      }
      after.push(balance);
    }
    entry.postings.forEach((posting, i) => next.set(accountKey(posting.account), after[i] ?? 0n));
    applied.push({ balancesAfter: after });
  }
  return { ok: true, entries: applied, balances: next };
}
