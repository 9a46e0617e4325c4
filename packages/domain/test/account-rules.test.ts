import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_PATTERN,
  isValidNickname,
  isValidPlainPassword,
  isValidUsername,
  preHashPassword,
} from '../src/index.ts';

describe('username rule (2-10 letters and digits, starting with a letter)', () => {
  it.each(['ab', 'a1', 'Alice2024', 'abcdefghij'])('accepts %s', (name) =>
    expect(isValidUsername(name)).toBe(true),
  );
  it.each(['a', 'abcdefghijk', '1abc', 'ab_c', 'ab c', '', 'ab-c', 'é1'])('refuses %j', (name) =>
    expect(isValidUsername(name)).toBe(false),
  );
});

describe('nickname rule (2-16 letters, digits, spaces, "_", "-", ".", ending on a letter or digit)', () => {
  it.each(['ab', 'Nova 星', 'مرحبا', 'José_2', 'a.b-c d', '星星', 'x'.repeat(16)])('accepts %s', (name) =>
    expect(isValidNickname(name)).toBe(true),
  );
  it.each(['a', 'x'.repeat(17), ' ab', 'ab ', '_ab', '<b>', 'a\tb', 'a\u200bb', 'a\u202eb', ''])(
    'refuses %j',
    (name) => expect(isValidNickname(name)).toBe(false),
  );
});

describe('invite code', () => {
  it('is exactly six digits', () => {
    expect(INVITE_CODE_PATTERN.test('100200')).toBe(true);
    expect(INVITE_CODE_PATTERN.test('12345')).toBe(false);
    expect(INVITE_CODE_PATTERN.test('1234567')).toBe(false);
    expect(INVITE_CODE_PATTERN.test('12a456')).toBe(false);
  });
});

describe('passwords', () => {
  it('need 6 to 32 characters', () => {
    expect(isValidPlainPassword('12345')).toBe(false);
    expect(isValidPlainPassword('123456')).toBe(true);
    expect(isValidPlainPassword('x'.repeat(33))).toBe(false);
  });

  it('pre-hash to 64 stable hex characters that differ per password', () => {
    const hash = preHashPassword('Demo@2024');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(preHashPassword('Demo@2024')).toBe(hash);
    expect(preHashPassword('Demo@2025')).not.toBe(hash);
  });
});
