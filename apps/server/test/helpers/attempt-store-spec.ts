import { expect, it } from 'vitest';
import type { AttemptSpacing, AttemptStore } from '../../src/lib/attempt-limiter.ts';

/**
 * The reservation semantics every attempt store must have (decision 036), run against the memory
 * store and against Redis. `elapse` moves the clock the store is given; `endWindows` lets windows
 * end (Redis ends them on the server's clock, so it waits for real); `key` gives each case its key.
 */
export interface AttemptStoreHarness {
  store: () => AttemptStore;
  elapse: (ms: number) => Promise<void>;
  endWindows: (ms: number) => Promise<void>;
  key: (name: string) => string;
}

const WINDOW = 60_000;
const SPACING: AttemptSpacing = { firstDelayMs: 1_000, maxDelayMs: 5_000, memoryMs: 60_000 };

export function attemptStoreSpec(h: AttemptStoreHarness): void {
  it('grants at most `max` reservations of 20 taken at once, and a refusal changes nothing', async () => {
    const store = h.store();
    const key = h.key('burst');
    const results = await Promise.all(Array.from({ length: 20 }, () => store.reserve(key, 5, WINDOW)));
    expect(results.filter((r) => r.granted)).toHaveLength(5);
    for (const refused of results.filter((r) => !r.granted)) {
      // All five places are held by reservations still running.
      expect(refused.running).toBe(5);
      expect(refused.resetInMs).toBeGreaterThan(0);
      expect(refused.resetInMs).toBeLessThanOrEqual(WINDOW);
    }
    expect((await store.peek(key)).count).toBe(5);
  });

  it('keeps a failed reservation counted and gives a released one back', async () => {
    const store = h.store();
    const key = h.key('settle');
    for (let i = 0; i < 3; i += 1) expect((await store.reserve(key, 3, WINDOW)).granted).toBe(true);
    await store.settle(key, 'failed');
    await store.settle(key, 'released');
    expect((await store.peek(key)).count).toBe(2);
    expect(await store.reserve(key, 2, WINDOW)).toMatchObject({ granted: false, running: 1 });
    expect((await store.reserve(key, 3, WINDOW)).granted).toBe(true);
    expect((await store.reserve(key, 3, WINDOW)).granted).toBe(false);
  });

  it('forgets the failures on a pass, but only once no other reservation is running', async () => {
    const store = h.store();
    const key = h.key('pass');
    await store.reserve(key, 5, WINDOW);
    await store.settle(key, 'failed');
    // Two checks run at once: one passes while the other is still running.
    await store.reserve(key, 5, WINDOW);
    await store.reserve(key, 5, WINDOW);
    await store.settle(key, 'passed');
    // The running check's place is still taken, and the failure before it is not forgotten yet.
    expect((await store.peek(key)).count).toBe(2);
    const meanwhile = await Promise.all(Array.from({ length: 10 }, () => store.reserve(key, 5, WINDOW)));
    expect(meanwhile.filter((r) => r.granted)).toHaveLength(3);
    for (let i = 0; i < 4; i += 1) await store.settle(key, 'failed');
    // The last running reservation settled: the window is forgotten.
    expect((await store.peek(key)).count).toBe(0);
    expect((await store.reserve(key, 5, WINDOW)).granted).toBe(true);
  });

  it('forgives a key without a reservation of its own, once nothing runs', async () => {
    const store = h.store();
    const key = h.key('forgive');
    await store.reserve(key, 5, WINDOW);
    await store.settle(key, 'failed');
    await store.reserve(key, 5, WINDOW);
    await store.forgive(key);
    expect((await store.peek(key)).count).toBe(2);
    await store.settle(key, 'failed');
    expect((await store.peek(key)).count).toBe(0);
  });

  it('spaces a slot: the first delay first, one grant per opening, then a doubling delay up to the cap', async () => {
    const store = h.store();
    const key = h.key('spaced');
    expect(await store.reserveSpaced(key, SPACING)).toEqual({ granted: false, waitMs: 1_000 });
    await h.elapse(400);
    expect(await store.reserveSpaced(key, SPACING)).toEqual({ granted: false, waitMs: 600 });
    await h.elapse(600);
    const opening = await Promise.all(Array.from({ length: 10 }, () => store.reserveSpaced(key, SPACING)));
    expect(opening.filter((r) => r.granted)).toEqual([{ granted: true, waitMs: 2_000 }]);
    for (const delay of [2_000, 4_000, 5_000, 5_000]) {
      expect(await store.reserveSpaced(key, SPACING)).toEqual({ granted: false, waitMs: delay });
      await h.elapse(delay);
      expect((await store.reserveSpaced(key, SPACING)).granted).toBe(true);
    }
    await store.forgive(key);
    expect(await store.reserveSpaced(key, SPACING)).toEqual({ granted: false, waitMs: 1_000 });
  });

  it('starts a new window once the old one ends', async () => {
    const store = h.store();
    const key = h.key('expiry');
    expect((await store.reserve(key, 1, 100)).granted).toBe(true);
    expect((await store.reserve(key, 1, 100)).granted).toBe(false);
    await h.endWindows(150);
    expect((await store.peek(key)).count).toBe(0);
    expect((await store.reserve(key, 1, 100)).granted).toBe(true);
  });
}
