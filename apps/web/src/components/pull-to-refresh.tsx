import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../lib/i18n.ts';
import { sleep } from '../lib/waits.ts';
import { classifyTouch, PULL, pullHeight, pullStatusFor, type PullStatus } from './pull-maths.ts';
import './pull-to-refresh.css';

const TEXT: Record<PullStatus, MessageKey> = {
  pulling: 'common.pullToRefresh',
  canRelease: 'common.releaseToRefresh',
  refreshing: 'common.refreshing',
  complete: 'common.refreshed',
};

/** Whether nothing between the touched element and the window is scrolled down. */
function scrolledToTop(target: EventTarget | null): boolean {
  for (let node = target instanceof Element ? target : null; node; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return window.scrollY <= 0;
}

/**
 * Pull down at the top of the page to refresh (the gesture of antd-mobile's PullToRefresh, without
 * its animation and gesture libraries, which weighed more than the home screen itself). The content
 * follows the finger through a transform, so a pull costs no layout; past the threshold, releasing
 * calls `onRefresh`, and the head shows "Refreshing…" until it settles, then "Refreshed" for half a
 * second. Touch only, as before: a mouse has the browser's reload.
 */
export function PullToRefresh({
  onRefresh,
  disabled = false,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  disabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [dragging, setDragging] = useState(false);
  // The native listeners below outlive renders; they read the latest props and status from here.
  const latest = useRef({ onRefresh, status, disabled });
  useEffect(() => {
    latest.current = { onRefresh, status, disabled };
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let alive = true;
    let touch: { x: number; y: number; pulling: boolean } | null = null;
    let lastHeight = 0;

    const refresh = async () => {
      setHeight(PULL.headHeightPx);
      setStatus('refreshing');
      try {
        await latest.current.onRefresh();
        if (!alive) return;
        setStatus('complete');
        await sleep(PULL.completeDelayMs);
      } catch (error) {
        // The screen's own queries show what failed; the gesture only has to end.
        console.warn('[pull-to-refresh] refresh failed', error);
      }
      if (!alive) return;
      setHeight(0);
      await sleep(PULL.settleMs);
      if (alive) setStatus('pulling');
    };

    const onStart = (event: TouchEvent) => {
      const { status: now, disabled: off } = latest.current;
      const first = event.touches[0];
      touch =
        off || now === 'refreshing' || now === 'complete' || !first || event.touches.length > 1
          ? null
          : { x: first.clientX, y: first.clientY, pulling: false };
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
        setDragging(true);
      }
      // Keeps the browser from scrolling, or reloading the page by its own pull, while ours runs.
      if (event.cancelable) event.preventDefault();
      lastHeight = pullHeight(dy);
      setHeight(lastHeight);
      setStatus(pullStatusFor(lastHeight));
    };
    const onEnd = () => {
      const pulled = touch?.pulling ?? false;
      touch = null;
      if (!pulled) return;
      setDragging(false);
      if (pullStatusFor(lastHeight) === 'canRelease') void refresh();
      else {
        setHeight(0);
        setStatus('pulling');
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
  }, []);

  const shown = height > 0 || status !== 'pulling';
  const motion = dragging ? '' : ' pull-refresh--settling';
  return (
    <div ref={rootRef} className={`pull-refresh${motion}`} data-status={status} data-testid="pull-to-refresh">
      <div className="pull-refresh__head" style={{ height: `${height}px` }} aria-hidden={!shown}>
        <div className="pull-refresh__text" style={{ height: `${PULL.headHeightPx}px` }} role="status">
          {shown ? t(TEXT[status]) : null}
        </div>
      </div>
      <div
        className="pull-refresh__content"
        // No transform at rest: a transformed ancestor would become the containing block of the
        // content's fixed and sticky elements.
        style={height > 0 ? { transform: `translateY(${height}px)` } : undefined}
      >
        {children}
      </div>
    </div>
  );
}
