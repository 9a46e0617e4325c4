import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setForceLogoutListener } from '../lib/api-client.ts';
import { toastInfo } from '../lib/feedback.tsx';
import { translate } from '../lib/i18n.ts';
import { whenIdle } from '../lib/idle.ts';
import { queryClient } from '../lib/query-client.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import { useSession } from '../stores/session-store.ts';
import { useCacheWatcher } from '../system/cache-watcher.ts';
import { useLiveUser } from '../system/live-user.ts';
import type { AppRouter } from './router.tsx';
import '../components/global/global.css';

/** Keeps <html class> in step with the chosen theme. */
function useThemeClass() {
  const theme = usePreferences((s) => s.theme);
  useEffect(() => {
    document.documentElement.className = `theme-${theme}`;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? '#0b0e14' : '#f5f6f8');
  }, [theme]);
}

const GlobalOverlays = lazy(() => import('../components/global/global-layer.tsx'));

/** Resolves once the browser is idle after the first paint (or after `timeoutMs` at the latest). */
function useAfterFirstPaint(timeoutMs = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), timeoutMs), [timeoutMs]);
  return ready;
}

function GlobalLayer() {
  useCacheWatcher();
  // The signed-in user's own events over the live socket (decision 024), on every screen.
  useLiveUser();
  // The loading mask and the language, line and customer-service popups are not on the first
  // screen: their code loads once the browser is idle, keeping it out of the first-load bundle.
  const ready = useAfterFirstPaint();
  return ready ? (
    <Suspense fallback={null}>
      <GlobalOverlays />
    </Suspense>
  ) : null;
}

/**
 * The app around its router, which main.tsx creates once, before the first render: a router created
 * in a render is created again whenever React starts that render over, each one listening to the
 * browser's history.
 */
export function App({ router }: { router: AppRouter }) {
  useThemeClass();
  useEffect(() => {
    // A server answer with forceLogout ends the local session and shows the login page.
    setForceLogoutListener(() => {
      if (!useSession.getState().token) return;
      useSession.getState().signOut();
      usePreferences.getState().clearPersonal();
      queryClient.clear();
      toastInfo(translate('error.SESSION_EXPIRED'));
      void router.navigate('/login', { replace: true });
    });
  }, [router]);
  const locale = usePreferences((s) => s.locale);
  return (
    <QueryClientProvider client={queryClient}>
      {/* The key mounts the whole tree afresh in a new language, so every text on screen follows
          it. antd-mobile's components run on their default settings and need no ConfigProvider,
          whose import alone would put the library back into the first screen (decision 013). */}
      <Fragment key={locale}>
        <RouterProvider router={router} />
        <GlobalLayer />
      </Fragment>
    </QueryClientProvider>
  );
}
