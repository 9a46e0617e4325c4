import { useEffect, useId, useState } from 'react';
import type { Notice } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT } from '../../lib/i18n.ts';

/** The notice ticker rotates vertically every 2000 ms. */
export const NOTICE_TICK_MS = 2000;

function SpeakerIcon() {
  return (
    <svg
      className="notice-ticker__icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M4 9.5v5h3.5L13 19V5L7.5 9.5H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
    </svg>
  );
}

/**
 * The notice ticker; while the notices load it keeps their place with an empty bar of the same size,
 * so what lies below does not jump when they arrive.
 */
export function NoticeTicker({ notices, pending }: { notices: Notice[]; pending: boolean }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<Notice | null>(null);
  useEffect(() => {
    if (notices.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % notices.length), NOTICE_TICK_MS);
    return () => clearInterval(timer);
  }, [notices.length]);
  if (pending) {
    return (
      <div className="notice-ticker" aria-busy="true">
        <SpeakerIcon />
      </div>
    );
  }
  if (notices.length === 0) return null;
  return (
    <>
      <div className="notice-ticker" aria-label={t('home.notices')}>
        <SpeakerIcon />
        <div className="notice-ticker__window">
          {/* A percentage in translateY is of the track's own height, which holds every notice. */}
          <div
            className="notice-ticker__track"
            style={{ transform: `translateY(${(-index * 100) / notices.length}%)` }}
          >
            {notices.map((notice, i) => (
              <button
                key={notice.id}
                type="button"
                className="notice-ticker__item"
                onClick={() => setOpen(notice)}
                tabIndex={i === index ? 0 : -1}
                aria-hidden={i !== index}
                data-testid="notice-item"
              >
                {notice.title}
              </button>
            ))}
          </div>
        </div>
      </div>
      <NoticeDetail notice={open} onClose={() => setOpen(null)} />
    </>
  );
}

export function NoticeDetail({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  const t = useT();
  const titleId = useId();
  // The popup keeps showing the notice while it slides away after closing.
  const [shown, setShown] = useState(notice);
  if (notice && notice !== shown) setShown(notice);
  return (
    <Popup open={notice !== null} onClose={onClose} labelledBy={titleId}>
      {shown ? (
        <article className="sheet notice-detail" data-testid="notice-detail">
          <h2 className="sheet__title" id={titleId}>
            {shown.title}
          </h2>
          <time className="notice-detail__time num">{formatDateTime(shown.createdAt)}</time>
          <p className="notice-detail__body">{shown.content}</p>
          <button type="button" className="notice-detail__close" onClick={onClose}>
            {t('common.close')}
          </button>
        </article>
      ) : null}
    </Popup>
  );
}
