import type { Kysely } from 'kysely';
import {
  accountKey,
  applyEach,
  applyEntries,
  mayGoNegative,
  type AccountRef,
  type AppliedEntry,
  type EntryDraft,
  type Posting,
} from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { allocateIds, chunked, RowsStatement, SqlBatch } from '../storage/sql-batch.ts';

interface AccountIdRow {
  id: number | bigint;
  user_id: number | bigint | null;
  balance_minor: bigint | string;
}

interface FoundAccount {
  readonly id: number;
  /** The balance as read; authoritative on SQLite only, where the transaction excludes writers. */
  readonly balance: bigint;
}

/** The caller's transaction (or savepoint): the ledger never commits by itself. */
export type Tx = Kysely<Database>;

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
 * The one write path of money (DESIGN.md §4, decision 018). `post` runs inside the caller's
 * transaction, next to the business row it writes, and for any number of entries:
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
  private readonly statements: ReturnType<typeof ledgerStatements>;

  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {
    this.statements = ledgerStatements(dialect);
  }

  async post(trx: Tx, entries: readonly EntryDraft[]): Promise<PostedEntry[]> {
    if (entries.length === 0) return [];
    const { ids, balances } = await this.accountsOf(trx, entries);
    const applied = applyEntries(balances, entries);
    if (!applied.ok) {
      if (applied.reason === 'insufficient_balance') throw new InsufficientBalanceError(applied.index);
      throw new Error(`Malformed journal entry #${applied.index}: ${applied.reason}`);
    }
    return this.write(trx, entries, applied.entries, ids);
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
      if (!entry) return;
      if (result.ok) {
        accepted.push(entry);
        applied.push(result.applied);
      } else if (result.reason !== 'insufficient_balance') {
        throw new Error(`Malformed journal entry #${i}: ${result.reason}`);
      }
    });
    const posted = accepted.length > 0 ? await this.write(trx, accepted, applied, ids) : [];
    let next = 0;
    return results.map((result) =>
      result.ok ? (posted[next++] ?? 'insufficient_balance') : 'insufficient_balance',
    );
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
      const locked = await this.lockBalances(trx, [...ids.values()]);
      for (const [key, id] of ids) balances.set(key, locked.get(id) ?? 0n);
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
    const entryIds = await allocateIds(trx, this.dialect, 'journal_entry', entries.length);
    await this.insertEntries(trx, entries, entryIds, now);
    await this.insertPostings(trx, entries, entryIds, applied, ids, now);
    await this.updateBalances(trx, entries, ids);
    return entryIds.map((entryId, i) => ({
      entryId,
      balancesAfter: applied[i]?.balancesAfter ?? [],
    }));
  }

  /**
   * The accounts of the refs with their balances, creating the missing ones (a concurrent creator
   * is fine: the unique keys keep one, and it is read back).
   */
  private async resolveAccounts(trx: Tx, refs: readonly AccountRef[]): Promise<Map<string, FoundAccount>> {
    const found = await this.findAccounts(trx, refs);
    const missing = refs.filter((ref) => !found.has(accountKey(ref)));
    if (missing.length === 0) return found;
    const now = this.now();
    for (const chunk of chunked(missing, 4)) {
      const batch = new SqlBatch(this.dialect);
      const rows = chunk.map(
        (r) =>
          `(${batch.bindBigint(r.userId)}, ${batch.bindBigint(r.vcId)}, ${batch.bind(r.kind)}, ${batch.bindBigint(now)})`,
      );
      // Another transaction may create the same account meanwhile; the unique keys keep one.
      await batch.run(
        trx,
        `INSERT INTO ledger_account (user_id, vc_id, kind, created_at) VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
      );
    }
    for (const [key, account] of await this.findAccounts(trx, missing)) found.set(key, account);
    for (const ref of refs) {
      if (!found.has(accountKey(ref)))
        throw new Error(`Ledger account could not be created: ${accountKey(ref)}`);
    }
    return found;
  }

  /**
   * Looks accounts up grouped by currency and kind, with the users' ids in IN lists: one short
   * statement per group and chunk, where an OR per account would hit SQLite's expression-depth
   * limit on a batch of thousands.
   */
  private async findAccounts(trx: Tx, refs: readonly AccountRef[]): Promise<Map<string, FoundAccount>> {
    const accounts = new Map<string, FoundAccount>();
    const groups = new Map<string, { vcId: number; kind: string; userIds: number[]; platform: boolean }>();
    for (const ref of refs) {
      const groupKey = `${ref.userId === null ? 'p' : 'u'}:${ref.vcId}:${ref.kind}`;
      const group = groups.get(groupKey) ?? {
        vcId: ref.vcId,
        kind: ref.kind,
        userIds: [],
        platform: ref.userId === null,
      };
      if (ref.userId !== null) group.userIds.push(ref.userId);
      groups.set(groupKey, group);
    }
    for (const group of groups.values()) {
      const results = group.platform
        ? [await this.platformAccount(trx, group.vcId, group.kind)]
        : await this.statements.userAccounts.run<number, AccountIdRow>(
            trx,
            group.userIds,
            (userId, values) => values.push(userId),
            [group.vcId, group.kind],
          );
      for (const result of results) {
        for (const row of result.rows) {
          const ref = {
            userId: row.user_id === null ? null : Number(row.user_id),
            vcId: group.vcId,
            kind: group.kind,
          } as AccountRef;
          accounts.set(accountKey(ref), { id: Number(row.id), balance: BigInt(row.balance_minor) });
        }
      }
    }
    return accounts;
  }

  private platformAccount(trx: Tx, vcId: number, kind: string) {
    const batch = new SqlBatch(this.dialect);
    return batch.run<AccountIdRow>(
      trx,
      `SELECT id, user_id, balance_minor FROM ledger_account
       WHERE vc_id = ${batch.bindBigint(vcId)} AND kind = ${batch.bind(kind)} AND user_id IS NULL`,
    );
  }

  private async lockBalances(trx: Tx, ids: readonly number[]): Promise<Map<number, bigint>> {
    const balances = new Map<number, bigint>();
    // Always in id order, so two transactions locking overlapping accounts cannot deadlock.
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    const results = await this.statements.lockAccounts.run<
      number,
      { id: number | bigint; balance_minor: bigint | string }
    >(trx, sorted, (id, values) => values.push(id));
    for (const result of results) {
      for (const row of result.rows) balances.set(Number(row.id), BigInt(row.balance_minor));
    }
    return balances;
  }

  private async insertEntries(trx: Tx, entries: readonly EntryDraft[], ids: readonly number[], now: number) {
    let i = 0;
    await this.statements.entries.run(trx, entries, (entry, values) => {
      values.push(ids[i++] ?? 0, entry.type, entry.vcId, entry.refType, entry.refId, entry.memo ?? null, now);
    });
  }

  private async insertPostings(
    trx: Tx,
    entries: readonly EntryDraft[],
    entryIds: readonly number[],
    applied: readonly { balancesAfter: readonly bigint[] }[],
    ids: ReadonlyMap<string, number>,
    now: number,
  ) {
    const rows: { entry: EntryDraft; entryId: number; posting: Posting; after: bigint }[] = [];
    entries.forEach((entry, i) => {
      const after = applied[i]?.balancesAfter ?? [];
      entry.postings.forEach((posting, p) =>
        rows.push({ entry, entryId: entryIds[i] ?? 0, posting, after: after[p] ?? 0n }),
      );
    });
    // Grouped by user (a stable sort, so each user's postings keep their order, and their ids the
    // order of their balances after): the bills index is keyed by user, and a batch that adds to the
    // same user's end of it one posting after another touches each of its pages once instead of
    // jumping between users' pages row by row, which made large batches about 1.5 times slower.
    // Platform postings, outside that index, come last.
    const owner = (row: (typeof rows)[number]) => row.posting.account.userId ?? Number.MAX_SAFE_INTEGER;
    rows.sort((a, b) => owner(a) - owner(b));
    await this.statements.postings.run(trx, rows, ({ entry, entryId, posting: p, after }, values) => {
      values.push(
        entryId,
        ids.get(accountKey(p.account)) ?? 0,
        p.account.userId,
        entry.vcId,
        entry.type,
        p.amountMinor,
        after,
        now,
        p.ref?.refType ?? null,
        p.ref?.refId ?? null,
      );
    });
  }

  /** One UPDATE per chunk of accounts, each row guarded against going below zero. */
  private async updateBalances(trx: Tx, entries: readonly EntryDraft[], ids: ReadonlyMap<string, number>) {
    const deltas = new Map<number, { delta: bigint; guarded: boolean }>();
    for (const entry of entries) {
      for (const p of entry.postings) {
        const id = ids.get(accountKey(p.account)) ?? 0;
        const current = deltas.get(id);
        deltas.set(id, {
          delta: (current?.delta ?? 0n) + p.amountMinor,
          guarded: !mayGoNegative(p.account),
        });
      }
    }
    // In id order: the rows are found along the table's b-tree instead of at random, which makes a
    // batch touching thousands of accounts several times cheaper.
    const changed = [...deltas].filter(([, d]) => d.delta !== 0n).sort(([a], [b]) => a - b);
    const results = await this.statements.balances.run(trx, changed, ([id, d], values) =>
      values.push(id, d.delta),
    );
    let updated = 0;
    for (const result of results) updated += Number(result.numAffectedRows ?? 0n);
    if (updated !== changed.length) {
      // Only reachable if a balance changed under our lock: refuse rather than write a wrong one.
      throw new InsufficientBalanceError(-1);
    }
  }
}

/**
 * The ledger's multi-row statements, their texts built once per row count (`RowsStatement`).
 * Values are bound in the order the placeholders appear: SQLite's `?` is positional.
 */
function ledgerStatements(dialect: Dialect) {
  const postgres = dialect === 'postgres';
  return {
    userAccounts: new RowsStatement(
      dialect,
      ['bigint'],
      (ids) =>
        `SELECT id, user_id, balance_minor FROM ledger_account WHERE vc_id = ${postgres ? '$1::bigint' : '?'} AND kind = ${postgres ? '$2' : '?'} AND user_id IN (${ids})`,
      { leading: 2, flat: true },
    ),
    lockAccounts: new RowsStatement(
      dialect,
      ['bigint'],
      (ids) =>
        `SELECT id, balance_minor FROM ledger_account WHERE id IN (${ids})${postgres ? ' ORDER BY id FOR UPDATE' : ''}`,
      { flat: true },
    ),
    entries: new RowsStatement(
      dialect,
      ['bigint', 'plain', 'bigint', 'plain', 'bigint', 'plain', 'bigint'],
      (rows) =>
        `INSERT INTO journal_entry (id, type, vc_id, ref_type, ref_id, memo, created_at) VALUES ${rows}`,
    ),
    postings: new RowsStatement(
      dialect,
      ['bigint', 'bigint', 'bigint', 'bigint', 'plain', 'bigint', 'bigint', 'bigint', 'plain', 'bigint'],
      (rows) =>
        `INSERT INTO journal_posting (entry_id, account_id, user_id, vc_id, entry_type, amount_minor, balance_after_minor, created_at, ref_type, ref_id) VALUES ${rows}`,
    ),
    balances: new RowsStatement(dialect, ['bigint', 'bigint'], (rows) =>
      postgres
        ? `UPDATE ledger_account AS a SET balance_minor = a.balance_minor + v.delta
           FROM (VALUES ${rows}) AS v(id, delta)
           WHERE a.id = v.id AND (a.user_id IS NULL OR a.balance_minor + v.delta >= 0)`
        : `UPDATE ledger_account SET balance_minor = balance_minor + v.delta
           FROM (SELECT column1 AS id, column2 AS delta FROM (VALUES ${rows})) AS v
           WHERE ledger_account.id = v.id AND (ledger_account.user_id IS NULL OR ledger_account.balance_minor + v.delta >= 0)`,
    ),
  };
}
