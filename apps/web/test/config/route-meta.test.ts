import { describe, expect, it } from 'vitest';
import { en } from '@vela/i18n';
import { findRoute, ROUTES, TAB_ROUTES, WHITELIST } from '../../src/config/route-meta.ts';

/** Every route, listed here by hand so the table is checked against a second list, not against itself. */
const TAB_PAGES = ['/home', '/currency', '/trade', '/fund', '/finance', '/user-center'];

const OTHER_PAGES = [
  // Not in the spec's list: the real-name screen has no path there (decision 014).
  '/real-name',
  '/all-finance',
  '/buy-finance',
  '/finance-orders',
  '/finance-order-bills',
  '/contract-trade',
  '/user-bills',
  '/settings',
  '/edit-login-password',
  '/bind-fund-password',
  '/bind-google-validator',
  '/edit-fund-password',
  '/receive-ways',
  '/zsk-account',
  '/add-zsk-account',
  '/add-bank-card',
  '/wallet-address',
  '/add-wallet-address',
  '/help',
  '/help-detail/:helpIndex',
  '/share',
  '/recharge',
  '/withdraw',
  '/recharge-order',
  '/withdraw-order',
  '/timing-trade-order',
  '/spot-holding',
  '/contract-trade-order',
  '/my-team',
  '/team-timing',
  '/rebates',
  '/add-user',
  '/user-report',
  '/user-report-day',
  '/team-report',
  '/team-report-day',
  '/add-to-home',
  '/my-message',
];

const OUTSIDE_ROOT = ['/login', '/register'];

function routeAt(path: string) {
  const matching = ROUTES.filter((r) => r.path === path);
  expect(matching, `routes declared for ${path}`).toHaveLength(1);
  return matching[0]!;
}

describe('route metadata', () => {
  it('declares every route of the spec exactly once and nothing else', () => {
    const expected = [...TAB_PAGES, ...OTHER_PAGES, ...OUTSIDE_ROOT];
    expect(new Set(expected).size).toBe(expected.length);
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...expected].sort());
  });

  it.each(TAB_PAGES)('%s is a tab page without the shared header', (path) => {
    const route = routeAt(path);
    expect(route.tab).toBe(true);
    expect(route.header).toBe(false);
    expect(Object.keys(en)).toContain(route.titleKey);
  });

  it('lists exactly the six tab pages as TAB_ROUTES', () => {
    expect(TAB_ROUTES.map((r) => r.path)).toEqual(TAB_PAGES);
  });

  it.each(OTHER_PAGES)('%s is a non-tab page with the header and an English title', (path) => {
    const route = routeAt(path);
    expect(route.tab).toBe(false);
    expect(route.header).toBe(true);
    expect(Object.keys(en)).toContain(route.titleKey);
    expect(en[route.titleKey]).not.toBe('');
  });

  it.each(OUTSIDE_ROOT)('%s exists and is public', (path) => {
    const route = routeAt(path);
    expect(route.public).toBe(true);
    expect(route.tab).toBe(false);
    expect(Object.keys(en)).toContain(route.titleKey);
  });

  it('finds the help detail route for a concrete index', () => {
    expect(findRoute('/help-detail/3')?.path).toBe('/help-detail/:helpIndex');
    expect(findRoute('/help-detail/3/')?.path).toBe('/help-detail/:helpIndex');
    expect(findRoute('/help-detail')).toBeUndefined();
    expect(findRoute('/help-detail/3/extra')).toBeUndefined();
  });

  it('finds plain routes and nothing for unknown paths', () => {
    expect(findRoute('/fund')?.path).toBe('/fund');
    expect(findRoute('/nowhere')).toBeUndefined();
  });

  it('has exactly /login and /register in the redirect whitelist', () => {
    expect(WHITELIST).toEqual(['/login', '/register']);
  });
});
