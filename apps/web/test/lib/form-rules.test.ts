import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from '@vela/i18n';
import {
  emailRule,
  fieldErrorText,
  googleCodeRule,
  inviteCodeRule,
  passwordRule,
  usernameRule,
  validateBindFund,
  validateBindGoogle,
  validateLogin,
  validatePasswordChange,
  validateRegister,
  type RegisterValues,
} from '../../src/lib/form-rules.ts';

const validRegister: RegisterValues = {
  username: 'alice01',
  password: 'secret123',
  confirmPassword: 'secret123',
  fundPassword: 'fund1234',
  inviteCode: '123456',
  email: 'alice@example.com',
  emailCode: '654321',
};

const noEmail = { emailRequired: false };
const withEmail = { emailRequired: true };

describe('validateRegister', () => {
  it('accepts a complete form, with and without the email variant', () => {
    expect(validateRegister(validRegister, noEmail)).toEqual({});
    expect(validateRegister(validRegister, withEmail)).toEqual({});
  });

  it.each(['username', 'password', 'confirmPassword', 'fundPassword', 'inviteCode'] as const)(
    'requires %s',
    (field) => {
      expect(validateRegister({ ...validRegister, [field]: '' }, noEmail)[field]).toBe('validation.required');
      expect(validateRegister({ ...validRegister, [field]: '   ' }, noEmail)[field]).toBe(
        'validation.required',
      );
    },
  );

  it('reports only the empty field', () => {
    expect(validateRegister({ ...validRegister, fundPassword: '' }, noEmail)).toEqual({
      fundPassword: 'validation.required',
    });
  });

  it.each([
    ['a', false],
    ['ab', true],
    ['a123456789', true],
    ['a1234567890', false],
    ['1abc', false],
    ['ab_c', false],
    ['ab c', false],
    ['Zed9', true],
    ['  alice01  ', true],
  ])('username %j valid: %s', (username, valid) => {
    const errors = validateRegister({ ...validRegister, username }, noEmail);
    expect(errors.username).toBe(valid ? undefined : 'validation.username');
  });

  it('reports mismatched login passwords', () => {
    const errors = validateRegister({ ...validRegister, confirmPassword: 'secret124' }, noEmail);
    expect(errors).toEqual({ confirmPassword: 'validation.loginPasswordsMismatch' });
    expect(en['validation.loginPasswordsMismatch']).toBe('The passwords do not match');
  });

  it('checks the password length (6 to 32)', () => {
    const short = validateRegister(
      { ...validRegister, password: '12345', confirmPassword: '12345' },
      noEmail,
    );
    expect(short.password).toBe('validation.password');
    const long = 'x'.repeat(33);
    expect(
      validateRegister({ ...validRegister, password: long, confirmPassword: long }, noEmail).password,
    ).toBe('validation.password');
    expect(validateRegister({ ...validRegister, fundPassword: '12345' }, noEmail).fundPassword).toBe(
      'validation.password',
    );
  });

  it.each([
    ['12345', 'validation.inviteCode'],
    ['1234567', 'validation.inviteCode'],
    ['12a456', 'validation.inviteCode'],
    ['123456', undefined],
  ] as [string, MessageKey | undefined][])('invite code %j -> %s', (inviteCode, error) => {
    expect(validateRegister({ ...validRegister, inviteCode }, noEmail).inviteCode).toBe(error);
  });

  it('ignores email and email code when the email variant is off', () => {
    expect(validateRegister({ ...validRegister, email: '', emailCode: '' }, noEmail)).toEqual({});
    expect(validateRegister({ ...validRegister, email: 'nope', emailCode: '1' }, noEmail)).toEqual({});
  });

  it('requires a valid email and a 6-digit email code when the email variant is on', () => {
    expect(validateRegister({ ...validRegister, email: '', emailCode: '' }, withEmail)).toEqual({
      email: 'validation.required',
      emailCode: 'validation.required',
    });
    expect(
      validateRegister({ ...validRegister, email: 'alice@example', emailCode: '12345' }, withEmail),
    ).toEqual({
      email: 'validation.email',
      emailCode: 'validation.emailCode',
    });
  });
});

describe('validateLogin', () => {
  const valid = { username: 'alice01', password: 'secret123', googleCode: '' };

  it('needs a username and a password', () => {
    expect(validateLogin(valid, { googleRequired: false })).toEqual({});
    expect(validateLogin({ ...valid, username: ' ', password: '' }, { googleRequired: false })).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
  });

  it('ignores the Google code unless it is required', () => {
    expect(validateLogin({ ...valid, googleCode: 'abc' }, { googleRequired: false })).toEqual({});
  });

  it.each([
    ['', 'validation.required'],
    ['12345', 'validation.googleCode'],
    ['1234567', 'validation.googleCode'],
    ['12a456', 'validation.googleCode'],
    ['123456', undefined],
    [' 123456 ', undefined],
  ] as [string, MessageKey | undefined][])('required Google code %j -> %s', (googleCode, error) => {
    expect(validateLogin({ ...valid, googleCode }, { googleRequired: true }).googleCode).toBe(error);
  });
});

describe('validatePasswordChange', () => {
  const valid = { oldPwd: 'old-secret', newPwd: 'new-secret', prePwd: 'new-secret' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(valid)).toEqual({});
  });

  it('requires all three', () => {
    expect(validatePasswordChange({ oldPwd: '', newPwd: '', prePwd: '' })).toEqual({
      oldPwd: 'validation.required',
      newPwd: 'validation.required',
      prePwd: 'validation.required',
    });
  });

  it('needs the new password to match its confirmation', () => {
    expect(validatePasswordChange({ ...valid, prePwd: 'new-secreT' })).toEqual({
      prePwd: 'validation.passwordsMismatch',
    });
  });

  it('checks the length of the new password only', () => {
    expect(validatePasswordChange({ oldPwd: '1', newPwd: '12345', prePwd: '12345' })).toEqual({
      newPwd: 'validation.password',
    });
  });
});

describe('validateBindFund', () => {
  it('accepts two equal passwords', () => {
    expect(validateBindFund({ password: 'fund1234', passwordPre: 'fund1234' })).toEqual({});
  });

  it('requires both', () => {
    expect(validateBindFund({ password: '', passwordPre: '' })).toEqual({
      password: 'validation.required',
      passwordPre: 'validation.required',
    });
  });

  it('needs them to match', () => {
    expect(validateBindFund({ password: 'fund1234', passwordPre: 'fund4321' })).toEqual({
      passwordPre: 'validation.passwordsMismatch',
    });
  });

  it('checks the password length', () => {
    expect(validateBindFund({ password: '123', passwordPre: '123' })).toEqual({
      password: 'validation.password',
    });
  });
});

describe('validateBindGoogle', () => {
  it('accepts the login password and a 6-digit code', () => {
    expect(validateBindGoogle({ password: 'secret123', code: '123456' })).toEqual({});
  });

  it('requires both', () => {
    expect(validateBindGoogle({ password: '', code: '' })).toEqual({
      password: 'validation.required',
      code: 'validation.required',
    });
  });

  it.each(['12345', '1234567', 'abcdef'])('refuses the code %j', (code) => {
    expect(validateBindGoogle({ password: 'secret123', code })).toEqual({ code: 'validation.googleCode' });
  });
});

describe('message keys', () => {
  it('exist in the English catalogue', () => {
    for (const key of [
      'validation.required',
      'validation.username',
      'validation.password',
      'validation.loginPasswordsMismatch',
      'validation.passwordsMismatch',
      'validation.inviteCode',
      'validation.googleCode',
      'validation.email',
      'validation.emailCode',
    ]) {
      expect(Object.keys(en), key).toContain(key);
    }
  });
});

describe('empty versus malformed', () => {
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

  it('every rule reports an empty field as required, never as malformed', () => {
    for (const rule of [usernameRule, passwordRule, googleCodeRule, inviteCodeRule, emailRule]) {
      expect(rule('')).toBe('validation.required');
      expect(rule('  ')).toBe('validation.required');
      expect(rule('x')).not.toBe('validation.required');
    }
  });

  it('names the empty field ("Card number is required") when the form knows its label', () => {
    expect(fieldErrorText('validation.required', 'field.cardNumber', t)).toBe('Card number is required');
    expect(fieldErrorText('validation.required', undefined, t)).toBe('This field is required');
    expect(fieldErrorText('validation.email', 'field.email', t)).toBe('Enter a valid email address');
  });

  it('says plainly that the passwords do not match', () => {
    expect(en['validation.passwordsMismatch']).toBe('The passwords do not match');
    expect(en['validation.loginPasswordsMismatch']).toBe('The passwords do not match');
  });
});
