import { useT } from '../../lib/i18n.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import type { RouteMeta } from '../../config/route-meta.ts';
import './page-header.css';

/**
 * The shared header: a back button on non-tab pages and the title from the route's metadata. Our own
 * markup rather than antd-mobile's NavBar, whose back control was a bare div (no keyboard, no name)
 * and whose code, with its icon package, was part of every first load.
 */
export function PageHeader({ meta }: { meta: RouteMeta }) {
  const t = useT();
  const goBack = useGoBack('/home');
  return (
    <header className="page-header">
      {meta.tab ? null : (
        <button type="button" className="page-header__back" onClick={goBack} aria-label={t('common.back')}>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden
          >
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
      )}
      <h1 className="page-header__title">{t(meta.titleKey)}</h1>
    </header>
  );
}
