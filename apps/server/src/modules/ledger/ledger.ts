import type { Kysely } from 'kysely';
import { accountKey, applyEntries, mayGoNegative, type AccountRef, type EntryDraft } from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { chunked, SqlBatch } from './sql-batch.ts';

interface AccountIdRow {
  id: number | bigint;
  user_id: number | bigint | null;
  vc_id: number | bigint;
  kind: string;
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
  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {}

  async post(trx: Tx, entries: readonly EntryDraft[]): Promise<PostedEntry[]> {
    if (entries.length === 0) return [];
    const refs = new Map<string, AccountRef>();
    for (const entry of entries) for (const p of entry.postings) refs.set(accountKey(p.account), p.account);
    const ids = await this.resolveAccounts(trx, [...refs.values()]);
    const balances = await this.lockBalances(trx, [...ids.values()]);

    const byKey = new Map<string, bigint>();
    for (const [key, id] of ids) byKey.set(key, balances.get(id) ?? 0n);
    const applied = applyEntries(byKey, entries);
    if (!applied.ok) {
      if (applied.reason === 'insufficient_balance') throw new InsufficientBalanceError(applied.index);
      throw new Error(`Malformed journal entry #${applied.index}: ${applied.reason}`);
    }

    const now = this.now();
    const entryIds = await this.allocateEntryIds(trx, entries.length);
    await this.insertEntries(trx, entries, entryIds, now);
    await this.insertPostings(trx, entries, entryIds, applied.entries, ids, now);
    await this.updateBalances(trx, entries, ids);
    return entryIds.map((entryId, i) => ({
      entryId,
      balancesAfter: applied.entries[i]?.balancesAfter ?? [],
    }));
  }

  /** Account ids for the refs, creating the missing accounts (a concurrent creator is fine). */
  private async resolveAccounts(trx: Tx, refs: readonly AccountRef[]): Promise<Map<string, number>> {
    const ids = await this.findAccounts(trx, refs);
    const missing = refs.filter((ref) => !ids.has(accountKey(ref)));
    if (missing.length === 0) return ids;
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
    for (const [key, id] of await this.findAccounts(trx, missing)) ids.set(key, id);
    for (const ref of refs) {
      if (!ids.has(accountKey(ref)))
        throw new Error(`Ledger account could not be created: ${accountKey(ref)}`);
    }
    return ids;
  }

  /**
   * Looks accounts up grouped by currency and kind, with the users' ids in IN lists: one short
   * statement per group and chunk, where an OR per account would hit SQLite's expression-depth
   * limit on a batch of thousands.
   */
  private async findAccounts(trx: Tx, refs: readonly AccountRef[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
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
      const chunks = group.platform ? [[]] : chunked(group.userIds, 1);
      for (const chunk of chunks) {
        const batch = new SqlBatch(this.dialect);
        // Placeholders are bound in the order they appear in the text (SQLite's `?` is positional).
        const currency = `vc_id = ${batch.bindBigint(group.vcId)} AND kind = ${batch.bind(group.kind)}`;
        const owner = group.platform
          ? 'user_id IS NULL'
          : `user_id IN (${chunk.map((id) => batch.bindBigint(id)).join(', ')})`;
        const found = await batch.run<AccountIdRow>(
          trx,
          `SELECT id, user_id, vc_id, kind FROM ledger_account
           WHERE ${currency} AND ${owner}`,
        );
        for (const row of found.rows) {
          const ref = {
            userId: row.user_id === null ? null : Number(row.user_id),
            vcId: Number(row.vc_id),
            kind: row.kind,
          } as AccountRef;
          ids.set(accountKey(ref), Number(row.id));
        }
      }
    }
    return ids;
  }

  private async lockBalances(trx: Tx, ids: readonly number[]): Promise<Map<number, bigint>> {
    const balances = new Map<number, bigint>();
    // Always in id order, so two transactions locking overlapping accounts cannot deadlock.
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    for (const chunk of chunked(sorted, 1)) {
      const batch = new SqlBatch(this.dialect);
      const list = chunk.map((id) => batch.bindBigint(id)).join(', ');
      const lock = this.dialect === 'postgres' ? ' ORDER BY id FOR UPDATE' : '';
      const result = await batch.run<{ id: number | bigint; balance_minor: bigint | string }>(
        trx,
        `SELECT id, balance_minor FROM ledger_account WHERE id IN (${list})${lock}`,
      );
      for (const row of result.rows) balances.set(Number(row.id), BigInt(row.balance_minor));
    }
    return balances;
  }

  /**
   * Entry ids are allocated before the rows are written, because postings refer to them and a
   * multi-row INSERT ... RETURNING does not promise to answer ids in row order.
   */
  private async allocateEntryIds(trx: Tx, count: number): Promise<number[]> {
    if (this.dialect === 'postgres') {
      const batch = new SqlBatch(this.dialect);
      const result = await batch.run<{ id: bigint | string }>(
        trx,
        `SELECT nextval(pg_get_serial_sequence('journal_entry', 'id')) AS id FROM generate_series(1, ${batch.bind(count)}::int)`,
      );
      return result.rows.map((r) => Number(r.id));
    }
    // SQLite: the write transaction excludes every other writer, so the next ids are ours.
    const batch = new SqlBatch(this.dialect);
    const result = await batch.run<{ last: number | bigint | null }>(
      trx,
      'SELECT max(id) AS last FROM journal_entry',
    );
    const last = Number(result.rows[0]?.last ?? 0);
    return Array.from({ length: count }, (_, i) => last + 1 + i);
  }

  private async insertEntries(trx: Tx, entries: readonly EntryDraft[], ids: readonly number[], now: number) {
    const rows = entries.map((entry, i) => ({ entry, id: ids[i] ?? 0 }));
    for (const chunk of chunked(rows, 7)) {
      const batch = new SqlBatch(this.dialect);
      const values = chunk.map(
        ({ entry, id }) =>
          `(${batch.bindBigint(id)}, ${batch.bind(entry.type)}, ${batch.bindBigint(entry.vcId)}, ${batch.bind(entry.refType)}, ${batch.bindBigint(entry.refId)}, ${batch.bind(entry.memo ?? null)}, ${batch.bindBigint(now)})`,
      );
      await batch.run(
        trx,
        `INSERT INTO journal_entry (id, type, vc_id, ref_type, ref_id, memo, created_at) VALUES ${values.join(', ')}`,
      );
    }
  }

  private async insertPostings(
    trx: Tx,
    entries: readonly EntryDraft[],
    entryIds: readonly number[],
    applied: readonly { balancesAfter: readonly bigint[] }[],
    ids: ReadonlyMap<string, number>,
    now: number,
  ) {
    const batchRows: { entry: EntryDraft; entryId: number; posting: number; after: bigint }[] = [];
    entries.forEach((entry, i) => {
      entry.postings.forEach((_, p) =>
        batchRows.push({
          entry,
          entryId: entryIds[i] ?? 0,
          posting: p,
          after: applied[i]?.balancesAfter[p] ?? 0n,
        }),
      );
    });
    for (const chunk of chunked(batchRows, 8)) {
      const batch = new SqlBatch(this.dialect);
      const values = chunk.map(({ entry, entryId, posting, after }) => {
        const p = entry.postings[posting];
        if (!p) throw new Error('posting index out of range');
        return `(${batch.bindBigint(entryId)}, ${batch.bindBigint(ids.get(accountKey(p.account)) ?? 0)}, ${batch.bindBigint(p.account.userId)}, ${batch.bindBigint(entry.vcId)}, ${batch.bind(entry.type)}, ${batch.bindBigint(p.amountMinor)}, ${batch.bindBigint(after)}, ${batch.bindBigint(now)})`;
      });
      await batch.run(
        trx,
        `INSERT INTO journal_posting (entry_id, account_id, user_id, vc_id, entry_type, amount_minor, balance_after_minor, created_at) VALUES ${values.join(', ')}`,
      );
    }
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
    const changed = [...deltas].filter(([, d]) => d.delta !== 0n);
    for (const chunk of chunked(changed, 2)) {
      const batch = new SqlBatch(this.dialect);
      const values = chunk
        .map(([id, d]) => `(${batch.bindBigint(id)}, ${batch.bindBigint(d.delta)})`)
        .join(', ');
      const text =
        this.dialect === 'postgres'
          ? `UPDATE ledger_account AS a SET balance_minor = a.balance_minor + v.delta
             FROM (VALUES ${values}) AS v(id, delta)
             WHERE a.id = v.id AND (a.user_id IS NULL OR a.balance_minor + v.delta >= 0)`
          : `UPDATE ledger_account SET balance_minor = balance_minor + v.delta
             FROM (SELECT column1 AS id, column2 AS delta FROM (VALUES ${values})) AS v
             WHERE ledger_account.id = v.id AND (ledger_account.user_id IS NULL OR ledger_account.balance_minor + v.delta >= 0)`;
      const result = await batch.run(trx, text);
      if (Number(result.numAffectedRows ?? 0n) !== chunk.length) {
        // Only reachable if a balance changed under our lock: refuse rather than write a wrong one.
        throw new InsufficientBalanceError(-1);
      }
    }
  }
}
