import type { ReactElement } from 'react';
import { cleanup, configure, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, vi } from 'vitest';

/**
 * Shared set-up for the console's component tests: the browser APIs jsdom lacks (antd measures the
 * screen), and a render helper inside antd's App (for messages) and a fresh QueryClient.
 */

function stubBrowserApis() {
  // jsdom computes no pseudo-element styles and says so on every call; antd asks while measuring
  // scroll bars, where the element's own style answers as well.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  }
}

/** Registers the hooks every component test file needs; call once at the top of the file. */
export function setupConsoleTests(): void {
  // antd's tables and dialogs take several hundred milliseconds to render in jsdom, more on a busy
  // machine: `findBy` waits up to five seconds for what a test expects, not the library's one.
  configure({ asyncUtilTimeout: 5000 });
  beforeAll(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });
}

/**
 * antd writes its styles into this detached element instead of the document. jsdom computes an
 * element's style by matching every rule of every sheet in the document, and the screens' queries
 * ask for it on every element they look at (is it hidden?): with antd's thousands of rules in the
 * document that took most of each test's time. What the tests check (text, roles, inline display)
 * needs none of them.
 */
const UNSTYLED = document.createElement('div');

export function renderInConsole(element: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return render(
    <StyleProvider container={UNSTYLED}>
      <AntApp>
        <QueryClientProvider client={client}>{element}</QueryClientProvider>
      </AntApp>
    </StyleProvider>,
  );
}
