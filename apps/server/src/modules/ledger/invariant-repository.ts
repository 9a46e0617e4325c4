import { sql, type Kysely } from 'kysely';
import type { EntryType } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { LedgerReference } from './ledger-references.ts';

type Db = Kysely<Database>;

/** At most this many rows of one kind of gap are read: a report, not a dump. */
const GAPS_LISTED = 100;

export interface AccountSumRow {
  id: number;
  vc_id: number;
  user_id: number | null;
  kind: string;
  balance_minor: bigint | string;
  posted_minor: bigint | string | null;
}

/**
 * The invariant checker's reads of the ledger's tables and of the business tables the modules'
 * books name. They are aggregate and anti-join statements in SQL text: the checker reads every
 * posting once, which the query builder would express no better.
 */

/** PostgreSQL: one consistent snapshot for the whole check while money keeps moving. */
export async function readOneSnapshot(trx: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
}

/** Every account with its balance and the sum of its postings. */
export async function accountSums(trx: Db): Promise<AccountSumRow[]> {
  const result =
    await sql<AccountSumRow>`SELECT a.id, a.vc_id, a.user_id, a.kind, a.balance_minor, s.posted_minor
     FROM ledger_account a
     LEFT JOIN (SELECT account_id, SUM(amount_minor) AS posted_minor FROM journal_posting GROUP BY account_id) s
       ON s.account_id = a.id`.execute(trx);
  return result.rows;
}

/**
 * Entries with fewer than two postings, or whose postings do not sum to zero in some currency (an
 * exchange's postings are in two, each balanced on its own). Postings are grouped once, then
 * matched to their entries: postings carry no per-entry index (decision 026).
 */
export async function unbalancedEntries(
  trx: Db,
): Promise<{ entry_id: number; sum_minor: bigint | string | null }[]> {
  const result = await sql<{ entry_id: number; sum_minor: bigint | string | null }>`
    SELECT e.id AS entry_id, s.sum_minor
    FROM journal_entry e
    LEFT JOIN (SELECT entry_id, COUNT(*) AS n, SUM(amount_minor) AS sum_minor FROM journal_posting GROUP BY entry_id) s
      ON s.entry_id = e.id
    WHERE s.n IS NULL OR s.n < 2
    UNION ALL
    SELECT entry_id, SUM(amount_minor) AS sum_minor FROM journal_posting
    GROUP BY entry_id, vc_id HAVING SUM(amount_minor) <> 0`.execute(trx);
  return result.rows;
}

export async function countEntries(trx: Db): Promise<number> {
  const result = await sql<{ n: number | bigint }>`SELECT COUNT(*) AS n FROM journal_entry`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error('COUNT(*) answered no row');
  return Number(row.n);
}

/** Entries whose reference type no module declares. */
export function entriesOfUnknownTypes(trx: Db, known: readonly string[]) {
  return trx
    .selectFrom('journal_entry')
    .select(['ref_type', 'ref_id'])
    .where('ref_type', 'not in', known)
    .limit(GAPS_LISTED)
    .execute();
}

/** Which reference types postings name at all (postings have no index on it: one pass). */
export async function postingReferenceTypes(trx: Db): Promise<string[]> {
  const result = await sql<{ ref_type: string }>`
    SELECT DISTINCT ref_type FROM journal_posting WHERE ref_type IS NOT NULL`.execute(trx);
  return result.rows.map((row) => row.ref_type);
}

/** Entries of the reference whose business row does not exist. */
export async function entriesWithoutRow(trx: Db, reference: LedgerReference): Promise<number[]> {
  const result = await sql<{ ref_id: number }>`
    SELECT e.ref_id FROM journal_entry e LEFT JOIN ${sql.table(reference.table)} t ON t.id = e.ref_id
    WHERE e.ref_type = ${reference.refType} AND t.id IS NULL LIMIT ${GAPS_LISTED}`.execute(trx);
  return result.rows.map((row) => Number(row.ref_id));
}

/** Postings that name a business row of their own (payouts inside a batch entry) that does not exist. */
export async function postingsWithoutRow(trx: Db, reference: LedgerReference): Promise<number[]> {
  const result = await sql<{ ref_id: number }>`
    SELECT p.ref_id FROM journal_posting p LEFT JOIN ${sql.table(reference.table)} t ON t.id = p.ref_id
    WHERE p.ref_type = ${reference.refType} AND t.id IS NULL LIMIT ${GAPS_LISTED}`.execute(trx);
  return result.rows.map((row) => Number(row.ref_id));
}

/**
 * Rows of the reference's table where `when` holds and an entry of the type is missing (`missing`
 * true) or present (`missing` false). `when` is the module's own SQL condition on the row (alias
 * `t`), declared in code, never from input.
 */
export async function rowsByEntry(
  trx: Db,
  reference: LedgerReference,
  rule: { type: EntryType; when: string },
  missing: boolean,
): Promise<number[]> {
  const exists = missing ? sql`NOT EXISTS` : sql`EXISTS`;
  const result = await sql<{ id: number }>`
    SELECT t.id FROM ${sql.table(reference.table)} t WHERE (${sql.raw(rule.when)}) AND ${exists} (
      SELECT 1 FROM journal_entry e WHERE e.ref_type = ${reference.refType} AND e.ref_id = t.id AND e.type = ${rule.type})
    LIMIT ${GAPS_LISTED}`.execute(trx);
  return result.rows.map((row) => Number(row.id));
}

/** Business rows with more than one entry of the type. */
export async function repeatedEntries(
  trx: Db,
  reference: LedgerReference,
  type: EntryType,
): Promise<number[]> {
  const result = await sql<{ ref_id: number }>`
    SELECT e.ref_id FROM journal_entry e WHERE e.ref_type = ${reference.refType} AND e.type = ${type}
    GROUP BY e.ref_id HAVING COUNT(*) > 1 LIMIT ${GAPS_LISTED}`.execute(trx);
  return result.rows.map((row) => Number(row.ref_id));
}
