import {
  accountKey,
  applyEach,
  applyEntries,
  REPORTED_ENTRY_TYPES,
  type AccountRef,
  type AppliedEntry,
  type EntryDraft,
} from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { GroupCommitter } from '../storage/group-commit.ts';
import { balanceChangesOf, type BalanceChanges } from './balance-changes.ts';
import { LedgerRepository, type FoundAccount, type PostingRow, type Tx } from './ledger-repository.ts';

export type { Tx };

export interface PostedEntry {
  readonly entryId: number;
  /** Balance after each posting, in posting order. */
  readonly balancesAfter: readonly bigint[];
}

/**
 * Thrown when an entry would take a user's balance below zero. It carries the index of the entry
 * so a batch caller knows which one; single-request callers let it answer INSUFFICIENT_BALANCE.
 */
export class InsufficientBalanceError extends AppError {
  constructor(readonly entryIndex: number) {
    super('INSUFFICIENT_BALANCE');
  }
}

/**
 * The one write path of money (docs/decisions/018-ledger-and-group-commit.md). `post` runs inside
 * the caller's transaction, next to the business row it writes, and for any number of entries:
 *
 * 1. the accounts the entries touch are created when missing and locked in id order (PostgreSQL:
 *    `FOR UPDATE`; SQLite: the transaction already holds the database's write lock);
 * 2. the entries are applied in memory, in order, by the domain's `applyEntries`, which refuses an
 *    entry that would take a user's balance below zero;
 * 3. entries, postings and balances are written with a few multi-row statements, and each balance
 *    UPDATE carries the no-negative guard in its WHERE clause as well, so a stale read can never
 *    write a negative balance: the update would match fewer rows and the transaction fails.
 *
 * Posting thousands of entries in one call costs a handful of statements, which is what makes
 * group commit and batched settlement cheap.
 */
export class Ledger {
  private readonly rows: LedgerRepository;

  /**
   * `announce`: where the balance changes of what was posted are announced once the unit of work
   * has committed (decision 024). Every movement of money goes through `post` or `postEach`, so
   * this one place covers every flow, and the group committer drops the announcement when the unit
   * rolls back. Without it (tools that post outside the app) nothing is announced.
   */
  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
    private readonly announce?: { committer: GroupCommitter; changes: BalanceChanges },
  ) {
    this.rows = new LedgerRepository(dialect);
  }

  async post(trx: Tx, entries: readonly EntryDraft[]): Promise<PostedEntry[]> {
    if (entries.length === 0) return [];
    const { ids, balances } = await this.accountsOf(trx, entries);
    const applied = applyEntries(balances, entries);
    if (!applied.ok) {
      if (applied.reason === 'insufficient_balance') throw new InsufficientBalanceError(applied.index);
      throw new Error(`Malformed journal entry #${applied.index}: ${applied.reason}`);
    }
    const posted = await this.write(trx, entries, applied.entries, ids);
    this.announceAfterCommit(trx, entries);
    return posted;
  }

  /**
   * Posts the entries that fit and refuses the others one by one (decision 026): an entry that would
   * take a user below zero is left out, and the entries after it see the balances without it. For
   * batches of independent requests, where one user's missing money must not refuse another's
   * order. Answers, per entry, its posting or the reason it was refused; a malformed entry is a
   * programming error and throws.
   */
  async postEach(trx: Tx, entries: readonly EntryDraft[]): Promise<(PostedEntry | 'insufficient_balance')[]> {
    if (entries.length === 0) return [];
    const { ids, balances } = await this.accountsOf(trx, entries);
    const { results } = applyEach(balances, entries);
    const accepted: EntryDraft[] = [];
    const applied: AppliedEntry[] = [];
    results.forEach((result, i) => {
      const entry = entries[i];
      if (!entry) throw new Error(`postEach: no entry #${i} for its result`);
      if (result.ok) {
        accepted.push(entry);
        applied.push(result.applied);
      } else if (result.reason !== 'insufficient_balance') {
        throw new Error(`Malformed journal entry #${i}: ${result.reason}`);
      }
    });
    const posted = accepted.length > 0 ? await this.write(trx, accepted, applied, ids) : [];
    // Only what was posted is announced: a refused entry moved nobody's money.
    this.announceAfterCommit(trx, accepted);
    let next = 0;
    return results.map((result) => {
      if (!result.ok) return 'insufficient_balance';
      const entry = posted[next++];
      if (!entry) throw new Error('postEach: fewer postings written than entries accepted');
      return entry;
    });
  }

  private announceAfterCommit(trx: Tx, entries: readonly EntryDraft[]): void {
    if (!this.announce) return;
    const changes = balanceChangesOf(entries);
    const { committer, changes: announced } = this.announce;
    if (changes.length > 0) committer.afterCommit(trx, () => announced.publish(changes));
  }

  /** The ids and current balances of every account the entries touch, locked on PostgreSQL. */
  private async accountsOf(trx: Tx, entries: readonly EntryDraft[]) {
    const refs = new Map<string, AccountRef>();
    for (const entry of entries) for (const p of entry.postings) refs.set(accountKey(p.account), p.account);
    const accounts = await this.resolveAccounts(trx, [...refs.values()]);
    const ids = new Map<string, number>();
    for (const [key, account] of accounts) ids.set(key, account.id);
    const balances = new Map<string, bigint>();
    if (this.dialect === 'postgres') {
      const locked = await this.rows.lockBalances(trx, [...ids.values()]);
      for (const [key, id] of ids)
        balances.set(key, required(locked.get(id), `the locked balance of account ${id}`));
    } else {
      // SQLite: the write transaction excludes every other writer, so the balances read with the
      // ids are the ones this transaction will update; there is nothing to lock.
      for (const [key, account] of accounts) balances.set(key, account.balance);
    }
    return { ids, balances };
  }

  /** Writes entries already applied in memory: their rows, postings and balances. */
  private async write(
    trx: Tx,
    entries: readonly EntryDraft[],
    applied: readonly AppliedEntry[],
    ids: ReadonlyMap<string, number>,
  ): Promise<PostedEntry[]> {
    const now = this.now();
    const entryIds = await this.rows.allocateEntryIds(trx, entries.length);
    await this.rows.insertEntries(trx, entries, entryIds, now);
    const reported = entryIds.filter((_, i) => REPORTED_ENTRY_TYPES.has(entries[i]?.type ?? ''));
    if (reported.length > 0) await this.rows.queueForReports(trx, reported, now);
    await this.rows.insertPostings(trx, postingRows(entries, entryIds, applied, ids), now);
    await this.updateBalances(trx, entries, ids);
    return entryIds.map((entryId, i) => ({
      entryId,
      balancesAfter: required(applied[i], `the applied entry #${i}`).balancesAfter,
    }));
  }

  /**
   * The accounts of the refs with their balances, creating the missing ones (a concurrent creator
   * is fine: the unique keys keep one, and it is read back).
   */
  private async resolveAccounts(trx: Tx, refs: readonly AccountRef[]): Promise<Map<string, FoundAccount>> {
    const found = await this.rows.findAccounts(trx, refs);
    const missing = refs.filter((ref) => !found.has(accountKey(ref)));
    if (missing.length === 0) return found;
    await this.rows.createAccounts(trx, missing, this.now());
    for (const [key, account] of await this.rows.findAccounts(trx, missing)) found.set(key, account);
    for (const ref of refs) {
      if (!found.has(accountKey(ref)))
        throw new Error(`Ledger account could not be created: ${accountKey(ref)}`);
    }
    return found;
  }

  /** Adds each account's net change to its balance; a user's balance may never go below zero. */
  private async updateBalances(trx: Tx, entries: readonly EntryDraft[], ids: ReadonlyMap<string, number>) {
    const deltas = new Map<number, bigint>();
    for (const entry of entries) {
      for (const p of entry.postings) {
        const id = accountIdOf(ids, p.account);
        deltas.set(id, (deltas.get(id) ?? 0n) + p.amountMinor);
      }
    }
    // In id order: the rows are found along the table's b-tree instead of at random, which makes a
    // batch touching thousands of accounts several times cheaper.
    const changed = [...deltas].filter(([, delta]) => delta !== 0n).sort(([a], [b]) => a - b);
    const updated = await this.rows.addToBalances(trx, changed);
    if (updated !== changed.length) {
      // Only reachable if a balance changed under our lock: refuse rather than write a wrong one.
      throw new InsufficientBalanceError(-1);
    }
  }
}

/** A value the code that produced it guarantees; its absence is a bug, never a default. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Ledger: ${what} is missing`);
  return value;
}

function accountIdOf(ids: ReadonlyMap<string, number>, account: AccountRef): number {
  return required(ids.get(accountKey(account)), `the id of account ${accountKey(account)}`);
}

/**
 * The postings of the entries as rows, grouped by user (a stable sort, so each user's postings keep
 * their order, and their ids the order of their balances after): the bills index is keyed by user,
 * and a batch that adds to the same user's end of it one posting after another touches each of its
 * pages once instead of jumping between users' pages row by row, which made large batches about 1.5
 * times slower. Platform postings, outside that index, come last.
 */
function postingRows(
  entries: readonly EntryDraft[],
  entryIds: readonly number[],
  applied: readonly AppliedEntry[],
  ids: ReadonlyMap<string, number>,
): PostingRow[] {
  const rows: PostingRow[] = [];
  entries.forEach((entry, i) => {
    const after = required(applied[i], `the applied entry #${i}`).balancesAfter;
    const entryId = required(entryIds[i], `the id of entry #${i}`);
    entry.postings.forEach((posting, p) =>
      rows.push({
        entry,
        entryId,
        posting,
        accountId: accountIdOf(ids, posting.account),
        after: required(after[p], `the balance after posting #${p} of entry #${i}`),
      }),
    );
  });
  const owner = (row: PostingRow) => row.posting.account.userId ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => owner(a) - owner(b));
}

/**
 * The balance after posting #`posting` of the one entry posted: the ledger answers one balance per
 * posting, so its absence is a bug, never zero.
 */
export function balanceAfter(posted: readonly PostedEntry[], posting: number): bigint {
  const value = posted.length === 1 ? posted[0]?.balancesAfter[posting] : undefined;
  if (value === undefined) throw new Error(`Ledger: no balance after posting #${posting} of one entry`);
  return value;
}
