// antd-mobile's base stylesheet (its variables, and the touch listener that lets `:active` work in
// mobile Safari) comes first, as it always has, so that every stylesheet of ours, after it, wins
// where both style the same element. So does its Button's: styles/global.css restyles antd buttons
// (`.primary-button.adm-button`) with selectors no heavier than the library's own, which only works
// from behind them. The components themselves load with the screens that use them; the toasts and
// dialogs, and their React 19 roots, with lib/feedback-ui.tsx (decision 013).
import 'antd-mobile/es/global';
import 'antd-mobile/es/components/button/button.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter, preloadPage } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { nextTask } from './lib/waits.ts';
import { usePreferences } from './stores/preferences-store.ts';
import './styles/global.css';

/**
 * Starts the app in steps, each a task of its own, so that none holds the main thread long: the
 * modules' evaluation ends before the first screen is asked for, and the router is built while
 * that screen's code and data are on their way (decision 031).
 */
async function start() {
  await nextTask();
  // The first screen's page and its server reads load while the catalogue does, and are there when
  // React first renders: that render then runs once, with the screen's content, instead of
  // suspending and starting over, or rendering placeholders and then each answer (see router.tsx).
  const firstScreen = Promise.all([
    initI18n(usePreferences.getState().locale),
    preloadPage(`${location.pathname}${location.search}`),
  ]);
  await nextTask();
  const router = createAppRouter();
  await firstScreen;
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole screen; the app shell of index.html stays on screen until
  // React commits the screen at once (decision 031).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void start();
