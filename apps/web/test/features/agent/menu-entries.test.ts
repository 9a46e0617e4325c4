import { describe, expect, it } from 'vitest';
import { isBuiltPath } from '../../../src/config/built-routes.ts';
import { titleKeyOf } from '../../../src/config/route-meta.ts';
import { MENU } from '../../../src/features/account/user-center-menu.tsx';
import { visibleEntries } from '../../../src/features/account/user-center-logic.ts';

const paths = (signedIn: boolean, isAgent: boolean) =>
  visibleEntries(MENU, signedIn, isAgent).map((e) => e.path);

describe('the agent screens in the user centre', () => {
  it('are built, under the titles of the route table', () => {
    expect(isBuiltPath('/add-user')).toBe(true);
    expect(isBuiltPath('/share')).toBe(true);
    expect(titleKeyOf('/add-user')).toBe('route.addUser');
    expect(titleKeyOf('/share')).toBe('route.share');
  });

  it('offer adding users to agents only, and the invitation to everyone, which tells members why not', () => {
    expect(paths(true, true)).toEqual(expect.arrayContaining(['/add-user', '/share']));
    expect(paths(true, false)).toContain('/share');
    expect(paths(true, false)).not.toContain('/add-user');
    expect(paths(false, false)).not.toContain('/add-user');
  });
});
