import { describe, expect, it } from 'vitest';
import { ApiError, errorText, newIdempotencyKey } from '../src/index.ts';

describe('newIdempotencyKey', () => {
  it('gives 32 hex digits, in the shape the server accepts', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives a new key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });
});

describe('errorText', () => {
  it('is the message of an error', () => {
    expect(errorText(new ApiError('X', 'Refused'))).toBe('Refused');
  });

  it('is the text of anything else thrown', () => {
    expect(errorText('plain')).toBe('plain');
  });
});
