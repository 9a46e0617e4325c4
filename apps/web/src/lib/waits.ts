/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves in a later task, letting the browser run its own (a paint, input, the network's
 * callbacks) before going on: work split at these points never holds the main thread long.
 */
export function nextTask(): Promise<void> {
  return sleep(0);
}

/** Runs each of `starts` in a task of its own, one after the other; answers what each one answers. */
export function oneTaskApart<T>(starts: readonly (() => Promise<T>)[]): Promise<T>[] {
  let previous = Promise.resolve();
  return starts.map((start) => {
    previous = previous.then(nextTask);
    return previous.then(start);
  });
}
