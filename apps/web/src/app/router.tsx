import { lazy } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { LocaleCode } from '@vela/i18n';
import { isBuiltPath, type BuiltPath } from '../config/built-routes.ts';
import { decideNavigation, shownPath } from '../config/route-guard.ts';
import { ROUTES } from '../config/route-meta.ts';
import { homeReads } from '../features/home/home-api.ts';
import { queryClient } from '../lib/query-client.ts';
import { oneTaskApart, sleep } from '../lib/waits.ts';
import { tradeReads } from '../system/market-api.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../stores/session-store.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { RouteGuard } from './route-guard-view.tsx';

/**
 * Pages load lazily, one chunk per route, so the first screen downloads only what it shows. Routes
 * whose features arrive later render an honest empty page until then; the built ones are listed in
 * config/built-routes.ts, which menus read too, and the type keeps both lists the same.
 */
const pages: Record<BuiltPath, LazyPage> = {
  '/home': lazyPage(() => import('../features/home/home-page.tsx')),
  '/currency': lazyPage(() => import('../features/market/market-page.tsx')),
  '/trade': lazyPage(() => import('../features/trade/trade-page.tsx')),
  '/user-center': lazyPage(() => import('../features/account/user-center-page.tsx')),
  '/settings': lazyPage(() => import('../features/account/settings-page.tsx')),
  '/edit-login-password': lazyPage(() => import('../features/account/edit-login-password-page.tsx')),
  '/bind-fund-password': lazyPage(() => import('../features/account/bind-fund-password-page.tsx')),
  '/edit-fund-password': lazyPage(() => import('../features/account/edit-fund-password-page.tsx')),
  '/bind-google-validator': lazyPage(() => import('../features/account/bind-google-page.tsx')),
  '/login': lazyPage(() => import('../features/auth/login-page.tsx')),
  '/register': lazyPage(() => import('../features/auth/register-page.tsx')),
  '/receive-ways': lazyPage(() => import('../features/payment-methods/receive-ways-page.tsx')),
  '/add-bank-card': lazyPage(() => import('../features/payment-methods/add-bank-card-page.tsx')),
  '/wallet-address': lazyPage(() => import('../features/payment-methods/wallet-address-page.tsx')),
  '/add-wallet-address': lazyPage(() => import('../features/payment-methods/add-wallet-address-page.tsx')),
  '/zsk-account': lazyPage(() => import('../features/payment-methods/zsk-account-page.tsx')),
  '/add-zsk-account': lazyPage(() => import('../features/payment-methods/add-zsk-account-page.tsx')),
  '/real-name': lazyPage(() => import('../features/identity/real-name-page.tsx')),
  '/fund': lazyPage(() => import('../features/wallet/wallet-page.tsx')),
  '/user-bills': lazyPage(() => import('../features/wallet/bills-page.tsx')),
  '/recharge': lazyPage(() => import('../features/funding/deposit-page.tsx')),
  '/withdraw': lazyPage(() => import('../features/funding/withdraw-page.tsx')),
  '/recharge-order': lazyPage(() => import('../features/funding/deposit-order-page.tsx')),
  '/withdraw-order': lazyPage(() => import('../features/funding/withdraw-order-page.tsx')),
  '/timing-trade-order': lazyPage(() => import('../features/trade/timing-order-page.tsx')),
  '/spot-holding': lazyPage(() => import('../features/trade/spot-holding-page.tsx')),
  '/contract-trade': lazyPage(() => import('../features/contract/contract-trade-page.tsx')),
  '/contract-trade-order': lazyPage(() => import('../features/contract/contract-order-page.tsx')),
  '/finance': lazyPage(() => import('../features/finance/finance-page.tsx')),
  '/all-finance': lazyPage(() => import('../features/finance/all-finance-page.tsx')),
  '/buy-finance': lazyPage(() => import('../features/finance/buy-finance-page.tsx')),
  '/finance-orders': lazyPage(() => import('../features/finance/finance-orders-page.tsx')),
  // The finance bills are bill lines of the wallet, listed with its components.
  '/finance-order-bills': lazyPage(() => import('../features/wallet/finance-bills-page.tsx')),
  '/my-team': lazyPage(() => import('../features/team/my-team-page.tsx')),
  '/team-timing': lazyPage(() => import('../features/team/team-timing-page.tsx')),
  '/rebates': lazyPage(() => import('../features/team/rebates-page.tsx')),
  '/user-report': lazyPage(() => import('../features/reports/user-report-page.tsx')),
  '/user-report-day': lazyPage(() => import('../features/reports/user-report-day-page.tsx')),
  '/team-report': lazyPage(() => import('../features/reports/team-report-page.tsx')),
  '/team-report-day': lazyPage(() => import('../features/reports/team-report-day-page.tsx')),
  '/add-user': lazyPage(() => import('../features/agent/add-user-page.tsx')),
  '/share': lazyPage(() => import('../features/agent/share-page.tsx')),
};
const PendingPage = lazy(() => import('./pending-page.tsx'));
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

function pageFor(path: string) {
  const Page = isBuiltPath(path) ? pages[path].Page : PendingPage;
  return <Page />;
}

/**
 * The server reads a page shows on its first render, for the pages a visit usually opens on. They
 * start with the page's code, and the first render waits for them, but no longer than
 * FIRST_READS_WAIT_MS: a slow or missing server leaves the page to show its placeholders and fill
 * them in as the answers come, as it would without this.
 */
const firstReads: Record<string, (client: QueryClient, locale: LocaleCode) => (() => Promise<void>)[]> = {
  '/home': homeReads,
  '/trade': tradeReads,
};
export const FIRST_READS_WAIT_MS = 1000;

/**
 * Loads the page the app will show first, before the first render (main.tsx): the page of the
 * address it opens on, or the one the navigation rule sends it to (the root to /home, a visitor on a
 * private page to /login), with the server reads it shows first. A failed load is left to the page's
 * own loader, which tries again when it renders and reports the failure there; a failed read, to the
 * page's query, which shows it.
 */
export function preloadPage(target: string, client: QueryClient = queryClient): Promise<void> {
  const session = useSession.getState();
  const decision = decideNavigation(target, {
    token: session.token,
    hasUser: isSignedIn(session),
    mustChangePassword: Boolean(session.user?.mustChangePassword),
  });
  const path = shownPath(decision, target);
  if (!isBuiltPath(path)) return Promise.resolve();
  const page = pages[path];
  // Each read starts in a task of its own: a `fetch` call costs the main thread several milliseconds
  // on a phone, and the screen's reads started together made one long task.
  const reads = oneTaskApart(firstReads[path]?.(client, usePreferences.getState().locale) ?? []);
  const readsOrDeadline = Promise.race([
    // A read that fails is the page's query to show; it never stops the app from rendering.
    Promise.allSettled(reads),
    sleep(FIRST_READS_WAIT_MS),
  ]);
  const code = page.preload().catch((error: unknown) => {
    console.warn('[router] the first page did not preload', error);
  });
  return Promise.all([code, readsOrDeadline]).then(() => undefined);
}

const OUTSIDE_LAYOUT = new Set(['/login', '/register']);

export const routeObjects: RouteObject[] = [
  { path: '/', element: <Navigate to="/home" replace /> },
  ...ROUTES.filter((r) => OUTSIDE_LAYOUT.has(r.path)).map((r) => ({
    path: r.path,
    element: <RouteGuard>{pageFor(r.path)}</RouteGuard>,
  })),
  {
    element: (
      <RouteGuard>
        <AppLayout />
      </RouteGuard>
    ),
    children: [
      ...ROUTES.filter((r) => !OUTSIDE_LAYOUT.has(r.path)).map((r) => ({
        path: r.path,
        element: pageFor(r.path),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routeObjects);
}
