import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { findRoute } from '../../config/route-meta.ts';
import { PageHeader } from './page-header.tsx';
import { scrollKeyOf } from './scroll-key.ts';
import { TabBar } from './tab-bar.tsx';

/**
 * The root layout: the shared header where the route wants it, the page, and the tab bar on tab pages.
 *
 * There is deliberately no Suspense boundary around the page (decision 013). The router changes
 * pages inside transitions, so React keeps the current page on screen until the next one's chunk
 * has loaded and a boundary here would never show its fallback then. It would only show it on the
 * first load, where it cost more than it gave: React reveals a boundary's content no sooner than
 * 300 ms after its fallback, so the home screen, already preloaded, appeared a third of a second
 * late behind a spinner. The first page's module is loaded before the first render instead
 * (main.tsx, `preloadPage`), so that render finds it and neither waits nor starts over; the app shell
 * of index.html, with its own spinner, stays until then.
 *
 * The router remembers each screen's scroll position under `scrollKeyOf` and restores it, or scrolls
 * to the top, when the screen opens.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const meta = findRoute(pathname);
  return (
    <>
      <ScrollRestoration getKey={scrollKeyOf} />
      {meta?.header ? <PageHeader meta={meta} /> : null}
      <main className={meta?.tab ? 'page' : 'page page--plain'}>
        <Outlet />
      </main>
      {meta?.tab ? <TabBar /> : null}
    </>
  );
}
