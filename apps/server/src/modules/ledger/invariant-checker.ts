import type { Kysely } from 'kysely';
import { checkInvariants, type ReferenceGap, type Violation } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import {
  accountSums,
  countEntries,
  entriesOfUnknownTypes,
  entriesWithoutRow,
  postingReferenceTypes,
  postingsWithoutRow,
  readOneSnapshot,
  repeatedEntries,
  rowsByEntry,
  unbalancedEntries,
} from './invariant-repository.ts';
import type { BookRules, LedgerReference } from './ledger-references.ts';

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
  const figures = await db.transaction().execute(async (trx) => {
    await readOneSnapshot(trx, dialect);
    return {
      accounts: await accountSums(trx),
      unbalanced: await unbalancedEntries(trx),
      entries: await countEntries(trx),
      gaps: await referenceGaps(trx, rules),
    };
  });
  const violations = checkInvariants({
    accounts: figures.accounts.map((a) => ({
      id: Number(a.id),
      vcId: Number(a.vc_id),
      userId: a.user_id === null ? null : Number(a.user_id),
      kind: a.kind,
      balanceMinor: BigInt(a.balance_minor),
      // An account without postings has posted nothing: zero is the rule, not a fallback.
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
  const references = rules.flatMap((rule) => rule.references);
  const known = references.map((r) => r.refType);
  const gaps: ReferenceGap[] = (await entriesOfUnknownTypes(trx, known)).map((row) => ({
    kind: 'orphan_entry',
    refType: row.ref_type,
    refId: Number(row.ref_id),
    detail: 'unknown reference type',
  }));
  const postingRefTypes = await postingReferenceTypes(trx);
  for (const reference of references) {
    gaps.push(...(await gapsOfReference(trx, reference, postingRefTypes.includes(reference.refType))));
  }
  for (const refType of postingRefTypes) {
    if (!known.includes(refType))
      gaps.push({ kind: 'orphan_entry', refType, refId: 0, detail: 'posting names an unknown type' });
  }
  for (const rule of rules) if (rule.audit) gaps.push(...(await rule.audit(trx)));
  return gaps;
}

/** The gaps of one declared reference: orphans, missing, forbidden and repeated entries. */
async function gapsOfReference(
  trx: Kysely<Database>,
  reference: LedgerReference,
  postingsNameIt: boolean,
): Promise<ReferenceGap[]> {
  const { refType, table } = reference;
  const gap = (kind: ReferenceGap['kind'], detail: string) => (refId: number) => ({
    kind,
    refType,
    refId,
    detail,
  });
  const gaps: ReferenceGap[] = (await entriesWithoutRow(trx, reference)).map(
    gap('orphan_entry', `no ${table} row`),
  );
  if (postingsNameIt) {
    const orphans = await postingsWithoutRow(trx, reference);
    gaps.push(...orphans.map(gap('orphan_entry', `posting names no ${table} row`)));
  }
  for (const rule of reference.requires) {
    const missing = await rowsByEntry(trx, reference, rule, true);
    gaps.push(...missing.map(gap('missing_entry', `no ${rule.type} entry`)));
  }
  for (const rule of reference.forbids ?? []) {
    const extra = await rowsByEntry(trx, reference, rule, false);
    gaps.push(...extra.map(gap('orphan_entry', `unexpected ${rule.type} entry`)));
  }
  for (const type of reference.once ?? []) {
    const repeated = await repeatedEntries(trx, reference, type);
    gaps.push(...repeated.map(gap('orphan_entry', `more than one ${type} entry`)));
  }
  return gaps;
}
