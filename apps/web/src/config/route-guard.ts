import { isHttpUrl } from '../lib/urls.ts';
import { findRoute, PATHS, WHITELIST } from './route-meta.ts';

/**
 * The navigation rule, as a pure function so it is tested without a browser:
 * - a path containing "http" is external: it is opened directly, but only when it really is an
 *   http(s) URL (a `javascript:` or other scheme is refused);
 * - "/" goes to /home;
 * - a signed-in user who must still change the initial password an agent created them with is
 *   sent to the login password page from every other page, with the page as `redirect` (the server
 *   refuses their other calls until then; logging out stays possible from that page);
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
  auth: { token: string | null; hasUser: boolean; mustChangePassword?: boolean },
): NavigationDecision {
  const pathname = target.split(/[?#]/)[0] ?? target;
  // Only the path decides: "http" in a query string (/trade?from=http…) is still an in-app page.
  if (pathname.includes('http')) {
    return isHttpUrl(target) ? { kind: 'external', url: target } : { kind: 'refuse' };
  }
  if (pathname === PATHS.root || pathname === '') return { kind: 'redirect', to: PATHS.home };
  if (auth.token && auth.hasUser && auth.mustChangePassword && pathname !== PATHS.editLoginPassword) {
    return { kind: 'redirect', to: `${PATHS.editLoginPassword}?redirect=${encodeURIComponent(target)}` };
  }
  if (auth.token && auth.hasUser) return { kind: 'allow' };
  if (WHITELIST.includes(pathname)) return { kind: 'allow' };
  if (findRoute(pathname)?.public) return { kind: 'allow' };
  return { kind: 'redirect', to: `${PATHS.login}?redirect=${encodeURIComponent(target)}` };
}

/**
 * The path whose page the app shows for `target`: the target itself, where a redirect leads, or
 * /home for an external or refused target (which never renders a page of ours).
 */
export function shownPath(decision: NavigationDecision, target: string): string {
  const shown = decision.kind === 'allow' ? target : decision.kind === 'redirect' ? decision.to : PATHS.home;
  return shown.split(/[?#]/)[0] ?? shown;
}

/**
 * A same-site path from a query parameter (a post-login redirect, where to return after a form), or
 * null for anything else. Only a value starting with "/" counts, and it is resolved the way a browser
 * would ("//evil.com", "/\\evil.com" and "/<tab>/evil.com" lead elsewhere): only a result on our own
 * origin is kept, as its path, query and hash.
 */
export function sameSitePath(value: string | null): string | null {
  if (!value || !value.startsWith('/')) return null;
  const base = 'https://app.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Only same-site paths may be used as the post-login redirect, never another site; else home. */
export function safeRedirect(value: string | null): string {
  return sameSitePath(value) ?? PATHS.home;
}
