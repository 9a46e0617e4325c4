import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../config/route-meta.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteGuard } from './route-guard-view.tsx';

/**
 * Pages load lazily, one chunk per route, so the first screen downloads only what it shows. Routes
 * whose features arrive later render an honest empty page until then.
 */
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/home': lazy(() => import('../features/home/home-page.tsx')),
  '/currency': lazy(() => import('../features/market/market-page.tsx')),
  '/trade': lazy(() => import('../features/trade/trade-page.tsx')),
  '/user-center': lazy(() => import('../features/account/user-center-page.tsx')),
  '/settings': lazy(() => import('../features/account/settings-page.tsx')),
  '/edit-login-password': lazy(() => import('../features/account/edit-login-password-page.tsx')),
  '/bind-fund-password': lazy(() => import('../features/account/bind-fund-password-page.tsx')),
  '/edit-fund-password': lazy(() => import('../features/account/edit-fund-password-page.tsx')),
  '/bind-google-validator': lazy(() => import('../features/account/bind-google-page.tsx')),
  '/login': lazy(() => import('../features/auth/login-page.tsx')),
  '/register': lazy(() => import('../features/auth/register-page.tsx')),
  '/receive-ways': lazy(() => import('../features/payment-methods/receive-ways-page.tsx')),
  '/add-bank-card': lazy(() => import('../features/payment-methods/add-bank-card-page.tsx')),
  '/wallet-address': lazy(() => import('../features/payment-methods/wallet-address-page.tsx')),
  '/add-wallet-address': lazy(() => import('../features/payment-methods/add-wallet-address-page.tsx')),
  '/zsk-account': lazy(() => import('../features/payment-methods/zsk-account-page.tsx')),
  '/add-zsk-account': lazy(() => import('../features/payment-methods/add-zsk-account-page.tsx')),
  '/real-name': lazy(() => import('../features/identity/real-name-page.tsx')),
  '/fund': lazy(() => import('../features/wallet/fund-page.tsx')),
  '/user-bills': lazy(() => import('../features/wallet/bills-page.tsx')),
  '/recharge': lazy(() => import('../features/funding/recharge-page.tsx')),
  '/withdraw': lazy(() => import('../features/funding/withdraw-page.tsx')),
  '/recharge-order': lazy(() => import('../features/funding/recharge-order-page.tsx')),
  '/withdraw-order': lazy(() => import('../features/funding/withdraw-order-page.tsx')),
  '/timing-trade-order': lazy(() => import('../features/trade/timing-order-page.tsx')),
};
const PendingPage = lazy(() => import('./pending-page.tsx'));
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

function pageFor(path: string) {
  const Page = pages[path] ?? PendingPage;
  return <Page />;
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

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
