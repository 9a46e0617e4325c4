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
  balances: Pick<ReadonlyMap<string, bigint>, 'get'>,
  entries: readonly EntryDraft[],
): ApplyResult {
  const next = new Map<string, bigint>();
  const current = (key: string) => next.get(key) ?? balances.get(key) ?? 0n;
  const applied: AppliedEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    const fault = entryFault(entry);
    if (fault) return { ok: false, index, reason: fault };
    const after: bigint[] = [];
    // An account may appear more than once in an entry (postings naming different orders), so each
    // posting sees the ones before it; `next` changes only once the whole entry is known to fit.
    const within = new Map<string, bigint>();
    for (const posting of entry.postings) {
      const key = accountKey(posting.account);
      const balance = (within.get(key) ?? current(key)) + posting.amountMinor;
      if (balance < 0n && !mayGoNegative(posting.account)) {
        return { ok: false, index, reason: 'insufficient_balance' };
      }
      within.set(key, balance);
      after.push(balance);
    }
    for (const [key, balance] of within) next.set(key, balance);
    applied.push({ balancesAfter: after });
  }
  return { ok: true, entries: applied, balances: next };
}

export type EachResult =
  { ok: true; applied: AppliedEntry } | { ok: false; reason: EntryFault | 'insufficient_balance' };

/**
 * Applies entries in order like `applyEntries`, but an entry that is malformed or would take a
 * user's balance below zero is refused alone: it changes nothing and the next entry sees the
 * balances as if it had never been there. For a batch of independent requests (orders placed in
 * the same moment), where one user's lack of money must not refuse another user's order.
 */
export function applyEach(
  balances: ReadonlyMap<string, bigint>,
  entries: readonly EntryDraft[],
): { results: EachResult[]; balances: Map<string, bigint> } {
  const next = new Map<string, bigint>();
  const results: EachResult[] = [];
  for (const entry of entries) {
    const single = applyEntries({ get: (key: string) => next.get(key) ?? balances.get(key) }, [entry]);
    if (!single.ok) {
      results.push({ ok: false, reason: single.reason });
      continue;
    }
    for (const [key, balance] of single.balances) next.set(key, balance);
    const applied = single.entries[0];
    if (applied) results.push({ ok: true, applied });
  }
  return { results, balances: next };
}
