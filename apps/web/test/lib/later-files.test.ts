import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATER_FILES_ID, fetchLaterFiles, whenPageSettled } from '../../src/lib/later-files.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

function laterFilesTemplate(...hrefs: string[]): void {
  const template = document.createElement('template');
  template.id = LATER_FILES_ID;
  template.innerHTML = hrefs.map((href) => `<link rel="prefetch" crossorigin href="${href}">`).join('');
  document.head.append(template);
}

const liveLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>(':scope > link[rel="prefetch"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('files for later', () => {
  it('stay inert in their template until activated, then become live links once', async () => {
    laterFilesTemplate('/assets/feedback-ui.js', '/assets/feedback-ui.css');
    expect(liveLinks()).toEqual([]);
    await fetchLaterFiles();
    expect(liveLinks()).toEqual(['/assets/feedback-ui.js', '/assets/feedback-ui.css']);
    expect(document.getElementById(LATER_FILES_ID)).toBeNull();
    await fetchLaterFiles();
    expect(liveLinks()).toHaveLength(2);
  });

  it('go live one task apart, so that no one task starts every download', async () => {
    laterFilesTemplate('/assets/a.js', '/assets/b.js', '/assets/c.css');
    const activated = fetchLaterFiles();
    expect(liveLinks()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(liveLinks()).toEqual(['/assets/a.js']);
    await activated;
    expect(liveLinks()).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.css']);
  });

  it('are nothing to do on a page built without them', async () => {
    await expect(fetchLaterFiles()).resolves.toBeUndefined();
    expect(liveLinks()).toEqual([]);
  });

  it('wait for the page to have loaded and for the browser to be idle', () => {
    const listeners = new Map<string, () => void>();
    const idle: (() => void)[] = [];
    const win = {
      document: { readyState: 'loading' },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
      requestIdleCallback: (callback: () => void) => idle.push(callback),
      cancelIdleCallback: vi.fn(),
    } as unknown as Window;
    const task = vi.fn();
    whenPageSettled(task, win);
    expect(idle).toHaveLength(0);
    listeners.get('load')?.();
    expect(task).not.toHaveBeenCalled();
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('are not asked for when the screen has gone before the page settled', () => {
    const listeners = new Map<string, () => void>();
    const win = {
      document: { readyState: 'interactive' },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as Window;
    const cancel = whenPageSettled(vi.fn(), win);
    cancel();
    expect(listeners.size).toBe(0);
  });
});
