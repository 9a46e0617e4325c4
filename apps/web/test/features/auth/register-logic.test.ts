import { describe, expect, it } from 'vitest';
import {
  initialRegisterValues,
  inviteCodeFromLink,
  registrationClosed,
} from '../../../src/features/auth/register-logic.ts';

describe('registration link', () => {
  it('takes the invite code from `inviteCode`, else from `code`, else leaves it empty', () => {
    expect(inviteCodeFromLink(new URLSearchParams('inviteCode=123456&code=999999'))).toBe('123456');
    expect(inviteCodeFromLink(new URLSearchParams('code=654321'))).toBe('654321');
    expect(inviteCodeFromLink(new URLSearchParams(''))).toBe('');
  });

  it('starts an empty form with the invite code of the link', () => {
    expect(initialRegisterValues('123456')).toEqual({
      username: '',
      password: '',
      confirmPassword: '',
      fundPassword: '',
      inviteCode: '123456',
      email: '',
      emailCode: '',
    });
  });
});

describe('registration switched off', () => {
  it('is closed only when the configuration says something other than true', () => {
    expect(registrationClosed('true')).toBe(false);
    expect(registrationClosed(undefined)).toBe(false);
    expect(registrationClosed('false')).toBe(true);
    expect(registrationClosed('')).toBe(true);
  });
});
