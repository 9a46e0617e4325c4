import { useId, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { CopyableText, CopyButton } from '../../components/copy-button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Popup } from '../../components/popup.tsx';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { useFreshUser } from './agent-api.ts';
import { AgentOnlyNotice } from './agent-parts.tsx';
import { registrationLink, sharePictureName } from './share-logic.ts';
import { saveSharePicture } from './share-picture.ts';
import './agent.css';

/** The QR code on the screen, in CSS pixels; the picture's own is drawn from a larger one. */
const SCREEN_QR_SIZE = 184;
const PICTURE_QR_SIZE = 400;

/** Dark modules on white with a quiet zone, the way scanners read best, in either theme. */
const QR_COLOURS = { bgColor: '#ffffff', fgColor: '#000000', level: 'M', marginSize: 2 } as const;

/** The picture shown to be saved with a long press, where the browser could not download it. */
function PicturePreview({ url, open, onClose }: { url: string | null; open: boolean; onClose(): void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup
      open={open && url !== null}
      onClose={onClose}
      position="center"
      labelledBy={titleId}
      testId="share-preview"
    >
      <div className="share-preview">
        <div className="sheet__title" id={titleId}>
          {t('share.pictureTitle')}
        </div>
        {url ? (
          <img
            className="share-preview__img"
            src={url}
            alt={t('share.pictureTitle')}
            data-testid="share-picture"
          />
        ) : null}
        <p className="sheet__hint share-preview__hint">{t('share.longPressHint')}</p>
        <Button block onClick={onClose} data-testid="share-preview-close">
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}

/** Draws and downloads the picture; where that fails, says so and offers the picture to long-press. */
function useSavePicture(inviteCode: string) {
  const t = useT();
  const pictureQr = useRef<HTMLCanvasElement>(null);
  // The picture stays after closing, so it does not vanish while the preview slides away.
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const save = () => {
    const qr = pictureQr.current;
    const appName = t('common.appName');
    const outcome = qr
      ? saveSharePicture(
          {
            appName,
            tagline: t('share.pictureTagline'),
            codeLabel: t('field.inviteCode'),
            inviteCode,
            qr,
            direction: document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr',
            fontFamily: getComputedStyle(document.body).fontFamily || 'sans-serif',
          },
          sharePictureName(appName, inviteCode),
        )
      : { saved: false as const, pictureUrl: null };
    if (outcome.saved) return toastSuccess(t('share.pictureSaved'));
    toastError(t('toast.savePictureFailed'));
    setPreviewUrl(outcome.pictureUrl);
    setPreviewOpen(true);
  };
  return { pictureQr, previewUrl, previewOpen, closePreview: () => setPreviewOpen(false), save };
}

/** An agent's invitation: the code, the registration link and its QR code, each ready to pass on. */
function Invitation({ inviteCode }: { inviteCode: string }) {
  const t = useT();
  const link = registrationLink(window.location.origin, inviteCode);
  const picture = useSavePicture(inviteCode);
  return (
    <div className="agent-page share" data-testid="share-page">
      <section className="share-card">
        <h2 className="share-card__title">{t('share.title')}</h2>
        <p className="share-card__subtitle">{t('share.subtitle')}</p>
        <div className="share-qr">
          <QRCodeCanvas
            value={link}
            size={SCREEN_QR_SIZE}
            {...QR_COLOURS}
            aria-label={t('share.qrLabel')}
            data-testid="share-qr"
          />
        </div>
        <p className="share-card__scan">{t('share.scanHint')}</p>
        <div className="share-code">
          <span className="share-code__label">{t('field.inviteCode')}</span>
          <span className="share-code__row">
            <bdi className="num share-code__value" data-testid="share-invite-code">
              {inviteCode}
            </bdi>
            <CopyButton text={inviteCode} testId="copy-share-invite-code" />
          </span>
        </div>
        <div className="share-link">
          <span className="share-code__label">{t('share.link')}</span>
          <CopyableText text={link} testId="share-link" />
        </div>
      </section>
      <Button
        block
        color="primary"
        size="large"
        className="primary-button"
        onClick={picture.save}
        data-testid="share-save-picture"
      >
        {t('share.savePicture')}
      </Button>
      {/* The picture's QR code, drawn larger than the screen's so it stays sharp in the picture. */}
      <QRCodeCanvas
        ref={picture.pictureQr}
        value={link}
        size={PICTURE_QR_SIZE}
        {...QR_COLOURS}
        hidden
        aria-hidden
      />
      <PicturePreview url={picture.previewUrl} open={picture.previewOpen} onClose={picture.closePreview} />
    </div>
  );
}

/**
 * /share: the agent's invite code, the registration link that carries it and the link's QR code,
 * with copy buttons and a picture to save and send. The user is read again on every visit, since
 * the code may have been renewed on another device. Only agents have invite codes; anyone else is
 * told so.
 */
export default function SharePage() {
  const t = useT();
  useFreshUser();
  const user = useSession((s) => s.user);
  if (!user?.isAgent) {
    return (
      <div className="agent-page">
        <AgentOnlyNotice message={t('share.onlyAgents')} testId="share-not-agent" />
      </div>
    );
  }
  if (!user.inviteCode) return <EmptyState kind="noData" />;
  return <Invitation inviteCode={user.inviteCode} />;
}
