import { sql, type Kysely } from 'kysely';
import { checkInvariants, type ReferenceGap, type Violation } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { BookRules } from './ledger-references.ts';

export interface InvariantReport {
  readonly ok: boolean;
  readonly violations: readonly Violation[];
  readonly accounts: number;
  readonly entries: number;
}

/**
 * Gathers the ledger's figures with aggregate queries and checks them against the domain's
 * invariants (packages/domain/src/ledger/invariants.ts). Tests run it after every scenario; operators
 * run `npm run ops -- check-ledger`. It reads in one transaction, so on PostgreSQL it sees one
 * consistent snapshot even while money keeps moving (repeatable read).
 */
export async function checkLedger(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  rules: readonly BookRules[],
): Promise<InvariantReport> {
  const read = async (trx: Kysely<Database>) => {
    if (dialect === 'postgres') await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
    const accounts = await sql<{
      id: number;
      vc_id: number;
      user_id: number | null;
      kind: string;
      balance_minor: bigint | string;
      posted_minor: bigint | string | null;
    }>`SELECT a.id, a.vc_id, a.user_id, a.kind, a.balance_minor, s.posted_minor
       FROM ledger_account a
       LEFT JOIN (SELECT account_id, SUM(amount_minor) AS posted_minor FROM journal_posting GROUP BY account_id) s
         ON s.account_id = a.id`.execute(trx);
    // Postings are grouped once, then matched to their entries: postings carry no per-entry index
    // (decision 026), and one pass over them is what the check costs either way.
    const unbalanced = await sql<{ entry_id: number; sum_minor: bigint | string | null }>`
      SELECT e.id AS entry_id, s.sum_minor
      FROM journal_entry e
      LEFT JOIN (SELECT entry_id, COUNT(*) AS n, SUM(amount_minor) AS sum_minor FROM journal_posting GROUP BY entry_id) s
        ON s.entry_id = e.id
      WHERE s.n IS NULL OR s.n < 2 OR s.sum_minor <> 0`.execute(trx);
    const entryCount = await sql<{ n: number | bigint }>`SELECT COUNT(*) AS n FROM journal_entry`.execute(
      trx,
    );
    const gaps = await referenceGaps(trx, rules);
    return {
      accounts: accounts.rows,
      unbalanced: unbalanced.rows,
      entries: Number(entryCount.rows[0]?.n ?? 0),
      gaps,
    };
  };
  const figures = await db.transaction().execute(read);
  const violations = checkInvariants({
    accounts: figures.accounts.map((a) => ({
      id: Number(a.id),
      vcId: Number(a.vc_id),
      userId: a.user_id === null ? null : Number(a.user_id),
      kind: a.kind,
      balanceMinor: BigInt(a.balance_minor),
      postedMinor: BigInt(a.posted_minor ?? 0),
    })),
    // An entry with fewer than two postings is reported with the sum it has; -0 would read as fine.
    unbalancedEntries: figures.unbalanced.map((e) => ({
      entryId: Number(e.entry_id),
      sumMinor: e.sum_minor === null || BigInt(e.sum_minor) === 0n ? -1n : BigInt(e.sum_minor),
    })),
    referenceGaps: figures.gaps,
  });
  return {
    ok: violations.length === 0,
    violations,
    accounts: figures.accounts.length,
    entries: figures.entries,
  };
}

async function referenceGaps(trx: Kysely<Database>, rules: readonly BookRules[]): Promise<ReferenceGap[]> {
  const gaps: ReferenceGap[] = [];
  const references = rules.flatMap((rule) => rule.references);
  const known = references.map((r) => r.refType);
  const unknown = await trx
    .selectFrom('journal_entry')
    .select(['ref_type', 'ref_id'])
    .where('ref_type', 'not in', known)
    .limit(100)
    .execute();
  for (const row of unknown) {
    gaps.push({
      kind: 'orphan_entry',
      refType: row.ref_type,
      refId: Number(row.ref_id),
      detail: 'unknown reference type',
    });
  }
  // Which types postings name at all: each is then checked once (postings have no index on it).
  const postingRefTypes = (
    await sql<{ ref_type: string }>`
      SELECT DISTINCT ref_type FROM journal_posting WHERE ref_type IS NOT NULL`.execute(trx)
  ).rows.map((row) => row.ref_type);
  for (const reference of references) {
    const table = sql.table(reference.table);
    const orphans = await sql<{ ref_id: number }>`
      SELECT e.ref_id FROM journal_entry e LEFT JOIN ${table} t ON t.id = e.ref_id
      WHERE e.ref_type = ${reference.refType} AND t.id IS NULL LIMIT 100`.execute(trx);
    for (const row of orphans.rows) {
      gaps.push({
        kind: 'orphan_entry',
        refType: reference.refType,
        refId: Number(row.ref_id),
        detail: `no ${reference.table} row`,
      });
    }
    // Postings that name a business row of their own (payouts inside a batch entry).
    const orphanPostings = postingRefTypes.includes(reference.refType)
      ? await sql<{ ref_id: number }>`
          SELECT p.ref_id FROM journal_posting p LEFT JOIN ${table} t ON t.id = p.ref_id
          WHERE p.ref_type = ${reference.refType} AND t.id IS NULL LIMIT 100`.execute(trx)
      : { rows: [] };
    for (const row of orphanPostings.rows) {
      gaps.push({
        kind: 'orphan_entry',
        refType: reference.refType,
        refId: Number(row.ref_id),
        detail: `posting names no ${reference.table} row`,
      });
    }
    for (const rule of reference.requires) {
      const missing = await sql<{ id: number }>`
        SELECT t.id FROM ${table} t WHERE (${sql.raw(rule.when)}) AND NOT EXISTS (
          SELECT 1 FROM journal_entry e WHERE e.ref_type = ${reference.refType} AND e.ref_id = t.id AND e.type = ${rule.type})
        LIMIT 100`.execute(trx);
      for (const row of missing.rows) {
        gaps.push({
          kind: 'missing_entry',
          refType: reference.refType,
          refId: Number(row.id),
          detail: `no ${rule.type} entry`,
        });
      }
    }
    for (const rule of reference.forbids ?? []) {
      const extra = await sql<{ id: number }>`
        SELECT t.id FROM ${table} t WHERE (${sql.raw(rule.when)}) AND EXISTS (
          SELECT 1 FROM journal_entry e WHERE e.ref_type = ${reference.refType} AND e.ref_id = t.id AND e.type = ${rule.type})
        LIMIT 100`.execute(trx);
      for (const row of extra.rows) {
        gaps.push({
          kind: 'orphan_entry',
          refType: reference.refType,
          refId: Number(row.id),
          detail: `unexpected ${rule.type} entry`,
        });
      }
    }
    for (const type of reference.once ?? []) {
      const repeated = await sql<{ ref_id: number }>`
        SELECT e.ref_id FROM journal_entry e WHERE e.ref_type = ${reference.refType} AND e.type = ${type}
        GROUP BY e.ref_id HAVING COUNT(*) > 1 LIMIT 100`.execute(trx);
      for (const row of repeated.rows) {
        gaps.push({
          kind: 'orphan_entry',
          refType: reference.refType,
          refId: Number(row.ref_id),
          detail: `more than one ${type} entry`,
        });
      }
    }
  }
  for (const refType of postingRefTypes) {
    if (!known.includes(refType))
      gaps.push({ kind: 'orphan_entry', refType, refId: 0, detail: 'posting names an unknown type' });
  }
  for (const rule of rules) if (rule.audit) gaps.push(...(await rule.audit(trx)));
  return gaps;
}
