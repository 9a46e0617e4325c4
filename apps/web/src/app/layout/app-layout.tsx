import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SpinLoading } from 'antd-mobile';
import { findRoute } from '../../config/route-meta.ts';
import { PageHeader } from './page-header.tsx';
import { TabBar } from './tab-bar.tsx';

export function PageFallback() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '3rem 0' }}>
      <SpinLoading color="primary" />
    </div>
  );
}

/** The root layout: the shared header where the route wants it, the page, and the tab bar on tab pages. */
export function AppLayout() {
  const { pathname } = useLocation();
  const meta = findRoute(pathname);
  return (
    <>
      {meta?.header ? <PageHeader meta={meta} /> : null}
      <main className={meta?.tab ? 'page' : 'page page--plain'}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {meta?.tab ? <TabBar /> : null}
    </>
  );
}
