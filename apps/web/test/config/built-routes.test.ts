import { describe, expect, it } from 'vitest';
import type { Banner } from '@vela/contract';
import { TABS } from '../../src/app/layout/tab-bar.tsx';
import { BUILT_PATHS, builtOnly, isBuiltPath, leadsToBuiltScreen } from '../../src/config/built-routes.ts';
import { ROUTES } from '../../src/config/route-meta.ts';
import { ADD_TO_HOME_PATH, MENU } from '../../src/features/account/user-center-menu.tsx';
import { bannersToShow } from '../../src/features/home/banner-logic.ts';
import { QUICK_MENUS } from '../../src/features/home/quick-menu-logic.ts';

/** The screens of the route table that are not built today, each of which renders the placeholder. */
const NOT_BUILT = ['/help', '/add-to-home', '/my-message'];

describe('built routes', () => {
  it('are routes of the route table, each listed once', () => {
    const routes = new Set(ROUTES.map((route) => route.path));
    for (const path of BUILT_PATHS) expect(routes.has(path), path).toBe(true);
    expect(new Set(BUILT_PATHS).size).toBe(BUILT_PATHS.length);
  });

  it('leave out the screens that are not built', () => {
    for (const path of NOT_BUILT) expect(isBuiltPath(path), path).toBe(false);
    expect(BUILT_PATHS.length + NOT_BUILT.length).toBe(
      ROUTES.filter((route) => !route.path.includes(':')).length,
    );
  });

  it('judge a link by its path, whatever its query or fragment', () => {
    expect(leadsToBuiltScreen('/recharge?vcId=2')).toBe(true);
    expect(leadsToBuiltScreen('/trade#chart')).toBe(true);
    expect(leadsToBuiltScreen('/help?from=banner')).toBe(false);
    expect(leadsToBuiltScreen('/share?from=banner')).toBe(true);
    expect(leadsToBuiltScreen('')).toBe(false);
    expect(builtOnly([{ path: '/help' }, { path: '/fund' }])).toEqual([{ path: '/fund' }]);
  });
});

describe('every link of the menus, tabs and banners leads to a built screen', () => {
  it.each([
    ['the quick menus', QUICK_MENUS.map((menu) => menu.path)],
    ['the user centre menu', MENU.map((entry) => entry.path)],
    ['the tab bar', TABS.map((tab) => tab.path)],
  ])('%s', (_name, paths) => {
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(isBuiltPath(path), path).toBe(true);
  });

  it('the tab bar has every built tab page, as a button of its own or one that stands for it', () => {
    const builtTabs = ROUTES.filter((route) => route.tab && isBuiltPath(route.path)).map((r) => r.path);
    const covered = TABS.flatMap((tab) => [tab.path, ...(tab.alsoActiveOn ?? [])]);
    expect(covered.sort()).toEqual(builtTabs.sort());
  });

  it('the pledge finance screens are built, and the home quick menu leads to them', () => {
    for (const path of [
      '/finance',
      '/all-finance',
      '/buy-finance',
      '/finance-orders',
      '/finance-order-bills',
    ])
      expect(isBuiltPath(path), path).toBe(true);
    expect(QUICK_MENUS.map((menu) => menu.path)).toContain('/finance');
    expect(leadsToBuiltScreen('/buy-finance?id=3')).toBe(true);
  });

  it('the user centre offers adding to the home screen only once its page is built', () => {
    expect(isBuiltPath(ADD_TO_HOME_PATH)).toBe(false);
  });

  it('the banners for screens not built yet wait; external and built ones show', () => {
    const banner = (id: number, url: string) => ({ id, title: `b${id}`, img: '', url }) as Banner;
    const shown = bannersToShow([
      banner(1, '/trade'),
      banner(2, '/share'),
      banner(3, '/help'),
      banner(7, '/finance'),
      banner(4, 'https://example.com/promo'),
      banner(5, ''),
      banner(6, '/recharge?vcId=2'),
    ]);
    expect(shown.map((b) => b.id)).toEqual([1, 2, 7, 4, 5, 6]);
  });
});
