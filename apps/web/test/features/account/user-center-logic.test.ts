import { describe, expect, it } from 'vitest';
import {
  avatarInitial,
  displayName,
  splitAtMarker,
  visibleEntries,
} from '../../../src/features/account/user-center-logic.ts';

const ENTRIES = [{ path: '/settings' }, { path: '/my-team', agentOnly: true }, { path: '/help' }];

describe('user centre menu', () => {
  it('shows the team entries only to a signed-in agent', () => {
    expect(visibleEntries(ENTRIES, true, true).map((e) => e.path)).toEqual([
      '/settings',
      '/my-team',
      '/help',
    ]);
    expect(visibleEntries(ENTRIES, true, false).map((e) => e.path)).toEqual(['/settings', '/help']);
    expect(visibleEntries(ENTRIES, false, true).map((e) => e.path)).toEqual(['/settings', '/help']);
  });
});

describe('user centre profile', () => {
  it('names the user by nickname, else by username', () => {
    expect(displayName({ nickname: 'Boss', username: 'boss01' })).toBe('Boss');
    expect(displayName({ nickname: '', username: 'carol9' })).toBe('carol9');
  });

  it('shows the first letter of the name in upper case, a question mark for a blank name', () => {
    expect(avatarInitial('carol9')).toBe('C');
    expect(avatarInitial('  émile')).toBe('É');
    expect(avatarInitial('   ')).toBe('?');
  });

  it('cuts a sentence where the figure goes, wherever the language puts it', () => {
    expect(splitAtMarker('UID \u0000', '\u0000')).toEqual(['UID ', '']);
    expect(splitAtMarker('\u0000 :المعرف', '\u0000')).toEqual(['', ' :المعرف']);
    expect(splitAtMarker('no figure', '\u0000')).toEqual(['no figure', '']);
  });
});
