import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { useReportTotals } from './reports-api.ts';
import {
  CurrencySwitch,
  FigureGroups,
  ReportContext,
  ReportFailure,
  ReportSkeleton,
} from './report-figures.tsx';
import { RangeBar } from './report-range.tsx';
import {
  currenciesOf,
  figuresIn,
  rangeProblem,
  reportSearch,
  shownCurrency,
  type DayRange,
  type ReportScope,
} from './reports-logic.ts';
import { useReportParams } from './use-report-params.ts';
import './reports.css';

const DAY_PATHS: Record<ReportScope, string> = { user: '/user-report-day', team: '/team-report-day' };

/** The way to the same range day by day, in the same currency. */
function ByDayLink({ scope, range, currency }: { scope: ReportScope; range: DayRange; currency: string }) {
  const t = useT();
  return (
    <Link
      to={`${DAY_PATHS[scope]}?${reportSearch(range, currency)}`}
      className="report-entry"
      data-testid="report-by-day"
    >
      <span className="report-entry__text">
        <span className="report-entry__title">{t('report.byDay')}</span>
        <span className="report-entry__hint">{t('report.byDayHint')}</span>
      </span>
      <RightOutline className="report-chevron" aria-hidden />
    </Link>
  );
}

interface TotalsProps {
  scope: ReportScope;
  range: DayRange;
  query: ReturnType<typeof useReportTotals>;
  currency: string | null;
  onCurrency(symbol: string): void;
}

/** The range's totals in one currency, or what stands in for them. */
function Totals({ scope, range, query, currency, onCurrency }: TotalsProps) {
  if (rangeProblem(range)) return null;
  if (query.isError && !query.data)
    return <ReportFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <ReportSkeleton />;
  const currencies = currenciesOf([query.data.totals]);
  const symbol = shownCurrency(currencies, currency);
  return (
    <div
      className={`report-body${query.isPlaceholderData ? ' report-body--stale' : ''}`}
      aria-busy={query.isPlaceholderData}
      data-testid="report-totals"
    >
      <CurrencySwitch currencies={currencies} value={symbol} onChange={onCurrency} />
      <ReportContext offset={query.data.utcOffsetMinutes} symbol={symbol} />
      <FigureGroups
        scope={scope}
        source={{ figures: figuresIn(query.data.totals, symbol), members: query.data.members }}
      />
      <ByDayLink scope={scope} range={range} currency={symbol} />
    </div>
  );
}

/**
 * /user-report and /team-report: what the user's own account (or, for an agent, the team below
 * them) did over a range of days, per currency: trading, income, deposits and withdrawals, first
 * deposits and a team's new members, with the way to the same range day by day. A pull refreshes.
 */
export function ReportPage({ scope }: { scope: ReportScope }) {
  const { range, currency, chooseRange, chooseCurrency } = useReportParams();
  const query = useReportTotals(scope, range);
  return (
    <div className="report" data-testid={`report-page-${scope}`}>
      <PullToRefresh onRefresh={() => query.refetch()} disabled={rangeProblem(range) !== null}>
        <RangeBar range={range} onChoose={chooseRange} />
        <Totals scope={scope} range={range} query={query} currency={currency} onCurrency={chooseCurrency} />
      </PullToRefresh>
    </div>
  );
}
