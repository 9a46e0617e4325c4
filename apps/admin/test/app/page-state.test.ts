import { describe, expect, it } from 'vitest';
import { forbiddenText, pageStateAt } from '../../src/app/page-state.ts';

const pages = [
  { path: '/users', label: 'Users' },
  { path: '/operators', label: 'Operators', roles: ['administrator'] as const },
];

describe('pageStateAt', () => {
  it('finds a page the role may open', () => {
    expect(pageStateAt('/users', pages, 'support')).toEqual({ kind: 'page', page: pages[0] });
  });

  it('refuses a page of another role', () => {
    expect(pageStateAt('/operators', pages, 'finance')).toEqual({ kind: 'forbidden', page: pages[1] });
  });

  it('tells the root from an unknown path', () => {
    expect(pageStateAt('/', pages, 'support')).toEqual({ kind: 'root' });
    expect(pageStateAt('/nowhere', pages, 'support')).toEqual({ kind: 'missing' });
  });

  it('names the roles a closed page is for', () => {
    expect(forbiddenText({ path: '/x', label: 'Deposits', roles: ['administrator', 'finance'] })).toBe(
      'Deposits is for Administrator, Finance operators.',
    );
  });
});
