import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CalendarOutline, DownOutline } from 'antd-mobile-icons';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import {
  calendarFirstDay,
  isQuickRange,
  localDay,
  QUICK_RANGE_LABELS,
  QUICK_RANGES,
  quickRange,
  rangeProblem,
  type DayRange,
} from './reports-logic.ts';
import { ToggleChip } from '../../components/toggle-chip.tsx';
import './reports.css';

// The calendar (antd-mobile's, with its popup and animation library) loads on the first opening:
// most visits use the quick ranges and never need it.
const RangeCalendar = lazy(() => import('./report-calendar.tsx'));

function Chip(props: { on: boolean; onClick(): void; testId: string; children: ReactNode }) {
  return <ToggleChip {...props} className="report-chip" />;
}

/** The calendar, mounted from its first opening on, so that it can slide away when closed. */
function useCalendar() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return {
    open,
    mounted,
    show: () => {
      setMounted(true);
      setOpen(true);
    },
    hide: () => setOpen(false),
  };
}

/**
 * The range of a report: the quick ranges (each ending today in the device's time zone), then the
 * days shown, a tap on which opens the calendar for a custom range (marked as such when no quick
 * range matches), and, when the range cannot be reported on, why.
 */
export function RangeBar({ range, onChoose }: { range: DayRange; onChoose(range: DayRange): void }) {
  const t = useT();
  const createdAt = useSession((s) => s.user?.createdAt ?? null);
  const calendar = useCalendar();
  const now = new Date();
  const quick = QUICK_RANGES.filter((kind) => isQuickRange(range, kind, now));
  const problem = rangeProblem(range);
  return (
    <section className="report-range" aria-label={t('report.range.title')} data-testid="report-range">
      <div className="report-range__chips" role="group" aria-label={t('report.range.title')}>
        {QUICK_RANGES.map((kind) => (
          <Chip
            key={kind}
            on={quick.includes(kind)}
            onClick={() => onChoose(quickRange(kind, new Date()))}
            testId={`report-range-${kind}`}
          >
            {t(QUICK_RANGE_LABELS[kind])}
          </Chip>
        ))}
      </div>
      <button
        type="button"
        className={`report-range__days${quick.length === 0 ? ' report-range__days--on' : ''}`}
        onClick={calendar.show}
        aria-haspopup="dialog"
        data-testid="report-range-custom"
      >
        <CalendarOutline aria-hidden className="report-range__icon" />
        <bdi className="report-range__text num" data-testid="report-range-text">
          {range.from} – {range.to}
        </bdi>
        <span className="report-range__custom">{t('report.range.custom')}</span>
        <DownOutline aria-hidden className="report-range__icon" />
      </button>
      {problem ? (
        <p className="report-range__problem" role="alert" data-testid="report-range-problem">
          {t(problem.key, problem.params)}
        </p>
      ) : null}
      {calendar.mounted ? (
        <Suspense fallback={null}>
          <RangeCalendar
            open={calendar.open}
            range={range}
            firstDay={calendarFirstDay(createdAt, now)}
            lastDay={localDay(now)}
            onClose={calendar.hide}
            onChoose={onChoose}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
