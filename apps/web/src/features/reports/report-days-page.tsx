import { useId, useState } from 'react';
import { DownOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/empty-state.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { useReportDays } from './reports-api.ts';
import {
  CurrencySwitch,
  Figure,
  FigureGroups,
  ReportContext,
  ReportFailure,
  ReportSkeleton,
} from './report-figures.tsx';
import { RangeBar } from './report-range.tsx';
import {
  currenciesOf,
  dayMainFigures,
  rangeProblem,
  shownCurrency,
  shownDays,
  type DayRange,
  type ReportScope,
  type ShownDay,
} from './reports-logic.ts';
import { useReportParams } from './use-report-params.ts';
import './reports.css';

/**
 * One day: its date and main figures; a tap opens it to every figure, grouped as in the totals, and
 * closes it again.
 */
function DayCard({ scope, day }: { scope: ReportScope; day: ShownDay }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <li className="report-day" data-testid="report-day" data-day={day.day}>
      <button
        type="button"
        className="report-day__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
        data-testid="report-day-toggle"
      >
        <bdi className="report-day__date num">{day.day}</bdi>
        <span className="report-day__more">
          {t(open ? 'report.fewerFigures' : 'report.allFigures')}
          <DownOutline className={`report-day__arrow${open ? ' report-day__arrow--open' : ''}`} aria-hidden />
        </span>
      </button>
      <div id={bodyId}>
        {open ? (
          <FigureGroups scope={scope} source={day} />
        ) : (
          <dl className="report-figures report-figures--3">
            {dayMainFigures(scope).map((cell) => (
              <Figure key={cell.label} cell={cell} source={day} />
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}

interface DaysProps {
  scope: ReportScope;
  range: DayRange;
  query: ReturnType<typeof useReportDays>;
  currency: string | null;
  onCurrency(symbol: string): void;
}

/** The range's days in one currency, newest first, or what stands in for them. */
function Days({ scope, range, query, currency, onCurrency }: DaysProps) {
  const t = useT();
  if (rangeProblem(range)) return null;
  if (query.isError && !query.data)
    return <ReportFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <ReportSkeleton cards={4} />;
  const currencies = currenciesOf(query.data.days.map((day) => day.figures));
  const symbol = shownCurrency(currencies, currency);
  const days = shownDays(query.data.days, symbol, scope);
  return (
    <div
      className={`report-body${query.isPlaceholderData ? ' report-body--stale' : ''}`}
      aria-busy={query.isPlaceholderData}
      data-testid="report-days"
    >
      <CurrencySwitch currencies={currencies} value={symbol} onChange={onCurrency} />
      <ReportContext offset={query.data.utcOffsetMinutes} symbol={symbol} />
      {days.length === 0 ? (
        <EmptyState kind="noData" message={t('report.noDays')} />
      ) : (
        <ul className="report-day-list" data-testid="report-day-list">
          {days.map((day) => (
            <DayCard key={day.day} scope={scope} day={day} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /user-report-day and /team-report-day: the report's range day by day, newest first, each day with
 * its main figures and opening to all of them. Days without activity are left out; a range without
 * any says so. A pull refreshes.
 */
export function ReportDaysPage({ scope }: { scope: ReportScope }) {
  const { range, currency, chooseRange, chooseCurrency } = useReportParams();
  const query = useReportDays(scope, range);
  return (
    <div className="report" data-testid={`report-days-page-${scope}`}>
      <PullToRefresh onRefresh={() => query.refetch()} disabled={rangeProblem(range) !== null}>
        <RangeBar range={range} onChoose={chooseRange} />
        <Days scope={scope} range={range} query={query} currency={currency} onCurrency={chooseCurrency} />
      </PullToRefresh>
    </div>
  );
}
