import { describe, expect, it } from 'vitest';
import { ApiError } from '@vela/client';
import { retriesAfter } from '../../src/app/query-client.ts';

describe('retriesAfter', () => {
  it('retries a network failure or a timeout twice', () => {
    expect(retriesAfter(0, new ApiError('NETWORK', 'x'))).toBe(true);
    expect(retriesAfter(1, new ApiError('TIMEOUT', 'x'))).toBe(true);
    expect(retriesAfter(2, new ApiError('NETWORK', 'x'))).toBe(false);
  });

  it('never retries a refusal', () => {
    expect(retriesAfter(0, new ApiError('FORBIDDEN', 'x'))).toBe(false);
    expect(retriesAfter(0, new Error('boom'))).toBe(false);
  });
});
