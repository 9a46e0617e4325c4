import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api-client.ts';
import {
  bindGoogleFailure,
  boundAsKnown,
  isGoogleBound,
  storedUserOutOfStep,
} from '../../../src/features/account/bind-google-logic.ts';

describe('whether an authenticator is bound', () => {
  it('follows the server once it answered, the stored user until then', () => {
    expect(boundAsKnown({ bound: false }, true)).toBe(false);
    expect(boundAsKnown({ bound: true }, false)).toBe(true);
    expect(boundAsKnown(undefined, true)).toBe(true);
    expect(boundAsKnown(undefined, undefined)).toBe(false);
  });

  it('counts a key request refused as already bound as bound', () => {
    expect(isGoogleBound(false, new ApiError('GOOGLE_ALREADY_BOUND', 'Already bound'))).toBe(true);
    expect(isGoogleBound(false, new ApiError('INTERNAL_ERROR', 'down'))).toBe(false);
    expect(isGoogleBound(false, null)).toBe(false);
    expect(isGoogleBound(true, null)).toBe(true);
  });
});

describe('keeping the stored user in step', () => {
  it('updates a stored user that disagrees once the server has answered', () => {
    expect(storedUserOutOfStep(true, false, true)).toBe(true);
    expect(storedUserOutOfStep(false, true, true)).toBe(true);
  });

  it('marks a bind proven by a refused key request before the server answered the question', () => {
    expect(storedUserOutOfStep(false, true, false)).toBe(true);
  });

  it('never unbinds while the question is pending, and leaves an agreeing or absent user alone', () => {
    expect(storedUserOutOfStep(true, false, false)).toBe(false);
    expect(storedUserOutOfStep(true, true, true)).toBe(false);
    expect(storedUserOutOfStep(undefined, true, true)).toBe(false);
  });
});

describe('a refused bind', () => {
  it('tells a bind made elsewhere and an expired key from a mistake in the form', () => {
    expect(bindGoogleFailure(new ApiError('GOOGLE_ALREADY_BOUND', 'x'))).toBe('alreadyBound');
    expect(bindGoogleFailure(new ApiError('GOOGLE_SECRET_MISSING', 'x'))).toBe('secretMissing');
    expect(bindGoogleFailure(new ApiError('GOOGLE_CODE_INVALID', 'x', 'code'))).toBe('form');
    expect(bindGoogleFailure(new Error('offline'))).toBe('form');
  });
});
