/**
 * A module that is loaded on first use rather than with the first screen (decision 013).
 *
 * `load` starts the import once and hands every caller the same promise, so work queued on it before
 * the module has arrived runs in the order it was queued; `current` returns the module once it is
 * in, so callers can then use it at once, synchronously, as they would a static import. A failed
 * load is not remembered: the callers waiting on it see the error, and the next `load` tries again
 * (the network may be back by then).
 */
export interface DeferredModule<T> {
  /** The module, loading it if that has not started yet. */
  load(): Promise<T>;
  /** The module if it has arrived, otherwise undefined. */
  current(): T | undefined;
}

export function deferredModule<T>(importModule: () => Promise<T>): DeferredModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= importModule().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}
