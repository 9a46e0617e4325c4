import { useEffect, useState } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSessionState } from '../lib/session.ts';
import { UserPanelsContext } from '../lib/user-panels.ts';
import LoginPage from '../features/auth/login-page.tsx';
import { queryClient } from './query-client.ts';
import { USER_PANELS } from './registry.tsx';
import { Shell } from './shell.tsx';
import { applyTheme, storedTheme, type ThemeMode } from './theme-mode.ts';

/**
 * The operators' console: the sign-in screen until an operator session exists, then the shell with
 * the pages of app/registry.tsx. English only (decision 017).
 */
export function App() {
  const [mode, setMode] = useState<ThemeMode>(storedTheme);
  useEffect(() => applyTheme(mode), [mode]);
  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: '#d89e00' },
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <UserPanelsContext.Provider value={USER_PANELS}>
            <Gate mode={mode} onModeChange={setMode} />
          </UserPanelsContext.Provider>
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
