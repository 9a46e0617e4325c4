import { NavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import type { RouteMeta } from '../../config/route-meta.ts';
import './page-header.css';

/** The shared header: a back control on non-tab pages and the title from the route's metadata. */
export function PageHeader({ meta }: { meta: RouteMeta }) {
  const t = useT();
  const navigate = useNavigate();
  const goBack = () => {
    // With no history inside the app (a shared link opened directly), "back" goes home instead of
    // leaving the site.
    if (
      window.history.state &&
      typeof window.history.state.idx === 'number' &&
      window.history.state.idx > 0
    ) {
      void navigate(-1);
    } else {
      void navigate('/home', { replace: true });
    }
  };
  return (
    <header className="page-header">
      <NavBar back={meta.tab ? null : ''} backIcon={!meta.tab} onBack={goBack}>
        <h1 className="page-header__title">{t(meta.titleKey)}</h1>
      </NavBar>
    </header>
  );
}
