import { describe, expect, it } from 'vitest';
import { auditEmptyText, toAuditQuery, type Day } from '../../../src/features/audit/audit-query.ts';

/** A day of the date picker, enough of dayjs for the filter. */
function day(ms: number): Day {
  const DAY = 86_400_000;
  return {
    startOf: () => day(Math.floor(ms / DAY) * DAY),
    add: (value) => day(ms + value * DAY),
    valueOf: () => ms,
  };
}

describe('toAuditQuery', () => {
  it('leaves out blank fields and trims text', () => {
    expect(toAuditQuery({ operator: '  ', targetId: ' 42 ', action: 'user.view' })).toEqual({
      targetId: '42',
      action: 'user.view',
    });
  });

  it('covers whole days, up to the start of the day after the last', () => {
    const query = toAuditQuery({ range: [day(86_400_000 + 5_000), day(2 * 86_400_000 + 7_000)] });
    expect(query).toEqual({ from: 86_400_000, to: 3 * 86_400_000 });
  });

  it('says whether the filters or the log are empty', () => {
    expect(auditEmptyText({})).toBe('Nothing recorded yet.');
    expect(auditEmptyText({ operator: 'root' })).toBe('Nothing recorded matches these filters.');
  });
});
