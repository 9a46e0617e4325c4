import { useRef, type ReactNode } from 'react';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../lib/i18n.ts';
import { PULL, type PullStatus } from './pull-logic.ts';
import { usePullToRefresh } from './use-pull-to-refresh.ts';
import './pull-to-refresh.css';

const TEXT: Record<PullStatus, MessageKey> = {
  pulling: 'common.pullToRefresh',
  canRelease: 'common.releaseToRefresh',
  refreshing: 'common.refreshing',
  complete: 'common.refreshed',
};

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
  const { height, status, dragging } = usePullToRefresh(rootRef, onRefresh, disabled);

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
