import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { ApiError, call } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { deviceOffsetMinutes, rangeProblem, type DayRange, type ReportScope } from './reports-logic.ts';

/** The report screens' server data. */
const reportRoute = routes.team.report;
const reportDaysRoute = routes.team.reportDays;

/**
 * The keys carry the session token, so one user's figures never show for another, and the device's
 * offset, since the same days in another zone are other hours.
 */
export const reportKeys = {
  all: (token: string | null) => ['report', token] as const,
  totals: (token: string | null, scope: ReportScope, range: DayRange, offset: number) =>
    ['report', token, scope, 'totals', range.from, range.to, offset] as const,
  days: (token: string | null, scope: ReportScope, range: DayRange, offset: number) =>
    ['report', token, scope, 'days', range.from, range.to, offset] as const,
};

/** The body both report endpoints take, in the device's time zone as it is now. */
function reportBody(scope: ReportScope, range: DayRange, offset: number) {
  return { scope, from: range.from, to: range.to, utcOffsetMinutes: offset };
}

/**
 * Shared by both reads: nothing is asked for a range the server would refuse (the screen says what
 * is wrong instead), and while another range loads, the last answer stays on screen, dimmed, so the
 * figures do not collapse into placeholders at every tap on a range.
 */
function useReportRead(range: DayRange) {
  const token = useSession((s) => s.token);
  const offset = deviceOffsetMinutes(new Date());
  return {
    token,
    offset,
    options: {
      enabled: Boolean(token) && rangeProblem(range) === null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    },
  };
}

/** A range's totals per currency, and a team's new members. */
export function useReportTotals(scope: ReportScope, range: DayRange) {
  const { token, offset, options } = useReportRead(range);
  return useQuery({
    queryKey: reportKeys.totals(token, scope, range, offset),
    queryFn: ({ signal }) => call(reportRoute, reportBody(scope, range, offset), { signal }),
    ...options,
  });
}

/** A range's figures day by day; days without activity are left out by the server. */
export function useReportDays(scope: ReportScope, range: DayRange) {
  const { token, offset, options } = useReportRead(range);
  return useQuery({
    queryKey: reportKeys.days(token, scope, range, offset),
    queryFn: ({ signal }) => call(reportDaysRoute, reportBody(scope, range, offset), { signal }),
    ...options,
  });
}

/** Whether a failure is the server saying the user is no agent, so has no team to report on. */
export function isNotAgent(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_AGENT';
}

/** Whether a failure is the server refusing the range; its message says why, in the user's language. */
export function isRangeRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'REPORT_RANGE_INVALID';
}
