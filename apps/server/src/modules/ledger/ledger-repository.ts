import { accountKey, type AccountRef, type EntryDraft, type Posting } from '@vela/domain';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { allocateIds, chunked, RowsStatement, SqlBatch } from '../storage/sql-batch.ts';

/** The caller's transaction (or savepoint): the ledger never commits by itself. */
export type Tx = Kysely<Database>;

interface AccountIdRow {
  id: number | bigint;
  user_id: number | bigint | null;
  balance_minor: bigint | string;
}

export interface FoundAccount {
  readonly id: number;
  /** The balance as read; authoritative on SQLite only, where the transaction excludes writers. */
  readonly balance: bigint;
}

/** One posting as it is written: its entry, its account's id and the balance after it. */
export interface PostingRow {
  entry: EntryDraft;
  entryId: number;
  posting: Posting;
  accountId: number;
  after: bigint;
}

/**
 * Every statement of the ledger's tables (accounts, journal entries, postings). They are raw
 * multi-row statements, not query-builder calls: posting a settlement batch writes tens of
 * thousands of rows, and one statement per chunk of rows, its text built once per row count
 * (`RowsStatement`), is what keeps that to a handful of round trips (decision 018).
 */
export class LedgerRepository {
  private readonly statements: ReturnType<typeof ledgerStatements>;

  constructor(private readonly dialect: Dialect) {
    this.statements = ledgerStatements(dialect);
  }

  allocateEntryIds(trx: Tx, count: number): Promise<number[]> {
    return allocateIds(trx, this.dialect, 'journal_entry', count);
  }

  /** Creates the accounts; another transaction may create the same ones meanwhile, and the unique keys keep one. */
  async createAccounts(trx: Tx, refs: readonly AccountRef[], now: number): Promise<void> {
    for (const chunk of chunked(refs, 4)) {
      const batch = new SqlBatch(this.dialect);
      const rows = chunk.map(
        (r) =>
          `(${batch.bindBigint(r.userId)}, ${batch.bindBigint(r.vcId)}, ${batch.bind(r.kind)}, ${batch.bindBigint(now)})`,
      );
      await batch.run(
        trx,
        `INSERT INTO ledger_account (user_id, vc_id, kind, created_at) VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
      );
    }
  }

  /**
   * Looks accounts up grouped by currency and kind, with the users' ids in IN lists: one short
   * statement per group and chunk, where an OR per account would hit SQLite's expression-depth
   * limit on a batch of thousands.
   */
  async findAccounts(trx: Tx, refs: readonly AccountRef[]): Promise<Map<string, FoundAccount>> {
    const accounts = new Map<string, FoundAccount>();
    for (const group of accountGroups(refs)) {
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

  /** Locks the accounts (PostgreSQL) and reads their balances. */
  async lockBalances(trx: Tx, ids: readonly number[]): Promise<Map<number, bigint>> {
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

  async insertEntries(trx: Tx, entries: readonly EntryDraft[], ids: readonly number[], now: number) {
    if (ids.length !== entries.length) throw new Error('insertEntries: one id per entry is needed');
    let i = 0;
    await this.statements.entries.run(trx, entries, (entry, values) => {
      values.push(ids[i++], entry.type, entry.vcId, entry.refType, entry.refId, entry.memo ?? null, now);
    });
  }

  /**
   * Queues entries for the report roll-up (decision 049), in the transaction that writes them, so
   * every committed entry is rolled up once and a rolled-back one never.
   */
  async queueForReports(trx: Tx, entryIds: readonly number[], now: number): Promise<void> {
    await this.statements.reportQueue.run(trx, entryIds, (id, values) => values.push(id, now));
  }

  async insertPostings(trx: Tx, rows: readonly PostingRow[], now: number) {
    await this.statements.postings.run(
      trx,
      rows,
      ({ entry, entryId, posting: p, accountId, after }, values) => {
        values.push(
          entryId,
          accountId,
          p.account.userId,
          // The posting's own currency: an exchange's postings are in two (decision 046).
          p.account.vcId,
          entry.type,
          p.amountMinor,
          after,
          now,
          p.ref?.refType ?? null,
          p.ref?.refId ?? null,
        );
      },
    );
  }

  /**
   * Adds each delta to its account's balance, one UPDATE per chunk; a user's account is left alone
   * when the change would take it below zero. Answers how many accounts were updated.
   */
  async addToBalances(trx: Tx, deltas: readonly (readonly [number, bigint])[]): Promise<number> {
    const results = await this.statements.balances.run(trx, deltas, ([id, delta], values) =>
      values.push(id, delta),
    );
    let updated = 0;
    for (const result of results) updated += Number(result.numAffectedRows ?? 0n);
    return updated;
  }
}

/** The refs grouped by currency, kind and owner (platform accounts have no user). */
function accountGroups(refs: readonly AccountRef[]) {
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
  return groups.values();
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
    reportQueue: new RowsStatement(
      dialect,
      ['bigint', 'bigint'],
      (rows) => `INSERT INTO report_queue (entry_id, created_at) VALUES ${rows}`,
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
