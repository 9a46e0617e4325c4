/**
 * The routes whose screens exist. The router renders each of them (router.tsx types its pages by
 * this list, so a page added there must be added here and the other way round); every other route
 * of the route table renders the placeholder page until its screen is built. Menus, tabs and
 * banners read this list too, and show no entry that would lead to a placeholder: nothing is
 * advertised before it exists.
 */
export const BUILT_PATHS = [
  '/home',
  '/currency',
  '/trade',
  '/user-center',
  '/settings',
  '/edit-login-password',
  '/bind-fund-password',
  '/edit-fund-password',
  '/bind-google-validator',
  '/login',
  '/register',
  '/receive-ways',
  '/add-bank-card',
  '/wallet-address',
  '/add-wallet-address',
  '/zsk-account',
  '/add-zsk-account',
  '/real-name',
  '/fund',
  '/user-bills',
  '/recharge',
  '/withdraw',
  '/recharge-order',
  '/withdraw-order',
  '/timing-trade-order',
  '/spot-holding',
  '/contract-trade',
  '/contract-trade-order',
  '/finance',
  '/all-finance',
  '/buy-finance',
  '/finance-orders',
  '/finance-order-bills',
  '/my-team',
  '/team-timing',
  '/rebates',
  '/user-report',
  '/user-report-day',
  '/team-report',
  '/team-report-day',
  '/add-user',
  '/share',
] as const;

export type BuiltPath = (typeof BUILT_PATHS)[number];

const BUILT = new Set<string>(BUILT_PATHS);

export function isBuiltPath(path: string): path is BuiltPath {
  return BUILT.has(path);
}

/**
 * Whether an in-app link leads to a built screen: its path, without a query or fragment, is one of
 * the built routes.
 */
export function leadsToBuiltScreen(target: string): boolean {
  return isBuiltPath(target.split(/[?#]/)[0] ?? '');
}

/** The entries whose target is a built screen, in their order. */
export function builtOnly<E extends { path: string }>(entries: readonly E[]): E[] {
  return entries.filter((entry) => leadsToBuiltScreen(entry.path));
}
