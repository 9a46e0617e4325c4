import { describe } from 'vitest';
import { MemoryAttemptStore } from '../../src/lib/attempt-limiter.ts';
import { attemptStoreSpec } from '../helpers/attempt-store-spec.ts';

describe('MemoryAttemptStore', () => {
  let now = 1_700_000_000_000;
  let keys = 0;
  const elapse = async (ms: number) => {
    now += ms;
  };
  attemptStoreSpec({
    store: () => new MemoryAttemptStore(() => now),
    elapse,
    endWindows: elapse,
    key: (name) => `${name}-${(keys += 1)}`,
  });
});
