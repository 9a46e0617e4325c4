import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import type { FinanceCycleType } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../../lib/i18n.ts';
import { termLabel } from './finance-logic.ts';
import './finance.css';

/**
 * Pieces every finance screen shares: an amount with its currency, a labelled figure, the rows of a
 * sheet, a term, the placeholder cards while a list loads, the end of an infinitely scrolled list,
 * and the entries that lead to another finance screen.
 */

/** A term as the product states it: "7d", "12h", "30min". */
export function TermText({ cycle, cycleType }: { cycle: number; cycleType: FinanceCycleType }) {
  const t = useT();
  const label = termLabel(cycle, cycleType);
  return <bdi className="num">{t(label.key, label.params)}</bdi>;
}

/** The shape of a list of cards while its first page loads. */
export function SkeletonCards({ testId }: { testId: string }) {
  return (
    <ul className="finance-list" aria-busy="true" data-testid={testId}>
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="finance-card finance-card--skeleton">
          <span className="skeleton-line" style={{ width: '45%' }} />
          <span className="skeleton-line" style={{ width: '85%' }} />
          <span className="skeleton-line" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

/** A way to another finance screen: its title, a line saying what is there, and a chevron. */
export function EntryLink({
  to,
  title,
  hint,
  testId,
}: {
  to: string;
  title: MessageKey;
  hint?: MessageKey;
  testId: string;
}) {
  const t = useT();
  return (
    <Link to={to} className="finance-entry" data-testid={testId}>
      <span className="finance-entry__text">
        <span className="finance-entry__title">{t(title)}</span>
        {hint ? <span className="finance-entry__hint">{t(hint)}</span> : null}
      </span>
      <RightOutline className="finance-chevron" aria-hidden />
    </Link>
  );
}

export { Figure, Money, Rows, type Row } from '../../components/labelled-figures.tsx';
export { ListFooter } from '../../components/list-footer.tsx';
