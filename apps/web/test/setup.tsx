import type { ReactElement } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeAll, vi } from 'vitest';
import type { Envelope, UserInfo } from '@vela/contract';
import { preloadFeedback } from '../src/lib/feedback.tsx';
import { initI18n } from '../src/lib/i18n.ts';
import { usePreferences } from '../src/stores/preferences-store.ts';
import { useSession } from '../src/stores/session-store.ts';
import { useUi } from '../src/stores/ui-store.ts';

/**
 * Shared set-up for the web component tests: English catalogue, antd-mobile's own roots (Toast,
 * Dialog) under React 19, the browser APIs jsdom lacks, a fetch stub that answers like the API, and
 * a render helper with a fresh QueryClient and a MemoryRouter.
 */

function stubBrowserApis() {
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
    Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  }
}

const initialSession = useSession.getState();
const initialPreferences = usePreferences.getState();
const initialUi = useUi.getState();

/** Registers the hooks every component test file needs; call once at the top of the file. */
export function setupWebTests(): void {
  beforeAll(async () => {
    stubBrowserApis();
    usePreferences.setState({ locale: 'en' });
    await initI18n('en');
    // The app loads its toasts and dialogs (and antd-mobile's React 19 roots for them) once the first
    // screen is up; the screens tested here are past that point, so a toast shows as soon as it is
    // asked for, on the fake clock too.
    await preloadFeedback();
  });
  afterEach(() => {
    cleanup();
    Toast.clear();
    Dialog.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSession.setState({ ...initialSession, token: null, user: null }, true);
    usePreferences.setState({ ...initialPreferences, locale: 'en' }, true);
    useUi.setState(initialUi, true);
    localStorage.clear();
  });
}

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1024,
    username: 'alice01',
    nickname: 'Alice',
    nicknameChanged: false,
    userType: 1,
    isAgent: false,
    inviteCode: null,
    email: null,
    hasFundPassword: false,
    googleBound: false,
    realNameStatus: 'NONE',
    pointPercentTiming: '0.01',
    pointPercentContract: '0.01',
    createdAt: 1_700_000_000_000,
    lastLoginAt: null,
    mustChangePassword: false,
    ...overrides,
  };
}

export const TEST_TOKEN = 'test-session-token';

export function signInAs(user: UserInfo = makeUser()): UserInfo {
  useSession.setState({ token: TEST_TOKEN, user });
  return user;
}

/** A handler's answer: data for success, `fail(...)` for a failed envelope, or a thrown error for a network failure. */
export interface Failure {
  __failure: true;
  code: string;
  message: string;
  data: unknown;
  forceLogout?: boolean;
}

export function fail(code: string, message: string, data: unknown = null): Failure {
  return { __failure: true, code, message, data };
}

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Answers one request; `headers` are the request's (`lang` is the app's language). */
type Handler = (body: Record<string, unknown>, headers: Record<string, string>) => unknown;

/**
 * Replaces fetch with an in-memory API: `handlers` are keyed by endpoint path ("/user/logout").
 * Unknown paths answer with a failed envelope, as the server does for an unknown address.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api(?=\/)/, '');
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path, body, headers });
    const handler = handlers[path];
    let envelope: Envelope<unknown>;
    if (!handler) {
      envelope = { success: false, code: 'NOT_FOUND', message: `not mocked: ${path}`, data: null };
    } else {
      const answer = await handler(body, headers);
      envelope =
        answer && typeof answer === 'object' && '__failure' in answer
          ? {
              success: false,
              code: (answer as Failure).code,
              message: (answer as Failure).message,
              data: (answer as Failure).data,
            }
          : { success: true, code: 'OK', message: '', data: answer ?? null };
    }
    return { ok: true, status: 200, json: async () => envelope } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
  };
}

/** Shows where the router ended up, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders a page at `path` (its route pattern) inside a fresh QueryClient and a MemoryRouter. Any
 * other path renders a probe whose text is the current location.
 */
export function renderPage(page: ReactElement, options: { path: string; history?: string[] }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const entries = options.history ?? [options.path];
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={options.path} element={page} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** The input carrying `name`, for filling forms the way browser tests do. */
export function inputNamed(name: string): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input named ${name}`);
  return input;
}

/**
 * Answers the open confirm dialog. The click is dispatched directly: while antd-mobile's opening
 * animation runs the dialog has `pointer-events: none`, which user-event (rightly) refuses.
 */
export async function answerDialog(button: 'Confirm' | 'Cancel'): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: button }));
}
