import { useEffect, useState } from 'react';
import { Popup } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import type { Notice } from '@vela/contract';
import { useT } from '../../lib/i18n.ts';

/** Spec point 9: the notice ticker rotates vertically every 2000 ms. */
export const NOTICE_TICK_MS = 2000;

export function NoticeTicker({ notices }: { notices: Notice[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<Notice | null>(null);
  useEffect(() => {
    if (notices.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % notices.length), NOTICE_TICK_MS);
    return () => clearInterval(timer);
  }, [notices.length]);
  if (notices.length === 0) return null;
  return (
    <>
      <div className="notice-ticker" aria-label={t('home.notices')}>
        <SoundOutline className="notice-ticker__icon" />
        <div className="notice-ticker__window">
          <div className="notice-ticker__track" style={{ transform: `translateY(${-index * 100}%)` }}>
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
  return (
    <Popup
      visible={notice !== null}
      onMaskClick={onClose}
      bodyStyle={{ borderRadius: '0.75rem 0.75rem 0 0', maxHeight: '70vh', overflowY: 'auto' }}
    >
      {notice ? (
        <article className="sheet notice-detail" data-testid="notice-detail">
          <h2 className="sheet__title">{notice.title}</h2>
          <time className="notice-detail__time num">{new Date(notice.createdAt).toLocaleString()}</time>
          <p className="notice-detail__body">{notice.content}</p>
          <button type="button" className="notice-detail__close" onClick={onClose}>
            {t('common.close')}
          </button>
        </article>
      ) : null}
    </Popup>
  );
}
