import { useEffect, useRef, useState, type RefObject } from 'react';
import { sleep } from '../lib/waits.ts';
import {
  canStartPull,
  classifyTouch,
  PULL,
  pullHeight,
  pullStatusFor,
  type PullStatus,
} from './pull-logic.ts';

/** What the gesture shows: the head's height, its status text and whether a finger is moving it. */
interface PullView {
  setHeight(px: number): void;
  setStatus(status: PullStatus): void;
  setDragging(dragging: boolean): void;
}

/** The latest props and status, read by listeners that outlive renders. */
type Latest = RefObject<{ onRefresh: () => Promise<unknown>; status: PullStatus; disabled: boolean }>;

/** Whether nothing between the touched element and the window is scrolled down. */
function scrolledToTop(target: EventTarget | null): boolean {
  for (let node = target instanceof Element ? target : null; node; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return window.scrollY <= 0;
}

/**
 * Holds the head open with "Refreshing…" while `onRefresh` runs, shows "Refreshed" briefly, then
 * slides it shut. `alive` turns false once the component is gone, and nothing is set after that.
 */
async function runRefresh(view: PullView, latest: Latest, alive: () => boolean): Promise<void> {
  view.setHeight(PULL.headHeightPx);
  view.setStatus('refreshing');
  try {
    await latest.current.onRefresh();
    if (!alive()) return;
    view.setStatus('complete');
    await sleep(PULL.completeDelayMs);
  } catch (error) {
    // The screen's own queries show what failed; the gesture only has to end.
    console.warn('[pull-to-refresh] refresh failed', error);
  }
  if (!alive()) return;
  view.setHeight(0);
  await sleep(PULL.settleMs);
  if (alive()) view.setStatus('pulling');
}

/**
 * Listens to the touches on `root`, natively, because only a non-passive listener may stop the
 * browser's own scrolling while the pull runs. Returns the function that stops listening.
 */
function attachPullGesture(root: HTMLElement, latest: Latest, view: PullView): () => void {
  let alive = true;
  let touch: { x: number; y: number; pulling: boolean } | null = null;
  let lastHeight = 0;

  const onStart = (event: TouchEvent) => {
    const { status, disabled } = latest.current;
    const first = event.touches[0];
    touch =
      first && canStartPull({ disabled, status, fingers: event.touches.length })
        ? { x: first.clientX, y: first.clientY, pulling: false }
        : null;
  };
  const onMove = (event: TouchEvent) => {
    const point = event.touches[0];
    if (!touch || !point) return;
    const dx = point.clientX - touch.x;
    const dy = point.clientY - touch.y;
    if (!touch.pulling) {
      const kind = classifyTouch(dx, dy, scrolledToTop(event.target));
      if (kind === 'undecided') return;
      if (kind === 'other') {
        touch = null;
        return;
      }
      touch.pulling = true;
      view.setDragging(true);
    }
    // Keeps the browser from scrolling, or reloading the page by its own pull, while ours runs.
    if (event.cancelable) event.preventDefault();
    lastHeight = pullHeight(dy);
    view.setHeight(lastHeight);
    view.setStatus(pullStatusFor(lastHeight));
  };
  const onEnd = () => {
    const pulled = touch?.pulling ?? false;
    touch = null;
    if (!pulled) return;
    view.setDragging(false);
    if (pullStatusFor(lastHeight) === 'canRelease') void runRefresh(view, latest, () => alive);
    else {
      view.setHeight(0);
      view.setStatus('pulling');
    }
  };

  root.addEventListener('touchstart', onStart, { passive: true });
  root.addEventListener('touchmove', onMove, { passive: false });
  root.addEventListener('touchend', onEnd);
  root.addEventListener('touchcancel', onEnd);
  return () => {
    alive = false;
    root.removeEventListener('touchstart', onStart);
    root.removeEventListener('touchmove', onMove);
    root.removeEventListener('touchend', onEnd);
    root.removeEventListener('touchcancel', onEnd);
  };
}

/** The state of a pull-to-refresh on the element `rootRef` points to. */
export function usePullToRefresh(
  rootRef: RefObject<HTMLElement | null>,
  onRefresh: () => Promise<unknown>,
  disabled: boolean,
) {
  const [height, setHeight] = useState(0);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [dragging, setDragging] = useState(false);
  // The native listeners outlive renders; they read the latest props and status from here.
  const latest = useRef({ onRefresh, status, disabled });
  useEffect(() => {
    latest.current = { onRefresh, status, disabled };
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    return attachPullGesture(root, latest, { setHeight, setStatus, setDragging });
  }, [rootRef]);

  return { height, status, dragging };
}
