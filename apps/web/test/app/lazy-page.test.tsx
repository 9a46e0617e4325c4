import { act, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, type PageModule } from '../../src/app/lazy-page.ts';
import { setupActEnvironment } from '../support/helpers.tsx';

setupActEnvironment();

const module: PageModule = { default: () => <p>The page</p> };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** Renders in one synchronous pass, as the app's first render runs, and answers what it shows. */
function renderOnce(element: ReactNode): HTMLElement {
  const container = document.createElement('div');
  root = createRoot(container);
  act(() => root?.render(element));
  return container;
}

describe('pages loaded lazily', () => {
  it('renders a page loaded ahead in the first render, without loading it again', async () => {
    const load = vi.fn(() => Promise.resolve(module));
    const page = lazyPage(load);
    await page.preload();

    const container = renderOnce(<page.Page />);

    expect(container.textContent).toBe('The page');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends a page not loaded ahead until its module is in', async () => {
    const page = lazyPage(() => Promise.resolve(module));

    const container = renderOnce(
      <Suspense fallback={<p>Loading</p>}>
        <page.Page />
      </Suspense>,
    );

    expect(container.textContent).toBe('Loading');
    await act(async () => {});
    expect(container.textContent).toBe('The page');
  });

  it('leaves a page whose preload failed to load itself when it renders', async () => {
    const load = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new Error('chunk unavailable'))
      .mockResolvedValue(module);
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('chunk unavailable');

    const container = renderOnce(
      <Suspense fallback={<p>Loading</p>}>
        <page.Page />
      </Suspense>,
    );
    await act(async () => {});

    expect(container.textContent).toBe('The page');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
