import { Button } from 'antd-mobile';
import { useT } from '../lib/i18n.ts';
import { openCustomerService } from './global/customer-service.tsx';

/**
 * The foot of an order's detail sheet: where to turn when something looks wrong, and the two ways
 * out (close, or ask customer service). `block` names the sheet's CSS block, so each sheet keeps
 * its own spacing.
 */
export function SupportFooter({
  block,
  onClose,
  supportTestId,
}: {
  block: string;
  onClose: () => void;
  supportTestId: string;
}) {
  const t = useT();
  return (
    <>
      <p className={`sheet__hint ${block}__support`}>{t('funding.supportHint')}</p>
      <div className={`${block}__buttons`}>
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => void openCustomerService()}
          data-testid={supportTestId}
        >
          {t('payment.contactSupport')}
        </Button>
      </div>
    </>
  );
}
