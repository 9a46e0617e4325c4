import { useSyncExternalStore } from 'react';

/**
 * The console's few pages are one flat list (pages/registry.tsx), so a path per page and the
 * History API are all the routing it needs; a router library would add a dependency and a bundle
 * for nothing more (decision 017). Paths here are relative to /admin.
 */
const BASE = '/admin';
const listeners = new Set<() => void>();

function pathOf(location: Location): string {
  const rest = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return rest.replace(/\/+$/, '') || '/';
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${path === '/' ? '/' : path}`;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, () => pathOf(window.location));
}
