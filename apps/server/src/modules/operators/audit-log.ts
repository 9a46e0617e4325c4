import type { Kysely } from 'kysely';
import type { AuditAction, AuditLogEntry, AuditTargetType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { insertAuditRow, selectAuditRows, type AuditFilter } from './audit-log-repository.ts';

export type { AuditFilter } from './audit-log-repository.ts';

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
  return insertAuditRow(db, {
    // The current time is the documented default for a record that does not name its moment.
    created_at: record.now ?? Date.now(),
    operator_id: record.operatorId,
    action: record.action,
    // The optional facts of a record are stored as NULL when the action has none.
    target_type: record.targetType ?? null,
    target_id: record.targetId === undefined || record.targetId === null ? null : String(record.targetId),
    reason: record.reason ?? null,
    detail,
    ip: record.ip ?? null,
  });
}

/**
 * A page of the log, newest first. Pages are cut by id (keyset), not by offset, so a page costs the
 * same however deep it is and rows written meanwhile never shift a page.
 */
export async function queryAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ list: AuditLogEntry[]; nextBefore: number | null }> {
  // One row more than asked tells whether another page follows.
  const rows = await selectAuditRows(db, filter);
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

/**
 * What a save of terms changed, field by field, "before -> after" ("none" before the first save,
 * "uncapped" for a limit left empty): the audit log's detail of a saved set of terms (spot, contracts, finance products).
 */
export function changedFields<F extends string>(
  before: Partial<Record<F, unknown>> | undefined,
  after: Partial<Record<F, unknown>>,
  fields: readonly F[],
): Record<string, string> {
  const detail: Record<string, string> = {};
  for (const field of fields) {
    const was = before ? String(before[field] ?? 'uncapped') : 'none';
    const now = String(after[field] ?? 'uncapped');
    if (was !== now) detail[field] = `${was} -> ${now}`;
  }
  return detail;
}
