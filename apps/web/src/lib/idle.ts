/**
 * Runs `task` when the browser is next idle, or after `timeoutMs` at the latest, and answers the
 * cancellation. Browsers without `requestIdleCallback` (Safari) run it shortly after instead.
 */
export function whenIdle(task: () => void, timeoutMs = 2000, win: Window = window): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => win.cancelIdleCallback(handle);
  }
  const handle = win.setTimeout(task, 200);
  return () => win.clearTimeout(handle);
}
