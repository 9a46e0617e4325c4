import type { MessageKey } from '@vela/i18n';
import { useT } from '../lib/i18n.ts';
import './empty-state.css';

/**
 * The four empty states, plus "load failed". `noRechargeChannel` and `loadFailed`
 * are tappable to retry.
 */
export type EmptyKind =
  'noData' | 'noMoreData' | 'noRechargeChannel' | 'noWithdrawChannel' | 'loadFailed' | 'pageNotReady';

const TEXT: Record<EmptyKind, MessageKey> = {
  noData: 'empty.noData',
  noMoreData: 'empty.noMoreData',
  noRechargeChannel: 'empty.noRechargeChannel',
  noWithdrawChannel: 'empty.noWithdrawChannel',
  loadFailed: 'empty.loadFailed',
  pageNotReady: 'empty.pageNotReady',
};

export function EmptyState({
  kind,
  onRetry,
  message,
}: {
  kind: EmptyKind;
  onRetry?: () => void;
  message?: string;
}) {
  const t = useT();
  const text = message ?? t(TEXT[kind]);
  if (kind === 'noMoreData') {
    return <div className="empty-state empty-state--inline">{text}</div>;
  }
  const content = (
    <>
      <svg className="empty-state__art" viewBox="0 0 96 72" aria-hidden>
        <rect
          x="14"
          y="18"
          width="68"
          height="46"
          rx="6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M14 34h20l4 8h20l4-8h20" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M30 8l6 8M48 4v10M66 8l-6 8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <div className="empty-state__text">{text}</div>
    </>
  );
  return onRetry ? (
    <button
      type="button"
      className="empty-state empty-state--button"
      onClick={onRetry}
      data-testid={`empty-${kind}`}
    >
      {content}
    </button>
  ) : (
    <div className="empty-state" data-testid={`empty-${kind}`}>
      {content}
    </div>
  );
}
