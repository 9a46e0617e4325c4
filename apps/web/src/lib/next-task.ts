/**
 * Resolves in a later task, letting the browser run its own (a paint, input, the network's
 * callbacks) before going on: work split at these points never holds the main thread long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
