import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PULL } from '../../src/components/pull-logic.ts';
import { PullToRefresh } from '../../src/components/pull-to-refresh.tsx';
import { setupWebTests } from '../setup.tsx';
import { advance, flush, setupActEnvironment } from '../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

function renderPull(onRefresh: () => Promise<unknown>) {
  render(
    <PullToRefresh onRefresh={onRefresh}>
      <p data-testid="content">Markets</p>
    </PullToRefresh>,
  );
  return { content: screen.getByTestId('content'), root: screen.getByTestId('pull-to-refresh') };
}

const statusText = () => screen.getByRole('status', { hidden: true }).textContent;

/** Moves a finger from y=100 down by `dy` px over the content; returns whether the last move was left to the browser. */
function drag(target: Element, dy: number, dx = 0): boolean {
  fireEvent.touchStart(target, { touches: [{ clientX: 100, clientY: 100 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: 100 + dx / 2, clientY: 100 + dy / 2 }] });
  return fireEvent.touchMove(target, { touches: [{ clientX: 100 + dx, clientY: 100 + dy }] });
}

function release(target: Element) {
  fireEvent.touchEnd(target, { touches: [] });
}

describe('pull to refresh', () => {
  it('asks to pull until the threshold, then to release, and holds the page while pulling', () => {
    const { content, root } = renderPull(vi.fn(async () => undefined));
    expect(statusText()).toBe('');

    expect(drag(content, 120)).toBe(false);
    expect(statusText()).toBe('Pull down to refresh');
    expect(root.getAttribute('data-status')).toBe('pulling');

    fireEvent.touchMove(content, { touches: [{ clientX: 100, clientY: 100 + 250 }] });
    expect(statusText()).toBe('Release to refresh');
    expect(root.getAttribute('data-status')).toBe('canRelease');
  });

  it('refreshes on release beyond the threshold: refreshing, then refreshed for half a second, then back', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { content, root } = renderPull(onRefresh);

    drag(content, 260);
    await act(async () => release(content));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(statusText()).toBe('Refreshing…');
    // The head stays open at its own height while the refresh runs.
    const body = root.querySelector<HTMLElement>('.pull-refresh__content');
    expect(body?.style.transform).toBe(`translateY(${PULL.headHeightPx}px)`);

    // A second pull while refreshing is ignored.
    drag(content, 260);
    release(content);
    expect(onRefresh).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    await flush();
    expect(statusText()).toBe('Refreshed');

    await advance(PULL.completeDelayMs);
    expect(body?.style.transform).toBe('');
    await advance(PULL.settleMs);
    expect(root.getAttribute('data-status')).toBe('pulling');
    expect(statusText()).toBe('');
  });

  it('springs back without refreshing when released before the threshold', async () => {
    const onRefresh = vi.fn(async () => undefined);
    const { content, root } = renderPull(onRefresh);
    drag(content, 150);
    await act(async () => release(content));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLElement>('.pull-refresh__content')?.style.transform).toBe('');
    expect(statusText()).toBe('');
  });

  it('ends the gesture when the refresh fails, without an unhandled error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { content, root } = renderPull(vi.fn(async () => Promise.reject(new Error('offline'))));
    drag(content, 260);
    await act(async () => release(content));
    await flush();
    expect(warn).toHaveBeenCalled();
    await advance(PULL.settleMs);
    expect(root.getAttribute('data-status')).toBe('pulling');
  });

  it('leaves the touch to the browser when the page is scrolled down, and to a carousel when it goes sideways', () => {
    const onRefresh = vi.fn(async () => undefined);
    const { content } = renderPull(onRefresh);

    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    expect(drag(content, 260)).toBe(true);
    release(content);
    expect(statusText()).toBe('');

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    expect(drag(content, 40, 120)).toBe(true);
    release(content);
    expect(statusText()).toBe('');
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
