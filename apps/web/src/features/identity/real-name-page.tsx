import { MessageOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { openCustomerService } from '../../components/global/customer-service.tsx';
import { useT } from '../../lib/i18n.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { usePromptOnEntry, useRealName } from '../../system/payment-methods-api.ts';
import { IdentityForm } from './identity-form.tsx';
import { canSubmit } from './identity-logic.ts';
import { StatusCard } from './status-card.tsx';
import './identity.css';

/** Why the form is gone once a verification is pending or approved, and who can still help. */
function LockedNotice() {
  const t = useT();
  return (
    <div className="identity__locked">
      <p>{t('identity.lockedHint')}</p>
      <button
        type="button"
        className="identity__support"
        onClick={() => openCustomerService()}
        data-testid="real-name-contact-support"
      >
        <MessageOutline aria-hidden /> {t('payment.contactSupport')}
      </button>
    </div>
  );
}

/**
 * The real-name verification screen (/real-name, decision 014): the status with what was
 * submitted, the rejection's reason and time, and the form when there is nothing pending or
 * approved. Submitted identity data cannot be changed: corrections go through customer service.
 */
export default function RealNamePage() {
  const goBack = useGoBack('/user-center');
  const info = useRealName();
  const open = canSubmit(info.data?.status ?? 'NONE');
  usePromptOnEntry('fundPassword', goBack);

  if (info.isPending) return <PageSkeleton rows={5} />;
  if (info.isError) return <EmptyState kind="loadFailed" onRetry={() => void info.refetch()} />;
  return (
    <div className="identity">
      <StatusCard status={info.data.status} current={info.data.current} />
      {/* The new status replaces the form; the top of the page shows it. */}
      {open ? <IdentityForm onSubmitted={() => window.scrollTo({ top: 0 })} /> : <LockedNotice />}
    </div>
  );
}
