import type { Kysely } from 'kysely';
import type { AuditAction, AuditLogEntry, AuditTargetType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';

/**
 * The audit log: one row per operator action, written in the same transaction as the action, so
 * that the action and its record commit together or not at all. Rows are only ever inserted; the
 * database refuses UPDATE and DELETE on the table (migration 0005), and nothing here offers either.
 */

export interface AuditRecord {
  /** Who acted; null when nobody was signed in (a failed login) or for an ops command. */
  operatorId: number | null;
  action: AuditAction;
  targetType?: AuditTargetType | null;
  targetId?: number | string | null;
  /** The operator's stated reason, when the action asks for one. */
  reason?: string | null;
  /** The facts of the action as text: amounts as decimal strings, never floats. */
  detail?: Readonly<Record<string, string>> | null;
  /** The client address the action came from (`ctx.ip` in a handler). */
  ip?: string | null;
  /** Defaults to the current time. */
  now?: number;
}

/**
 * Writes one audit row. Pass the transaction of the action itself:
 *
 *   await db.transaction().execute(async (trx) => {
 *     await approveDeposit(trx, ...);
 *     await recordAudit(trx, { operatorId: ctx.session.operatorId, action: 'deposit.approve', ... });
 *   });
 */
export async function recordAudit(db: Kysely<Database>, record: AuditRecord): Promise<number> {
  const detail =
    record.detail && Object.keys(record.detail).length > 0 ? JSON.stringify(record.detail) : null;
  const row = await db
    .insertInto('audit_log')
    .values({
      created_at: record.now ?? Date.now(),
      operator_id: record.operatorId,
      action: record.action,
      target_type: record.targetType ?? null,
      target_id: record.targetId === undefined || record.targetId === null ? null : String(record.targetId),
      reason: record.reason ?? null,
      detail,
      ip: record.ip ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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

/**
 * A page of the log, newest first. Pages are cut by id (keyset), not by offset, so a page costs the
 * same however deep it is and rows written meanwhile never shift a page.
 */
export async function queryAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ list: AuditLogEntry[]; nextBefore: number | null }> {
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
  // One row more than asked tells whether another page follows.
  const rows = await query
    .orderBy('a.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  return {
    list: page.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      operatorId: row.operator_id,
      operatorUsername: row.operator_username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      reason: row.reason,
      detail: parseDetail(row.detail),
      ip: row.ip,
    })),
    nextBefore: rows.length > filter.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

function parseDetail(text: string | null): Record<string, string> {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  const detail: Record<string, string> = {};
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) detail[key] = String(value);
  }
  return detail;
}
