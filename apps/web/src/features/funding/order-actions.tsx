import { useState } from 'react';
import { Button } from 'antd-mobile';
import type { RechargeOrder, WithdrawOrder } from '@vela/contract';
import { Spinner } from '../../components/spinner.tsx';
import { confirm } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { useCancelWithdrawal, useDepositVoucher } from './funding-api.ts';
import { shownAmount } from './funding-logic.ts';

/**
 * "Cancel withdrawal" on a pending withdrawal: after the user confirms, the held amount returns to
 * the spot account. An operator may have reviewed it meanwhile; the server then refuses, says so,
 * and the refreshed list shows the review.
 */
export function CancelWithdrawal({ order, onDone }: { order: WithdrawOrder; onDone(): void }) {
  const t = useT();
  // One key per order's cancellation, so a retry after a lost answer is the same request.
  const keys = useIdempotencyKey();
  const cancel = useCancelWithdrawal(keys, onDone);
  const ask = async () => {
    const sure = await confirm({
      content: t('funding.cancelWithdrawConfirm', { amount: `${shownAmount(order.amount)} ${order.symbol}` }),
      confirmText: t('funding.cancelWithdraw'),
      cancelText: t('funding.keepWithdraw'),
    });
    if (sure) cancel.mutate(order.id);
  };
  return (
    <Button
      block
      color="danger"
      fill="outline"
      loading={cancel.isPending}
      onClick={() => void ask()}
      data-testid="order-cancel"
    >
      {t('funding.cancelWithdraw')}
    </Button>
  );
}

/**
 * "View voucher": the image the user uploaded with a deposit, fetched and shown in the button's place
 * when asked for.
 */
export function VoucherView({ order }: { order: RechargeOrder }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const voucher = useDepositVoucher(shown ? order.id : null);
  let image = null;
  if (shown && voucher.isPending) image = <Spinner size="sm" />;
  else if (shown && voucher.isError) {
    image = <EmptyState kind="loadFailed" onRetry={() => void voucher.refetch()} />;
  } else if (shown && voucher.data) {
    image = (
      <img
        className="funding-voucher"
        src={`data:${voucher.data.mime};base64,${voucher.data.dataBase64}`}
        width={voucher.data.width}
        height={voucher.data.height}
        alt={t('funding.voucher')}
        data-testid="order-voucher-image"
      />
    );
  }
  return (
    <>
      {shown ? null : (
        <Button block fill="outline" onClick={() => setShown(true)} data-testid="order-voucher">
          {t('funding.viewVoucher')}
        </Button>
      )}
      {image}
    </>
  );
}
