import type { Insertable, Kysely } from 'kysely';
import type { AuditAction, AuditTargetType } from '@vela/contract';
import type { AuditLogTable, Database } from '../../db/schema.ts';

/**
 * The `audit_log` table. Rows are only ever inserted: the database refuses UPDATE and DELETE on the
 * table (migration 0005), and nothing here offers either. Every function takes `db` first, so the
 * row can be written in the transaction of the action it records.
 */

/** Writes one audit row; answers its id. */
export async function insertAuditRow(db: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<number> {
  const inserted = await db.insertInto('audit_log').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export interface AuditFilter {
  /** Operator username (any letter case). */
  operator?: string | undefined;
  action?: AuditAction | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
  /** Inclusive lower and exclusive upper bound of `created_at`. */
  from?: number | undefined;
  to?: number | undefined;
  /** Keyset cursor: only rows with a smaller id (older). */
  before?: number | undefined;
  limit: number;
}

export interface AuditRowWithOperator {
  id: number;
  created_at: number;
  operator_id: number | null;
  operator_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  detail: string | null;
  ip: string | null;
}

/**
 * The rows matching the filter, newest first, with the acting operator's username, and one row more
 * than `filter.limit` when there are more: the caller cuts the page and knows whether another follows.
 */
export function selectAuditRows(db: Kysely<Database>, filter: AuditFilter): Promise<AuditRowWithOperator[]> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('operators as o', 'o.id', 'a.operator_id')
    .select([
      'a.id',
      'a.created_at',
      'a.operator_id',
      'o.username as operator_username',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.reason',
      'a.detail',
      'a.ip',
    ]);
  if (filter.operator !== undefined)
    query = query.where('o.username_key', '=', filter.operator.toLowerCase());
  if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
  if (filter.targetType !== undefined) query = query.where('a.target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('a.target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('a.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('a.created_at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('a.id', '<', filter.before);
  return query
    .orderBy('a.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}
