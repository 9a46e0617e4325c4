import { useEffect, useState } from 'react';
import { Dialog } from 'antd-mobile';
import type { Notice } from '@vela/contract';
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
 * seen, so it does not return on every visit to the home screen.
 */
export function SystemNoticeDialog({ notices }: { notices: Notice[] }) {
  const t = useT();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const seen = seenIds();
    setNotice(notices.find((n) => n.popup && !seen.includes(n.id)) ?? null);
  }, [notices]);
  const close = () => {
    if (notice) localStorage.setItem(SEEN_KEY, JSON.stringify([...seenIds(), notice.id].slice(-50)));
    setNotice(null);
  };
  return (
    <Dialog
      visible={notice !== null}
      title={notice?.title ?? t('home.systemNotice')}
      content={<div className="system-notice">{notice?.content}</div>}
      closeOnAction
      onClose={close}
      actions={[{ key: 'ok', text: t('common.confirm'), bold: true }]}
    />
  );
}
