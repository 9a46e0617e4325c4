import { useId } from 'react';
import type { FinanceOrder } from '@vela/contract';
import { ConfirmButtons } from '../../components/confirm-buttons.tsx';
import { Popup } from '../../components/popup.tsx';
import { SupportFooter } from '../../components/support-footer.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useFinanceOrderDetail } from './finance-api.ts';
import { redeemFigures, shownAmount, shownPrice, yieldPercent } from './finance-logic.ts';
import { StateBadge } from './finance-order-card.tsx';
import { Money, Rows, TermText, type Row } from './finance-parts.tsx';

/**
 * The sheets of /finance-orders: the confirmation of an early redemption, and an order's detail with
 * its receipt (the order detail has no path of its own; it opens over the list).
 */

/**
 * Asks before redeeming early: the principal, the service fee and what comes back, with no interest.
 * The figures come from the domain's rule, the one the server applies.
 */
export function RedeemConfirm({
  order,
  open,
  onConfirm,
  onCancel,
}: {
  order: FinanceOrder | null;
  open: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  const titleId = useId();
  const figures = order ? redeemFigures(order) : null;
  return (
    <Popup open={open} onClose={onCancel} position="center" labelledBy={titleId} testId="redeem-confirm">
      {order && figures ? (
        <div className="finance-sheet finance-confirm">
          <div className="sheet__title" id={titleId}>
            {t('finance.redeemTitle')}
          </div>
          <Rows
            rows={[
              { label: t('finance.product'), value: order.name, testId: 'redeem-product' },
              {
                label: t('finance.amount'),
                value: <Money amount={shownAmount(order.amount)} currency={order.buySymbol} />,
                testId: 'redeem-amount',
              },
              {
                label: t('finance.serviceFee'),
                value: <Money amount={shownAmount(figures.fee)} currency={order.buySymbol} />,
                testId: 'redeem-fee',
              },
              {
                label: t('finance.refund'),
                value: <Money amount={shownAmount(figures.refund)} currency={order.buySymbol} />,
                testId: 'redeem-refund',
              },
            ]}
          />
          <p className="finance-sheet__hint">{t('finance.redeemHint')}</p>
          <ConfirmButtons tone="down" testId="redeem-confirm" onCancel={onCancel} onConfirm={onConfirm} />
        </div>
      ) : null}
    </Popup>
  );
}

const num = (text: string) => <bdi className="num">{text}</bdi>;
const money = (text: string | null, currency: string | null) =>
  text === null ? num('--') : <Money amount={shownAmount(text)} currency={currency ?? ''} />;
/** A time to the millisecond, as the price history records ticks, or "--". */
const exactTime = (ms: number | null) => num(ms === null ? '--' : formatDateTime(ms, { millis: true }));

/** What was bought: the order number, product, state, principal, its terms and its dates. */
function boughtRows(order: FinanceOrder, t: TFunction): Row[] {
  return [
    { label: t('finance.orderNum'), value: num(order.orderNum), testId: 'detail-order-num' },
    { label: t('finance.product'), value: order.name, testId: 'detail-product' },
    { label: t('spot.state'), value: <StateBadge order={order} />, testId: 'detail-state' },
    { label: t('finance.amount'), value: money(order.amount, order.buySymbol), testId: 'detail-amount' },
    { label: t('finance.principalCoins'), value: money(order.vcCount, order.symbol), testId: 'detail-coins' },
    { label: t('finance.yield'), value: num(`${yieldPercent(order.rateStr)}%`), testId: 'detail-rate' },
    {
      label: t('finance.term'),
      value: <TermText cycle={order.cycle} cycleType={order.cycleType} />,
      testId: 'detail-term',
    },
    { label: t('finance.linkedPrice'), value: num(shownPrice(order.exchangeRate)), testId: 'detail-price' },
    { label: t('finance.startTime'), value: exactTime(order.calcStartDate), testId: 'detail-start' },
    { label: t('finance.endTime'), value: exactTime(order.calcEndDate), testId: 'detail-end' },
  ];
}

/** How it ended: the estimates while holding, the fee and refund of a redemption, or the receipt. */
function endRows(order: FinanceOrder, t: TFunction): Row[] {
  const price = shownPrice(order.exchangeRate);
  if (order.state === 'holding') {
    return [
      {
        label: t('finance.ifBelow', { price }),
        value: money(order.estimateCoin, order.symbol),
        testId: 'detail-estimate-coin',
      },
      {
        label: t('finance.ifAbove', { price }),
        value: money(order.estimateUsdt, order.settleSymbol),
        testId: 'detail-estimate-usdt',
      },
    ];
  }
  const ended = { label: t('finance.endedAt'), value: exactTime(order.endedAt), testId: 'detail-ended' };
  if (order.state === 'redeemed') {
    return [
      {
        label: t('finance.serviceFee'),
        value: money(order.serviceAmount, order.buySymbol),
        testId: 'detail-fee',
      },
      {
        label: t('finance.refund'),
        value: money(order.refundAmount, order.buySymbol),
        testId: 'detail-refund',
      },
      ended,
    ];
  }
  return [
    {
      label: t('finance.settleTickId'),
      value: num(order.settleTickId === null ? '--' : `#${order.settleTickId}`),
      testId: 'detail-tick-id',
    },
    {
      label: t('finance.settleTickTime'),
      value: exactTime(order.settleTickTime),
      testId: 'detail-tick-time',
    },
    {
      label: t('finance.settlePrice'),
      value: num(order.settlePrice === null ? '--' : shownPrice(order.settlePrice)),
      testId: 'detail-settle-price',
    },
    {
      label: t('finance.payout'),
      value: money(order.payoutAmount, order.payoutSymbol),
      testId: 'detail-payout',
    },
    {
      label: t('finance.incomeLabel'),
      value: money(order.incomeAmount, order.payoutSymbol),
      testId: 'detail-income',
    },
    ended,
  ];
}

/**
 * One order in full, read again when it opens: what was bought and on which terms, then how it ended
 * (for a settled order the receipt: the recorded tick's id and time and its price, the payout and the
 * income), the settlement rule in words, and the way to customer service.
 */
export function FinanceOrderDetail({
  order: listed,
  open,
  onClose,
}: {
  order: FinanceOrder | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  const detail = useFinanceOrderDetail(listed, open);
  const order = detail.data ?? listed;
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="finance-detail">
      {order ? (
        <div className="sheet finance-sheet finance-detail" data-state={order.state}>
          <div className="sheet__title" id={titleId}>
            {t('finance.orderTitle', { orderNum: order.orderNum })}
          </div>
          <Rows rows={[...boughtRows(order, t), ...endRows(order, t)]} />
          <p className="finance-sheet__hint" data-testid="finance-detail-rule">
            {t('finance.rule')}
          </p>
          <SupportFooter block="finance-detail" onClose={onClose} supportTestId="finance-support" />
        </div>
      ) : null}
    </Popup>
  );
}
