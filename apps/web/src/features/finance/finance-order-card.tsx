import type { ReactNode } from 'react';
import type { FinanceOrder } from '@vela/contract';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT } from '../../lib/i18n.ts';
import {
  canRedeem,
  countdownParts,
  ORDER_STATE_LABEL,
  shownAmount,
  shownPrice,
  yieldPercent,
} from './finance-logic.ts';
import { Figure, Money } from './finance-parts.tsx';

/**
 * An order's cards in /finance-orders: a holding order with its dates, countdown, both estimates and
 * its early redemption; an ended one with how it ended. A tap opens the order's receipt.
 */

export function StateBadge({ order }: { order: FinanceOrder }) {
  const t = useT();
  return (
    <span className={`finance-badge finance-badge--${order.state}`} data-testid="order-state">
      {t(ORDER_STATE_LABEL[order.state])}
    </span>
  );
}

const time = (ms: number) => <bdi className="num">{formatDateTime(ms)}</bdi>;

/** The card's frame: the name and state, the figures, and a tap that opens the receipt. */
function CardFrame({
  order,
  onOpen,
  children,
  foot,
}: {
  order: FinanceOrder;
  onOpen(): void;
  children: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <div className="finance-card" data-testid="finance-order" data-id={order.id} data-state={order.state}>
      <button type="button" className="finance-card__open" onClick={onOpen} data-testid="finance-order-open">
        <span className="finance-card__head">
          <span className="finance-card__title">
            <span className="finance-card__name">{order.name}</span>
          </span>
          <StateBadge order={order} />
        </span>
        {children}
      </button>
      {foot}
    </div>
  );
}

/** Time left to the end ("2d 03:04:05"), or "In settlement" once the end has passed. */
function Countdown({ order, now }: { order: FinanceOrder; now: number }) {
  const t = useT();
  if (now >= order.calcEndDate) return <span data-testid="order-settling">{t('timing.inSettlement')}</span>;
  const { days, clock } = countdownParts(order.calcEndDate - now);
  return (
    <span>
      {t('finance.endsIn')}{' '}
      <bdi className="num finance-countdown" data-testid="order-countdown" role="timer">
        {days > 0 ? t('finance.countdownDays', { days, clock }) : clock}
      </bdi>
    </span>
  );
}

/**
 * A holding order: its principal, rate, start and end, what it pays below and at or above the linked
 * price, the countdown to its end, and "Redeem early" while the end has not passed.
 */
export function HoldingOrderCard({
  order,
  now,
  onOpen,
  onRedeem,
}: {
  order: FinanceOrder;
  now: number;
  onOpen(): void;
  onRedeem(): void;
}) {
  const t = useT();
  const price = shownPrice(order.exchangeRate);
  const foot = (
    <div className="finance-card__foot">
      <Countdown order={order} now={now} />
      {canRedeem(order, now) ? (
        <button type="button" className="finance-card__action" onClick={onRedeem} data-testid="order-redeem">
          {t('finance.redeem')}
        </button>
      ) : null}
    </div>
  );
  return (
    <CardFrame order={order} onOpen={onOpen} foot={foot}>
      <span className="finance-figures">
        <Figure label={t('finance.amount')} testId="order-amount">
          <Money amount={shownAmount(order.amount)} currency={order.buySymbol} />
        </Figure>
        <Figure label={t('finance.yield')} testId="order-rate">
          <bdi className="num">{yieldPercent(order.rateStr)}%</bdi>
        </Figure>
        <Figure label={t('finance.linkedPrice')}>
          <bdi className="num">{price}</bdi>
        </Figure>
      </span>
      <span className="finance-figures finance-figures--two finance-figures--more">
        <Figure label={t('finance.startTime')} testId="order-start">
          {time(order.calcStartDate)}
        </Figure>
        <Figure label={t('finance.endTime')} testId="order-end">
          {time(order.calcEndDate)}
        </Figure>
        <Figure label={t('finance.ifBelow', { price })} testId="order-estimate-coin">
          <Money amount={shownAmount(order.estimateCoin)} currency={order.symbol} />
        </Figure>
        <Figure label={t('finance.ifAbove', { price })} testId="order-estimate-usdt">
          <Money amount={shownAmount(order.estimateUsdt)} currency={order.settleSymbol} />
        </Figure>
      </span>
    </CardFrame>
  );
}

const dashOr = (text: string | null, currency: string | null) =>
  text === null ? '--' : <Money amount={shownAmount(text)} currency={currency ?? ''} />;

/**
 * An ended order and how it ended: redeemed early with its fee and refund, or settled with its
 * payout, its income and the settlement price.
 */
export function HistoryOrderCard({ order, onOpen }: { order: FinanceOrder; onOpen(): void }) {
  const t = useT();
  const redeemed = order.state === 'redeemed';
  return (
    <CardFrame order={order} onOpen={onOpen}>
      <span className="finance-figures">
        <Figure label={t('finance.amount')} testId="order-amount">
          <Money amount={shownAmount(order.amount)} currency={order.buySymbol} />
        </Figure>
        {redeemed ? (
          <>
            <Figure label={t('finance.serviceFee')} testId="order-fee">
              {dashOr(order.serviceAmount, order.buySymbol)}
            </Figure>
            <Figure label={t('finance.refund')} testId="order-refund">
              {dashOr(order.refundAmount, order.buySymbol)}
            </Figure>
          </>
        ) : (
          <>
            <Figure label={t('finance.payout')} testId="order-payout">
              {dashOr(order.payoutAmount, order.payoutSymbol)}
            </Figure>
            <Figure label={t('finance.incomeLabel')} testId="order-income">
              {dashOr(order.incomeAmount, order.payoutSymbol)}
            </Figure>
            <Figure label={t('finance.settlePrice')} testId="order-settle-price">
              <bdi className="num">{order.settlePrice === null ? '--' : shownPrice(order.settlePrice)}</bdi>
            </Figure>
          </>
        )}
        <Figure label={t('finance.endedAt')} testId="order-ended">
          {order.endedAt === null ? '--' : time(order.endedAt)}
        </Figure>
      </span>
    </CardFrame>
  );
}
