import { NavBar } from 'antd-mobile';
import { useT } from '../../lib/i18n.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import type { RouteMeta } from '../../config/route-meta.ts';
import './page-header.css';

/** The shared header: a back control on non-tab pages and the title from the route's metadata. */
export function PageHeader({ meta }: { meta: RouteMeta }) {
  const t = useT();
  const goBack = useGoBack('/home');
  return (
    <header className="page-header">
      <NavBar back={meta.tab ? null : ''} backIcon={!meta.tab} onBack={goBack}>
        <h1 className="page-header__title">{t(meta.titleKey)}</h1>
      </NavBar>
    </header>
  );
}
