import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RoleRestricted } from '../lib/roles.ts';
import type { UserPanel } from '../lib/user-panels.ts';

/**
 * Every page of the console, in menu order: the side menu, the page switch and the role check all
 * come from this list. A feature adds its page with one entry under its section; the page itself
 * is a lazily loaded default export of the feature, so each page is its own chunk and the console's
 * first load stays the sign-in screen and the shell. See docs/operations.md, "Extending the
 * operators' console".
 */
export interface ConsolePage extends RoleRestricted {
  /** Below /admin; also the menu key. */
  path: `/${string}`;
  label: string;
  /** Roles that see the page; absent: every operator. Match the roles of the endpoints it calls. */
  roles?: RoleRestricted['roles'];
  component: LazyExoticComponent<ComponentType>;
}

export const PAGES: readonly ConsolePage[] = [
  // Operators' console
  { path: '/users', label: 'Users', component: lazy(() => import('../features/users/users-page.tsx')) },
  { path: '/audit', label: 'Audit log', component: lazy(() => import('../features/audit/audit-page.tsx')) },
  {
    path: '/operators',
    label: 'Operators',
    roles: ['administrator'],
    component: lazy(() => import('../features/operators/operators-page.tsx')),
  },
  // Deposits and withdrawals
  {
    path: '/deposits',
    label: 'Deposits',
    roles: ['administrator', 'finance'],
    component: lazy(() => import('../features/deposits/deposits-page.tsx')),
  },
  {
    path: '/withdrawals',
    label: 'Withdrawals',
    roles: ['administrator', 'finance'],
    component: lazy(() => import('../features/withdrawals/withdrawals-page.tsx')),
  },
  // Payment methods, real-name verification, uploads
  {
    path: '/verifications',
    label: 'Verifications',
    roles: ['administrator', 'support'],
    component: lazy(() => import('../features/verifications/verifications-page.tsx')),
  },
  // Ledger: balance adjustments
  {
    path: '/adjustments',
    label: 'Balance adjustments',
    roles: ['administrator'],
    component: lazy(() => import('../features/adjustments/adjustments-page.tsx')),
  },
  // Spot trading: the endpoints take any operator
  { path: '/spot', label: 'Spot trading', component: lazy(() => import('../features/spot/spot-page.tsx')) },
  // Contract trading: the endpoints take any operator, as spot's do
  {
    path: '/contracts',
    label: 'Contracts',
    component: lazy(() => import('../features/contract/contract-page.tsx')),
  },
  // Pledge finance: the endpoints take any operator, as the spot and contract ones do
  {
    path: '/finance',
    label: 'Finance',
    component: lazy(() => import('../features/finance/finance-page.tsx')),
  },
  // Teams: any operator browses the tree and reads the reports; the tree's edit and move buttons
  // follow the roles of their endpoints (administrator and support edit, administrators move).
  {
    path: '/agent-tree',
    label: 'Agent tree',
    component: lazy(() => import('../features/team/agent-tree-page.tsx')),
  },
  {
    path: '/daily-reports',
    label: 'Daily reports',
    component: lazy(() => import('../features/team/daily-reports-page.tsx')),
  },
];

/**
 * Sections of the user detail drawer below the profile (the user's balances, bound methods,
 * identity documents...), in order. The app hands them to the drawer (lib/user-panels.ts).
 */
export const USER_PANELS: readonly UserPanel[] = [
  // Deposits and withdrawals
  {
    key: 'deposits',
    label: 'Deposits',
    roles: ['administrator', 'finance'],
    component: lazy(() => import('../features/deposits/user-deposits-panel.tsx')),
  },
  {
    key: 'withdrawals',
    label: 'Withdrawals',
    roles: ['administrator', 'finance'],
    component: lazy(() => import('../features/withdrawals/user-withdrawals-panel.tsx')),
  },
  // Payment methods, real-name verification, uploads
  {
    key: 'identity',
    label: 'Identity',
    roles: ['administrator', 'support'],
    component: lazy(() => import('../features/verifications/user-identity-panel.tsx')),
  },
  {
    key: 'payment-methods',
    label: 'Payment methods',
    roles: ['administrator', 'support'],
    component: lazy(() => import('../features/payment-methods/user-methods-panel.tsx')),
  },
  // Ledger: balance adjustments
  // Spot trading
  {
    key: 'spot-orders',
    label: 'Spot orders',
    component: lazy(() => import('../features/spot/user-spot-orders-panel.tsx')),
  },
  // Pledge finance
  {
    key: 'finance-orders',
    label: 'Finance orders',
    component: lazy(() => import('../features/finance/user-finance-orders-panel.tsx')),
  },
];
