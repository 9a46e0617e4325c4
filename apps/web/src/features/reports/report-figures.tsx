import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n.ts';
import { isNotAgent, isRangeRefused } from './reports-api.ts';
import {
  deviceOffsetMinutes,
  figureGroups,
  figureText,
  offsetText,
  type FigureCell,
  type FigureGroup,
  type FigureSource,
  type ReportScope,
} from './reports-logic.ts';
import './reports.css';

/**
 * The pieces both report screens show: a figure, the grouped figures, the currency switch, the
 * time zone the days were counted in, and what stands in for figures while they load or when the
 * server gives none.
 */

/** One figure: its label above, its value below, a profit in green and a loss in red. */
export function Figure({ cell, source }: { cell: FigureCell; source: FigureSource }) {
  const t = useT();
  const { text, tone } = figureText(cell, source);
  const id = cell.kind === 'members' ? 'members' : cell.figure;
  return (
    <div className="report-figure">
      <dt className="report-figure__label">{t(cell.label)}</dt>
      <dd className={`report-figure__value${tone ? ` ${tone}` : ''}`}>
        <bdi className="num" data-testid={`report-figure-${id}`}>
          {text}
        </bdi>
      </dd>
    </div>
  );
}

/** A group's figures under its title, in rows of two or three. */
export function FigureGroupCard({ group, source }: { group: FigureGroup; source: FigureSource }) {
  const t = useT();
  // A day list can show the same group open in several days, so the heading's id is generated.
  const titleId = useId();
  return (
    <section
      className={`report-group report-group--${group.key}`}
      aria-labelledby={titleId}
      data-testid={`report-group-${group.key}`}
    >
      <h3 className="report-group__title" id={titleId}>
        {t(group.title)}
      </h3>
      <dl className={`report-figures report-figures--${group.columns}`}>
        {group.cells.map((cell) => (
          <Figure key={cell.label} cell={cell} source={source} />
        ))}
      </dl>
    </section>
  );
}

/** Every figure of a scope, group after group. */
export function FigureGroups({ scope, source }: { scope: ReportScope; source: FigureSource }) {
  return (
    <div className="report-groups">
      {figureGroups(scope).map((group) => (
        <FigureGroupCard key={group.key} group={group} source={source} />
      ))}
    </div>
  );
}

/** The currencies with figures, one chosen; no switch when there is only one. */
export function CurrencySwitch({
  currencies,
  value,
  onChange,
}: {
  currencies: readonly string[];
  value: string;
  onChange(symbol: string): void;
}) {
  const t = useT();
  if (currencies.length < 2) return null;
  return (
    <div className="report-currencies" role="tablist" aria-label={t('report.currency')}>
      {currencies.map((symbol) => (
        <button
          key={symbol}
          type="button"
          role="tab"
          aria-selected={symbol === value}
          className={`report-currency${symbol === value ? ' report-currency--on' : ''}`}
          onClick={() => onChange(symbol)}
          data-testid={`report-currency-${symbol}`}
        >
          {symbol}
        </button>
      ))}
    </div>
  );
}

/**
 * The time zone the answer's days were counted in, as the answer names it, and the currency of
 * its amounts. The server counts days in whole hours of the offset, so a device whose offset has
 * minutes (India, UTC+05:30) is told: a trade in the half hour at the edge of its day counts on the
 * neighbouring day, which is no surprise once the zone is stated.
 */
export function ReportContext({ offset, symbol }: { offset: number; symbol: string }) {
  const t = useT();
  const device = deviceOffsetMinutes(new Date());
  return (
    <div className="report-context">
      <p className="report-context__line" data-testid="report-zone">
        {t('report.zone', { zone: `\u2066${offsetText(offset)}\u2069` })}
      </p>
      {device !== offset ? (
        <p className="report-context__note" data-testid="report-zone-note">
          {t('report.zoneRounded', { device: `\u2066${offsetText(device)}\u2069` })}
        </p>
      ) : null}
      <p className="report-context__line" data-testid="report-amounts-in">
        {t('report.amountsIn', { symbol })}
      </p>
    </div>
  );
}

/** The shape of the figures while the first answer is on its way. */
export function ReportSkeleton({ cards = 3 }: { cards?: number }) {
  const t = useT();
  return (
    <div
      className="report-groups"
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="report-skeleton"
    >
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="report-group report-group--skeleton" aria-hidden="true">
          <span className="skeleton-line" style={{ width: '30%' }} />
          <span className="skeleton-line" style={{ width: '90%' }} />
          <span className="skeleton-line" style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}

/** What a member who is no agent sees on a team report: why, and the way to their own report. */
export function NotAgentNotice() {
  const t = useT();
  return (
    <div className="report-notice" role="alert" data-testid="report-not-agent">
      <p className="report-notice__title">{t('report.notAgentTitle')}</p>
      <p className="report-notice__text">{t('report.notAgent')}</p>
      <Link to="/user-report" className="report-notice__link" data-testid="report-own-link">
        {t('report.ownReport')}
      </Link>
    </div>
  );
}

/**
 * A read that failed: a team report asked for by a member who is no agent, a range the server
 * refused (in its words), or any other failure with a retry.
 */
export function ReportFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (isNotAgent(error)) return <NotAgentNotice />;
  if (isRangeRefused(error))
    return (
      <p className="report-range__problem" role="alert" data-testid="report-range-refused">
        {error.message}
      </p>
    );
  return <EmptyState kind="loadFailed" onRetry={onRetry} />;
}
