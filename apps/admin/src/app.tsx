import { useEffect, useState } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import LoginPage from './pages/login-page.tsx';
import { useSessionState } from './session.ts';
import { Shell } from './shell.tsx';

const THEME_KEY = 'vela-admin-theme';
export type ThemeMode = 'light' | 'dark';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Viewing a user writes an audit row, so data is not refetched behind the operator's back.
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // A refusal (a wrong role, a gone session, bad input) stays a refusal; only the network is retried.
      retry: (failures, error) =>
        failures < 2 && error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT'),
    },
  },
});

function storedTheme(): ThemeMode {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * The operators' console: the sign-in screen until an operator session exists, then the shell with
 * the pages of pages/registry.tsx. English only (decision 017).
 */
export function App() {
  const [mode, setMode] = useState<ThemeMode>(storedTheme);
  useEffect(() => {
    localStorage.setItem(THEME_KEY, mode);
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: '#d89e00' },
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <Gate mode={mode} onModeChange={setMode} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function Gate({ mode, onModeChange }: { mode: ThemeMode; onModeChange: (mode: ThemeMode) => void }) {
  const { session, endedBecause } = useSessionState();
  useEffect(() => {
    // Nothing one operator loaded may show to the next one at this desk.
    if (!session) queryClient.clear();
  }, [session]);
  if (!session) return <LoginPage notice={endedBecause} />;
  return <Shell session={session} mode={mode} onModeChange={onModeChange} />;
}
