import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideNavigation, shownPath } from '../config/route-guard.ts';
import { isSignedIn, useSession } from '../stores/session-store.ts';

/** Applies the navigation rule to every location the router renders. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const target = `${location.pathname}${location.search}`;
  const decision = decideNavigation(target, {
    token: session.token,
    hasUser: isSignedIn(session),
    mustChangePassword: Boolean(session.user?.mustChangePassword),
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // External and refused targets never render a page of ours.
  if (decision.kind !== 'allow') return <Navigate to={shownPath(decision, target)} replace />;
  return <>{children}</>;
}
