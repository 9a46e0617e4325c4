import { useEffect, useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ConfigProvider } from 'antd-mobile';
import { setForceLogoutListener } from '../lib/api-client.ts';
import { toastInfo } from '../lib/feedback.tsx';
import { translate } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import { useSession } from '../stores/session-store.ts';
import { useCacheWatcher } from '../system/cache-watcher.ts';
import { CustomerServicePopup } from '../components/global/customer-service.tsx';
import { LanguagePopup } from '../components/global/language-popup.tsx';
import { LinePopup } from '../components/global/line-popup.tsx';
import { LoadingMask } from '../components/global/loading-mask.tsx';
import { createAppRouter } from './router.tsx';
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

function GlobalLayer() {
  useCacheWatcher();
  return (
    <>
      <LoadingMask />
      <LanguagePopup />
      <LinePopup />
      <CustomerServicePopup />
    </>
  );
}

export function App() {
  const router = useMemo(() => createAppRouter(), []);
  useThemeClass();
  useEffect(() => {
    // A server answer with forceLogout ends the local session and shows the login page (spec point 4).
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
      <ConfigProvider key={locale}>
        <RouterProvider router={router} />
        <GlobalLayer />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
