import { isHttpUrl } from '../lib/urls.ts';
import { findRoute, PATHS, WHITELIST } from './route-meta.ts';

/**
 * The navigation rule of spec point 2, as a pure function so it is tested without a browser:
 * - a path containing "http" is external: it is opened directly, but only when it really is an
 *   http(s) URL (a `javascript:` or other scheme is refused);
 * - "/" goes to /home;
 * - with both a stored token and a user, everything is allowed;
 * - otherwise the whitelist and the public pages are allowed and the rest redirects to /login.
 */
export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'external'; url: string }
  | { kind: 'refuse' };

export function decideNavigation(
  target: string,
  auth: { token: string | null; hasUser: boolean },
): NavigationDecision {
  if (target.includes('http')) {
    return isHttpUrl(target) ? { kind: 'external', url: target } : { kind: 'refuse' };
  }
  const pathname = target.split(/[?#]/)[0] ?? target;
  if (pathname === PATHS.root || pathname === '') return { kind: 'redirect', to: PATHS.home };
  if (auth.token && auth.hasUser) return { kind: 'allow' };
  if (WHITELIST.includes(pathname)) return { kind: 'allow' };
  if (findRoute(pathname)?.public) return { kind: 'allow' };
  return { kind: 'redirect', to: `${PATHS.login}?redirect=${encodeURIComponent(target)}` };
}

/** Only same-site paths may be used as the post-login redirect, never another site. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return PATHS.home;
  return value;
}
