import type { AuditAction, AuditTargetType, RouteBodyOf } from '@vela/contract';
import type { routes } from '@vela/contract/routes';

/** What the audit log is filtered by; the page's cursor and size are added per request. */
export type AuditQuery = Omit<RouteBodyOf<typeof routes.admin.auditPage>, 'before' | 'limit'>;

/** The part of a date picker's value the filter uses (a dayjs object, without importing dayjs). */
export interface Day {
  startOf(unit: 'day'): Day;
  add(value: number, unit: 'day'): Day;
  valueOf(): number;
}

export interface AuditFilterValues {
  operator?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  range?: [Day, Day];
}

/** The filter form's values as a query: blank fields left out, text trimmed, days as whole local days. */
export function toAuditQuery(values: AuditFilterValues): AuditQuery {
  const query: AuditQuery = {};
  if (values.operator?.trim()) query.operator = values.operator.trim();
  if (values.action) query.action = values.action;
  if (values.targetType) query.targetType = values.targetType;
  if (values.targetId?.trim()) query.targetId = values.targetId.trim();
  if (values.range) {
    // From the start of the first day to the start of the day after the last.
    query.from = values.range[0].startOf('day').valueOf();
    query.to = values.range[1].startOf('day').add(1, 'day').valueOf();
  }
  return query;
}

export function auditEmptyText(query: AuditQuery): string {
  return Object.keys(query).length > 0 ? 'Nothing recorded matches these filters.' : 'Nothing recorded yet.';
}
