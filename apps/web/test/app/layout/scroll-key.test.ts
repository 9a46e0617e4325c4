import { describe, expect, it } from 'vitest';
import { scrollKeyOf } from '../../../src/app/layout/scroll-key.ts';
import { TAB_ROUTES } from '../../../src/config/route-meta.ts';

describe('scrollKeyOf', () => {
  it('remembers a tab page by its path, whichever visit of it this is', () => {
    expect(TAB_ROUTES.length).toBeGreaterThan(0);
    for (const tab of TAB_ROUTES) {
      expect(scrollKeyOf({ pathname: tab.path, key: 'first' })).toBe(tab.path);
      expect(scrollKeyOf({ pathname: tab.path, key: 'second' })).toBe(tab.path);
    }
  });

  it('remembers any other page per history entry', () => {
    expect(scrollKeyOf({ pathname: '/user-bills', key: 'a1' })).toBe('a1');
    expect(scrollKeyOf({ pathname: '/user-bills', key: 'b2' })).toBe('b2');
    expect(scrollKeyOf({ pathname: '/no-such-page', key: 'c3' })).toBe('c3');
  });
});
