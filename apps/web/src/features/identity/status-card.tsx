import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import type { RealNameStatus, Verification } from '@vela/contract';
import { dateTimeInText } from '../../lib/date-time.ts';
import { useT } from '../../lib/i18n.ts';
import { CERT_TYPE_LABEL, statusHint } from './identity-logic.ts';

const STATUS_ICON: Record<RealNameStatus, typeof CheckCircleFill | null> = {
  NONE: null,
  PENDING: ClockCircleFill,
  APPROVED: CheckCircleFill,
  REJECTED: CloseCircleFill,
};

/** What was submitted: the document, the name, the masked number and when it was sent and reviewed. */
function SubmittedFacts({ current }: { current: Verification }) {
  const t = useT();
  return (
    <dl className="identity-status__facts">
      <div>
        <dt>{t('field.certType')}</dt>
        <dd>{t(CERT_TYPE_LABEL[current.certType])}</dd>
      </div>
      <div>
        <dt>{t('field.name')}</dt>
        <dd>{current.name}</dd>
      </div>
      <div>
        <dt>{t('field.certNumber')}</dt>
        <dd className="num">{current.certNumberMasked}</dd>
      </div>
      <div>
        <dt />
        <dd className="identity-status__time">
          {t('identity.submittedAt', { time: dateTimeInText(current.submittedAt) })}
          {current.reviewedAt
            ? ` · ${t('identity.reviewedAt', { time: dateTimeInText(current.reviewedAt) })}`
            : ''}
        </dd>
      </div>
    </dl>
  );
}

/** The state of the verification and, once submitted, what was submitted. */
export function StatusCard({ status, current }: { status: RealNameStatus; current: Verification | null }) {
  const t = useT();
  const Icon = STATUS_ICON[status];
  return (
    <section
      className={`identity-status identity-status--${status.toLowerCase()}`}
      data-testid="real-name-status"
    >
      <div className="identity-status__head">
        {Icon ? <Icon className="identity-status__icon" aria-hidden /> : null}
        <span className="identity-status__title" data-testid="real-name-status-text">
          {t(`identity.status.${status}`)}
        </span>
      </div>
      <p className="identity-status__hint">{t(statusHint(status))}</p>
      {current && status === 'REJECTED' && current.rejectReason ? (
        <p className="identity-status__reason" data-testid="real-name-reject-reason">
          {t('identity.rejectReason', { reason: current.rejectReason })}
        </p>
      ) : null}
      {current && status !== 'NONE' ? <SubmittedFacts current={current} /> : null}
    </section>
  );
}
