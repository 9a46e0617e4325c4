import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OperatorRole } from '@vela/contract';

/**
 * Every page of the console, in menu order: the side menu, the page switch and the role check all
 * come from this list. A feature adds its page with one entry under its section; the page itself
 * is a lazily loaded default export, so each page is its own chunk and the console's first load
 * stays the sign-in screen and the shell. See docs/operations.md, "Extending the operators'
 * console".
 */
export interface ConsolePage {
  /** Below /admin; also the menu key. */
  path: `/${string}`;
  label: string;
  /** Roles that see the page; absent: every operator. Match the roles of the endpoints it calls. */
  roles?: readonly OperatorRole[];
  component: LazyExoticComponent<ComponentType>;
}

export const PAGES: readonly ConsolePage[] = [
  // Operators' console
  { path: '/users', label: 'Users', component: lazy(() => import('./users-page.tsx')) },
  { path: '/audit', label: 'Audit log', component: lazy(() => import('./audit-page.tsx')) },
  {
    path: '/operators',
    label: 'Operators',
    roles: ['administrator'],
    component: lazy(() => import('./operators-page.tsx')),
  },
  // Deposits and withdrawals
  {
    path: '/deposits',
    label: 'Deposits',
    roles: ['administrator', 'finance'],
    component: lazy(() => import('./deposits-page.tsx')),
  },
  {
    path: '/withdrawals',
    label: 'Withdrawals',
    roles: ['administrator', 'finance'],
    component: lazy(() => import('./withdrawals-page.tsx')),
  },
  // Payment methods, real-name verification, uploads
  {
    path: '/verifications',
    label: 'Verifications',
    roles: ['administrator', 'support'],
    component: lazy(() => import('./verifications-page.tsx')),
  },
  // Ledger: balance adjustments
  {
    path: '/adjustments',
    label: 'Balance adjustments',
    roles: ['administrator'],
    component: lazy(() => import('./adjustments-page.tsx')),
  },
];

/**
 * Sections of the user detail drawer below the profile (the user's balances, bound methods,
 * identity documents...). Each is a lazily loaded default export taking the user's id.
 */
export interface UserPanel {
  key: string;
  label: string;
  roles?: readonly OperatorRole[];
  component: LazyExoticComponent<ComponentType<{ userId: number }>>;
}

export const USER_PANELS: readonly UserPanel[] = [
  // Deposits and withdrawals
  {
    key: 'deposits',
    label: 'Deposits',
    roles: ['administrator', 'finance'],
    component: lazy(() =>
      import('./user-funding-panels.tsx').then((m) => ({ default: m.UserDepositsPanel })),
    ),
  },
  {
    key: 'withdrawals',
    label: 'Withdrawals',
    roles: ['administrator', 'finance'],
    component: lazy(() =>
      import('./user-funding-panels.tsx').then((m) => ({ default: m.UserWithdrawalsPanel })),
    ),
  },
  // Payment methods, real-name verification, uploads
  {
    key: 'identity',
    label: 'Identity',
    roles: ['administrator', 'support'],
    component: lazy(() => import('./user-identity-panel.tsx')),
  },
  {
    key: 'payment-methods',
    label: 'Payment methods',
    roles: ['administrator', 'support'],
    component: lazy(() => import('./user-methods-panel.tsx')),
  },
  // Ledger: balance adjustments
];

export function allowed(item: { roles?: readonly OperatorRole[] }, role: OperatorRole): boolean {
  return !item.roles || item.roles.includes(role);
}
