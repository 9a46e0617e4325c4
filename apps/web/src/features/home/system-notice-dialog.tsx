import { useId, useState } from 'react';
import type { Notice } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * The version of the newest popup notice this device has confirmed. A notice's version is its
 * publication time (`createdAt`): the translations of one notice are published together and share
 * it, so reading the notice in one language answers it in all of them, and a notice published
 * anew (an operator's new or edited notice) has a later time and is shown again.
 */
export const NOTICE_READ_KEY = 'vela-popup-notice-read-until';

function readUntil(): number {
  const stored = Number(localStorage.getItem(NOTICE_READ_KEY));
  // Nothing stored (Number(null) is 0) or something unreadable: no notice has been read yet.
  return Number.isFinite(stored) ? stored : 0;
}

/** The newest popup notice published after the last one this device confirmed. */
function unreadPopup(notices: Notice[]): Notice | null {
  const until = readUntil();
  return notices.find((n) => n.popup && n.createdAt > until) ?? null;
}

/**
 * The system notice dialog: the newest popup notice is shown once per version on a device, whatever
 * language it is read in; closing it marks it read, so it does not return on every visit to the
 * home screen nor after a change of language. It waits for its Confirm: a tap beside it does not
 * close it.
 *
 * The notice is chosen while rendering, when the list of notices changes, so a screen whose notices
 * are already loaded shows the dialog in its first commit rather than in a second render and layout.
 */
export function SystemNoticeDialog({ notices }: { notices: Notice[] }) {
  const t = useT();
  const titleId = useId();
  // The list is compared by its ids: a parent may pass a new empty array at every render.
  const listKey = notices.map((n) => n.id).join(',');
  const [chosen, setChosen] = useState(() => ({ listKey, notice: unreadPopup(notices) }));
  if (chosen.listKey !== listKey) setChosen({ listKey, notice: unreadPopup(notices) });
  const notice = chosen.listKey === listKey ? chosen.notice : null;
  // The dialog keeps its text while it fades out after closing.
  const [shown, setShown] = useState<Notice | null>(null);
  if (notice && notice !== shown) setShown(notice);
  const close = () => {
    if (notice) localStorage.setItem(NOTICE_READ_KEY, String(Math.max(readUntil(), notice.createdAt)));
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
