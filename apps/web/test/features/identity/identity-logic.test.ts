import { describe, expect, it } from 'vitest';
import { preHashPassword } from '@vela/domain';
import {
  canSubmit,
  EMPTY_IDENTITY,
  IDENTITY_TEXT_FIELDS,
  identityBody,
  statusHint,
} from '../../../src/features/identity/identity-logic.ts';

const filled = {
  ...EMPTY_IDENTITY,
  certType: 'PASSPORT',
  name: '  Lee Jiwoo ',
  certNumber: ' M1234567 ',
  frontImageId: '40',
  backImageId: '41',
  handheldImageId: '42',
  fundPwd: 'Fund#1234',
  googleCode: ' 123456 ',
};

describe('identity request', () => {
  it('trims the texts, sends the photo ids as numbers and the fund password hashed', () => {
    expect(identityBody(filled, false)).toEqual({
      certType: 'PASSPORT',
      name: 'Lee Jiwoo',
      certNumber: 'M1234567',
      frontImageId: 40,
      backImageId: 41,
      handheldImageId: 42,
      fundPwd: preHashPassword('Fund#1234'),
    });
  });

  it('adds the Google code only for a user who has bound the authenticator', () => {
    expect(identityBody(filled, true).googleCode).toBe('123456');
    expect('googleCode' in identityBody(filled, false)).toBe(false);
  });
});

describe('identity form', () => {
  it('starts empty', () => {
    expect(Object.values(EMPTY_IDENTITY).every((value) => value === '')).toBe(true);
  });

  it('asks for the name, then the number', () => {
    expect(IDENTITY_TEXT_FIELDS.map((field) => field.name)).toEqual(['name', 'certNumber']);
  });
});

describe('verification status', () => {
  it('offers the form before the first submission and after a rejection only', () => {
    expect(canSubmit('NONE')).toBe(true);
    expect(canSubmit('REJECTED')).toBe(true);
    expect(canSubmit('PENDING')).toBe(false);
    expect(canSubmit('APPROVED')).toBe(false);
  });

  it('has a hint for each state', () => {
    expect(statusHint('NONE')).toBe('identity.formHint');
    expect(statusHint('PENDING')).toBe('identity.pendingHint');
    expect(statusHint('APPROVED')).toBe('identity.approvedHint');
    expect(statusHint('REJECTED')).toBe('identity.rejectedHint');
  });
});
