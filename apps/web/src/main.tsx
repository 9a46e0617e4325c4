import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';
import { usePreferences } from './stores/preferences-store.ts';
import './styles/global.css';

// antd-mobile renders Toast, Dialog and Popup into their own roots; under React 19 it must be told
// how to create one, once, before any of them is shown.
unstableSetRender((node, container) => {
  const host = container as Element & { __velaRoot?: Root };
  host.__velaRoot ??= createRoot(container);
  const root = host.__velaRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete host.__velaRoot;
  };
});

async function start() {
  // The first screen is usually home: fetch its chunk while the catalogue loads instead of after.
  if (location.pathname === '/' || location.pathname === '/home') {
    void import('./features/home/home-page.tsx');
  }
  await initI18n(usePreferences.getState().locale);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
