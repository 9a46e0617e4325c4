import { useT } from '../lib/i18n.ts';

/**
 * The placeholder a screen shows while its first data loads: the shape of a page (a card, then rows)
 * in the place the content will take, so nothing jumps when it arrives and the user sees where the
 * screen is going instead of a spinner in an empty page. It announces itself once as "Loading…".
 */
export function PageSkeleton({ rows = 4, card = true }: { rows?: number; card?: boolean }) {
  const t = useT();
  return (
    <div
      className="page-skeleton"
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="page-skeleton"
    >
      {card ? <span className="skeleton-block" /> : null}
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton-row" aria-hidden="true">
          <span className="skeleton-line" />
          <span className="skeleton-line" />
          <span className="skeleton-line" />
        </span>
      ))}
    </div>
  );
}
