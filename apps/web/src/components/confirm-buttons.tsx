import { Button } from 'antd-mobile';
import { useT } from '../lib/i18n.ts';
import './confirm-buttons.css';

/**
 * The two buttons under an order's confirmation (timed, spot and contract): cancel, and confirm in
 * the order's colour (up for a buy or a long, down for a sell or a short). `testId` names both: `<testId>-cancel`, `<testId>-ok`.
 */
export function ConfirmButtons({
  tone,
  testId,
  onCancel,
  onConfirm,
}: {
  tone: 'up' | 'down';
  testId: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  const t = useT();
  return (
    <div className="confirm-buttons">
      <Button block onClick={onCancel} data-testid={`${testId}-cancel`}>
        {t('common.cancel')}
      </Button>
      <Button
        block
        className={`confirm-buttons__ok confirm-buttons__ok--${tone}`}
        onClick={onConfirm}
        data-testid={`${testId}-ok`}
      >
        {t('common.confirm')}
      </Button>
    </div>
  );
}
