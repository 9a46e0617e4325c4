import { describe, expect, it, vi } from 'vitest';
import { deferredModule } from '../../src/lib/deferred-module.ts';

/** An import whose outcome the test decides. */
function controlledImport<T>() {
  const attempts: { resolve(value: T): void; reject(error: unknown): void }[] = [];
  const importModule = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        attempts.push({ resolve, reject });
      }),
  );
  return { importModule, attempts };
}

describe('deferredModule (decision 013)', () => {
  it('imports nothing until it is first asked for, then only once', async () => {
    const { importModule, attempts } = controlledImport<{ name: string }>();
    const deferred = deferredModule(importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(deferred.current()).toBeUndefined();

    const first = deferred.load();
    const second = deferred.load();
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(deferred.current()).toBeUndefined();

    const module = { name: 'feedback' };
    attempts[0]?.resolve(module);
    await expect(first).resolves.toBe(module);
    await expect(second).resolves.toBe(module);
    expect(deferred.current()).toBe(module);
    await deferred.load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('runs the work queued before the module arrived in the order it was queued', async () => {
    const { importModule, attempts } = controlledImport<{ log: string[] }>();
    const deferred = deferredModule(importModule);
    const module = { log: [] as string[] };
    const queued = ['one', 'two', 'three'].map((label) =>
      deferred.load().then((loaded) => {
        loaded.log.push(label);
      }),
    );
    expect(module.log).toEqual([]);
    attempts[0]?.resolve(module);
    await Promise.all(queued);
    expect(module.log).toEqual(['one', 'two', 'three']);
  });

  it('has the module in hand by the time queued work runs, so work it starts runs at once', async () => {
    const { importModule, attempts } = controlledImport<{ name: string }>();
    const deferred = deferredModule(importModule);
    const seen: (string | undefined)[] = [];
    const queued = deferred.load().then(() => seen.push(deferred.current()?.name));
    attempts[0]?.resolve({ name: 'feedback' });
    await queued;
    expect(seen).toEqual(['feedback']);
  });

  it('forgets a failed load: waiting callers see the error and the next load tries again', async () => {
    const { importModule, attempts } = controlledImport<{ name: string }>();
    const deferred = deferredModule(importModule);
    const failed = deferred.load();
    attempts[0]?.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    expect(deferred.current()).toBeUndefined();

    const retried = deferred.load();
    expect(importModule).toHaveBeenCalledTimes(2);
    attempts[1]?.resolve({ name: 'feedback' });
    await expect(retried).resolves.toEqual({ name: 'feedback' });
    expect(deferred.current()).toEqual({ name: 'feedback' });
  });
});
