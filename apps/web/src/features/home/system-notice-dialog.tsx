import { useEffect, useId, useState } from 'react';
import type { Notice } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';

const SEEN_KEY = 'vela-seen-popup-notices';

function seenIds(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * The system notice dialog: the newest popup notice is shown once per device; closing it marks it
 * seen, so it does not return on every visit to the home screen. It waits for its Confirm: a tap
 * beside it does not close it.
 */
export function SystemNoticeDialog({ notices }: { notices: Notice[] }) {
  const t = useT();
  const titleId = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  // The dialog keeps its text while it fades out after closing.
  const [shown, setShown] = useState<Notice | null>(null);
  if (notice && notice !== shown) setShown(notice);
  useEffect(() => {
    const seen = seenIds();
    setNotice(notices.find((n) => n.popup && !seen.includes(n.id)) ?? null);
  }, [notices]);
  const close = () => {
    if (notice) localStorage.setItem(SEEN_KEY, JSON.stringify([...seenIds(), notice.id].slice(-50)));
    setNotice(null);
  };
  return (
    <Popup
      open={notice !== null}
      onClose={close}
      position="center"
      labelledBy={titleId}
      closeOnMask={false}
      testId="system-notice"
    >
      <div className="system-notice">
        <h2 className="system-notice__title" id={titleId}>
          {shown?.title ?? t('home.systemNotice')}
        </h2>
        <div className="system-notice__body">{shown?.content}</div>
      </div>
      <button type="button" className="system-notice__confirm" onClick={close}>
        {t('common.confirm')}
      </button>
    </Popup>
  );
}
