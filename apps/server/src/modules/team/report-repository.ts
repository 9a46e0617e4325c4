import { sql, type Kysely } from 'kysely';
import {
  emptyFigures,
  REPORT_AMOUNTS,
  REPORT_COUNTS,
  type Figures,
  type ReportAmount,
  type ReportCount,
  type ReportEntry,
  type RollupKey,
  type TimedResult,
} from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { chunked, RowsStatement, rowsStatementPerDialect } from '../storage/sql-batch.ts';

/** The roll-up's column of each figure. */
const COLUMNS: Record<ReportAmount | ReportCount, string> = {
  profit: 'profit_minor',
  orderAmount: 'order_minor',
  orderCount: 'order_count',
  fee: 'fee_minor',
  bonus: 'bonus_minor',
  rebate: 'rebate_minor',
  recharge: 'recharge_minor',
  rechargeFee: 'recharge_fee_minor',
  rechargeCount: 'recharge_count',
  withdraw: 'withdraw_minor',
  withdrawFee: 'withdraw_fee_minor',
  withdrawCount: 'withdraw_count',
  exchange: 'exchange_minor',
  exchangeFee: 'exchange_fee_minor',
  firstRecharge: 'first_recharge_minor',
  firstRechargeCount: 'first_recharge_count',
  memberCount: 'member_count',
};
const FIGURE_KEYS = [...REPORT_AMOUNTS, ...REPORT_COUNTS];

/** A queued item: a journal entry, or a registration. */
export interface QueuedItem {
  id: number;
  entry_id: number | null;
  user_id: number | null;
  created_at: number;
}

/**
 * The oldest queued items. On PostgreSQL they are locked, and items another node's roll-up holds are
 * skipped, so nodes rolling up at once take different batches instead of waiting on each other.
 */
export function queuedItems(trx: Kysely<Database>, dialect: Dialect, limit: number): Promise<QueuedItem[]> {
  const query = trx.selectFrom('report_queue').selectAll().orderBy('id').limit(limit);
  return (dialect === 'postgres' ? query.forUpdate().skipLocked() : query).execute();
}

/**
 * Takes items off the queue; answers how many it removed. Fewer than asked means another roll-up
 * took some first (PostgreSQL, several nodes): the caller's transaction must roll back.
 */
export async function dequeue(trx: Kysely<Database>, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (const chunk of chunked(ids, 1, 2_000)) {
    const result = await trx.deleteFrom('report_queue').where('id', 'in', chunk).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** The queued entries with their postings as the report reads them, in id order. */
export async function reportEntries(
  trx: Kysely<Database>,
  entryIds: readonly number[],
): Promise<(ReportEntry & { id: number; refType: string; refId: number })[]> {
  const entries = new Map<
    number,
    ReportEntry & { id: number; refType: string; refId: number; postings: ReportEntry['postings'][number][] }
  >();
  for (const chunk of chunked(entryIds, 1, 2_000)) {
    const rows = await trx
      .selectFrom('journal_entry')
      .select(['id', 'type', 'vc_id', 'ref_type', 'ref_id', 'created_at'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows)
      entries.set(row.id, {
        id: row.id,
        type: row.type,
        vcId: row.vc_id,
        at: row.created_at,
        refType: row.ref_type,
        refId: row.ref_id,
        postings: [],
      });
    // A settlement batch's payouts are read from its orders, not its postings (one per winner).
    const postings = await trx
      .selectFrom('journal_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .select(['p.entry_id', 'a.user_id', 'a.kind', 'p.vc_id', 'p.amount_minor'])
      .where('p.entry_id', 'in', chunk)
      .where('p.entry_type', '<>', 'timing_settlement')
      .execute();
    for (const p of postings)
      entries.get(p.entry_id)?.postings.push({
        userId: p.user_id,
        kind: p.kind,
        vcId: p.vc_id,
        amountMinor: p.amount_minor,
      });
  }
  return [...entries.values()].sort((a, b) => a.id - b.id);
}

/** The orders a settlement batch settled, as the report reads them. */
export async function batchResults(trx: Kysely<Database>, batchId: number): Promise<TimedResult[]> {
  const rows = await trx
    .selectFrom('timing_order_result as r')
    .innerJoin('timing_order as o', 'o.id', 'r.order_id')
    .select(['o.user_id', 'o.settle_vc_id', 'o.stake_minor', 'r.payout_minor'])
    .where('r.settle_batch_id', '=', batchId)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    vcId: row.settle_vc_id,
    stakeMinor: row.stake_minor,
    payoutMinor: row.payout_minor,
  }));
}

/** The owners of withdrawal orders. */
export async function withdrawalOwners(
  trx: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (const chunk of chunked(ids, 1, 2_000)) {
    const rows = await trx
      .selectFrom('withdraw_order')
      .select(['id', 'user_id'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) owners.set(row.id, row.user_id);
  }
  return owners;
}

/**
 * Marks the users' first credited deposit at `at`, for those who had none; answers the users
 * marked now (each once: the condition sits in the UPDATE).
 */
export async function claimFirstRecharge(
  trx: Kysely<Database>,
  userId: number,
  at: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ first_recharge_at: at })
    .where('id', '=', userId)
    .where('first_recharge_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds the increments to the roll-up rows, creating the missing ones. */
export async function addToRollups(
  trx: Kysely<Database>,
  dialect: Dialect,
  rows: readonly { key: RollupKey; figures: Figures }[],
): Promise<void> {
  await upsertStatement(dialect).run(trx, rows, ({ key, figures }, values) => {
    values.push(key.ownerId, key.scope, key.hour, key.vcId);
    for (const name of FIGURE_KEYS) values.push(figures[name]);
  });
}

const upsertStatement = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ['bigint', 'plain', 'bigint', 'bigint', ...FIGURE_KEYS.map(() => 'bigint' as const)],
      (rows) =>
        `INSERT INTO report_hour (owner_id, scope, hour, vc_id, ${FIGURE_KEYS.map((k) => COLUMNS[k]).join(', ')})
         VALUES ${rows}
         ON CONFLICT (owner_id, scope, hour, vc_id) DO UPDATE SET
         ${FIGURE_KEYS.map((k) => `${COLUMNS[k]} = report_hour.${COLUMNS[k]} + excluded.${COLUMNS[k]}`).join(', ')}`,
    ),
);

/** The sums of an owner's roll-up rows from `first` to before `end`, per currency, or per day too. */
export async function summedRollups(
  db: Kysely<Database>,
  query: {
    ownerId: number;
    scope: 'user' | 'team' | 'platform';
    first: number;
    end: number;
    offsetHours: number;
    byDay: boolean;
  },
): Promise<{ vcId: number; day: number | null; figures: Figures }[]> {
  const sums = FIGURE_KEYS.map((k) => `SUM(${COLUMNS[k]}) AS ${COLUMNS[k]}`).join(', ');
  // Grouped by position: a day expression with a bound offset is not the same expression twice.
  const day = query.byDay ? sql`(hour + ${query.offsetHours}) / 24` : sql`0`;
  const { rows } = await sql<Record<string, number | bigint | string | null>>`
    SELECT vc_id, ${day} AS day, ${sql.raw(sums)} FROM report_hour
    WHERE owner_id = ${query.ownerId} AND scope = ${query.scope} AND hour >= ${query.first} AND hour < ${query.end}
    GROUP BY ${sql.raw(query.byDay ? '1, 2' : '1')}`.execute(db);
  return rows.map((row) => {
    const figures = emptyFigures();
    for (const name of REPORT_AMOUNTS) figures[name] = BigInt(row[COLUMNS[name]] ?? 0);
    for (const name of REPORT_COUNTS) figures[name] = Number(row[COLUMNS[name]] ?? 0);
    return { vcId: Number(row.vc_id), day: query.byDay ? Number(row.day) : null, figures };
  });
}
