import { describe, expect, it } from 'vitest';
import { LOGIN_FIELDS, REGISTER_ACCOUNT_FIELDS } from '../../../src/features/auth/auth-logic.ts';

describe('account form fields', () => {
  it('asks the login for a username of at most 10 characters and a password', () => {
    expect(LOGIN_FIELDS.map((field) => [field.name, field.kind])).toEqual([
      ['username', 'text'],
      ['password', 'password'],
    ]);
    expect(LOGIN_FIELDS[0]).toMatchObject({ maxLength: 10, autoComplete: 'username' });
  });

  it('marks every password of a registration as new, so the browser never fills in a saved one', () => {
    const passwords = REGISTER_ACCOUNT_FIELDS.filter((field) => field.kind === 'password');
    expect(passwords.map((field) => field.name)).toEqual(['password', 'confirmPassword', 'fundPassword']);
    for (const field of passwords) expect(field.autoComplete).toBe('new-password');
  });
});
