import { useId, useState } from 'react';
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

/** The newest popup notice this device has not seen. */
function unseenPopup(notices: Notice[]): Notice | null {
  const seen = seenIds();
  return notices.find((n) => n.popup && !seen.includes(n.id)) ?? null;
}

/**
 * The system notice dialog: the newest popup notice is shown once per device; closing it marks it
 * seen, so it does not return on every visit to the home screen. It waits for its Confirm: a tap
 * beside it does not close it.
 *
 * The notice is chosen while rendering, when the list of notices changes, so a screen whose notices
 * are already loaded shows the dialog in its first commit rather than in a second render and layout.
 */
export function SystemNoticeDialog({ notices }: { notices: Notice[] }) {
  const t = useT();
  const titleId = useId();
  // The list is compared by its ids: a parent may pass a new empty array at every render.
  const listKey = notices.map((n) => n.id).join(',');
  const [chosen, setChosen] = useState(() => ({ listKey, notice: unseenPopup(notices) }));
  if (chosen.listKey !== listKey) setChosen({ listKey, notice: unseenPopup(notices) });
  const notice = chosen.listKey === listKey ? chosen.notice : null;
  // The dialog keeps its text while it fades out after closing.
  const [shown, setShown] = useState<Notice | null>(null);
  if (notice && notice !== shown) setShown(notice);
  const close = () => {
    if (notice) localStorage.setItem(SEEN_KEY, JSON.stringify([...seenIds(), notice.id].slice(-50)));
    setChosen({ listKey, notice: null });
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
