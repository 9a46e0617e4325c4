import { useId, useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { TimingOrder } from '@vela/contract';
import type { TimingDirection, TimingOutcome } from '@vela/domain';
import { SupportFooter } from '../../components/support-footer.tsx';
import { Popup } from '../../components/popup.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT } from '../../lib/i18n.ts';
import {
  DIRECTION_LABEL,
  directionTone,
  elapsedShare,
  ESTIMATE_LABEL,
  formatCountdown,
  liveEstimate,
  outcomeLabel,
  outcomeTone,
  periodLabel,
  ratePercent,
  shownAmount,
  shownPrice,
  shownState,
  signedAmount,
} from './timing-logic.ts';
import { useOrderDetail, useServerNow } from './trade-api.ts';
import { OrderVerify } from './timing-verify.tsx';
import './timing.css';

/**
 * Pieces the timed-trade panel and the order list share: the direction and result badges, an open
 * order's card with its countdown and live result estimate, a settled order's card, and the order's
 * detail with its settlement receipt.
 */

/** An amount with its currency, isolated as one left-to-right figure. */
export function Money({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {amount} {currency}
    </bdi>
  );
}

export function DirectionBadge({ direction }: { direction: TimingDirection }) {
  const t = useT();
  return (
    <span
      className={`timing-badge timing-badge--${directionTone(direction)}`}
      data-testid="order-direction"
      data-direction={direction}
    >
      {t(DIRECTION_LABEL[direction])}
    </span>
  );
}

export function OutcomeBadge({
  outcome,
  tieRule,
}: {
  outcome: TimingOutcome;
  tieRule: TimingOrder['tieRule'];
}) {
  const t = useT();
  return (
    <span
      className={`timing-badge timing-badge--solid-${outcomeTone(outcome)}`}
      data-testid="order-outcome"
      data-outcome={outcome}
    >
      {t(outcomeLabel(outcome, tieRule))}
    </span>
  );
}

export function PeriodText({ seconds }: { seconds: number }) {
  const t = useT();
  const label = periodLabel(seconds);
  return <bdi className="num">{t(label.key, label.params)}</bdi>;
}

/**
 * The countdown of an open order, "Opening…" while it waits for the first tick after its
 * acceptance (its period has not started), or "In settlement" once it is over.
 */
export function CountdownText({ order, now }: { order: TimingOrder; now: number }) {
  const t = useT();
  if (order.expiresAt === null) {
    return (
      <span className="timing-settling" data-testid="order-opening">
        <Spinner size="sm" />
        {t('timing.opening')}
      </span>
    );
  }
  if (shownState(order, now) === 'open') {
    return (
      <span className="timing-countdown num" data-testid="order-countdown" role="timer">
        {formatCountdown(order.expiresAt - now)}
      </span>
    );
  }
  return (
    <span className="timing-settling" data-testid="order-settling">
      <Spinner size="sm" />
      {t('timing.inSettlement')}
    </span>
  );
}

/** What the order would return if it settled at the live price now, in the colour of that result. */
export function EstimateText({ order, price }: { order: TimingOrder; price: string | undefined }) {
  const t = useT();
  const estimate = liveEstimate(order, price);
  if (!estimate) return <span className="muted">--</span>;
  return (
    <span
      className={`timing-estimate ${outcomeTone(estimate.outcome)}`}
      data-testid="order-estimate"
      data-outcome={estimate.outcome}
    >
      <span>{t(ESTIMATE_LABEL[estimate.outcome])}</span>{' '}
      <Money amount={signedAmount(estimate.profit)} currency={order.settleSymbol} />
    </span>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="timing-figure">
      <span className="timing-figure__label">{label}</span>
      <span className="timing-figure__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/** An open (or settling) order: countdown, progress, stake, open and live price, and the estimate. */
export function ActiveOrderCard({
  order,
  now,
  price,
  onOpen,
}: {
  order: TimingOrder;
  now: number;
  price: string | undefined;
  onOpen(): void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="timing-card"
      onClick={onOpen}
      data-testid="timing-order"
      data-id={order.id}
      data-state={shownState(order, now)}
    >
      <OrderCardHead order={order} end={<CountdownText order={order} now={now} />} />
      <span className="timing-progress" aria-hidden>
        <span
          className={`timing-progress__bar timing-progress__bar--${directionTone(order.direction)}`}
          style={{ transform: `scaleX(${elapsedShare(order, now)})` }}
        />
      </span>
      <span className="timing-card__figures">
        <Figure label={t('timing.amount')} testId="order-amount">
          <Money amount={shownAmount(order.amount)} currency={order.settleSymbol} />
        </Figure>
        <Figure label={t('timing.openPrice')} testId="order-open-price">
          <bdi className="num">{priceOrDash(order.openPrice)}</bdi>
        </Figure>
        <Figure label={t('timing.currentPrice')} testId="order-current-price">
          <bdi className="num">{price ? shownPrice(price) : '--'}</bdi>
        </Figure>
      </span>
      <span className="timing-card__row timing-card__row--end">
        <EstimateText order={order} price={price} />
      </span>
    </button>
  );
}

/** A settled order: its result, stake, open and settlement price, profit and time. */
export function SettledOrderCard({ order, onOpen }: { order: TimingOrder; onOpen(): void }) {
  const t = useT();
  const tone = outcomeTone(order.outcome);
  return (
    <button
      type="button"
      className="timing-card"
      onClick={onOpen}
      data-testid="timing-order"
      data-id={order.id}
      data-state={order.state}
    >
      <OrderCardHead order={order} />
      <span className="timing-card__figures">
        <Figure label={t('timing.amount')} testId="order-amount">
          <Money amount={shownAmount(order.amount)} currency={order.settleSymbol} />
        </Figure>
        <Figure label={t('timing.openPrice')} testId="order-open-price">
          <bdi className="num">{priceOrDash(order.openPrice)}</bdi>
        </Figure>
        <Figure label={t('timing.settlePrice')} testId="order-settle-price">
          <bdi className="num">{order.settlePrice ? shownPrice(order.settlePrice) : '--'}</bdi>
        </Figure>
      </span>
      <span className="timing-card__row">
        <span className={`timing-card__profit ${tone}`} data-testid="order-profit">
          {t('timing.profit')}{' '}
          <Money amount={order.profit ? signedAmount(order.profit) : '--'} currency={order.settleSymbol} />
        </span>
        <time className="timing-card__time num" dateTime={new Date(order.createdAt).toISOString()}>
          {formatDateTime(order.createdAt)}
        </time>
      </span>
    </button>
  );
}

/**
 * The first line of an order's card: coin, direction and period, then `end` (an open order's
 * countdown), or the outcome once settled.
 */
function OrderCardHead({ order, end }: { order: TimingOrder; end?: ReactNode }) {
  return (
    <span className="timing-card__row">
      <span className="timing-card__title">
        <span className="timing-card__symbol">{order.symbol}</span>
        <DirectionBadge direction={order.direction} />
        <span className="timing-card__period muted">
          <PeriodText seconds={order.periodSeconds} />
        </span>
      </span>
      {end ?? (order.outcome ? <OutcomeBadge outcome={order.outcome} tieRule={order.tieRule} /> : null)}
    </span>
  );
}

/**
 * A just-settled order in the open orders, for a few seconds before it leaves them: its result,
 * the profit or loss in large figures, the payout and stake, and the way to its receipt.
 */
export function ResultCard({ order, onOpenReceipt }: { order: TimingOrder; onOpenReceipt(): void }) {
  const t = useT();
  const tone = outcomeTone(order.outcome);
  return (
    <div
      className={`timing-card timing-result timing-result--${tone}`}
      data-testid="timing-result"
      data-id={order.id}
      data-state={order.state}
      data-outcome={order.outcome ?? undefined}
    >
      <OrderCardHead order={order} />
      <span className={`timing-result__profit ${tone}`} data-testid="result-profit">
        <Money amount={order.profit ? signedAmount(order.profit) : '--'} currency={order.settleSymbol} />
      </span>
      <span className="timing-card__figures">
        <Figure label={t('timing.payout')} testId="result-payout">
          <Money amount={order.payout ? shownAmount(order.payout) : '--'} currency={order.settleSymbol} />
        </Figure>
        <Figure label={t('timing.amount')} testId="result-amount">
          <Money amount={shownAmount(order.amount)} currency={order.settleSymbol} />
        </Figure>
        <Figure label={t('timing.settlePrice')} testId="result-settle-price">
          <bdi className="num">{order.settlePrice ? shownPrice(order.settlePrice) : '--'}</bdi>
        </Figure>
      </span>
      <button
        type="button"
        className="timing-result__receipt"
        onClick={onOpenReceipt}
        data-testid="result-receipt"
      >
        {t('timing.viewReceipt')}
        <RightOutline className="timing-chevron" aria-hidden />
      </button>
    </div>
  );
}

interface Row {
  label: string;
  value: ReactNode;
  testId?: string;
}

function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="timing-rows">
      {rows.map((row) => (
        <div key={row.label} className="timing-rows__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const num = (text: string) => <bdi className="num">{text}</bdi>;

/** A price, or "--" where there is none yet (an order still opening has no open price). */
const priceOrDash = (price: string | null) => (price === null ? '--' : shownPrice(price));

/**
 * A recorded tick's time to the millisecond, or "--" before it is recorded: the receipt names the
 * exact row of the price history it settled at, so anyone can find it.
 */
const tickTimeOrDash = (ms: number | null) => (ms === null ? '--' : formatDateTime(ms, { millis: true }));

/** What was placed: the coin, the direction, the stake, the period and the payout rate. */
function placedRows(order: TimingOrder, t: ReturnType<typeof useT>): Row[] {
  return [
    { label: t('timing.coin'), value: order.symbol, testId: 'detail-symbol' },
    {
      label: t('timing.direction'),
      value: <DirectionBadge direction={order.direction} />,
      testId: 'detail-direction',
    },
    {
      label: t('timing.amount'),
      value: <Money amount={shownAmount(order.amount)} currency={order.settleSymbol} />,
      testId: 'detail-amount',
    },
    {
      label: t('timing.period'),
      value: <PeriodText seconds={order.periodSeconds} />,
      testId: 'detail-period',
    },
    {
      label: t('timing.payoutRate'),
      value: num(t('timing.rate', { rate: ratePercent(order.payoutRate) })),
      testId: 'detail-payout-rate',
    },
  ];
}

/** How the order opened: the open price with the recorded tick it is, and when it expires. */
function openedRows(order: TimingOrder, t: ReturnType<typeof useT>): Row[] {
  return [
    {
      label: t('timing.openPrice'),
      value: order.openPrice === null ? t('timing.opensAtNext') : num(shownPrice(order.openPrice)),
      testId: 'detail-open-price',
    },
    {
      label: t('timing.openTickTime'),
      value: num(tickTimeOrDash(order.openTickTime)),
      testId: 'detail-open-tick-time',
    },
    {
      label: t('timing.openTickId'),
      value: num(order.openTickId === null ? '--' : `#${order.openTickId}`),
      testId: 'detail-open-tick-id',
    },
    // To the millisecond like the ticks, so the receipt shows the settlement tick is the first at or after it.
    {
      label: t('timing.expiresAt'),
      value: num(tickTimeOrDash(order.expiresAt)),
      testId: 'detail-expires-at',
    },
  ];
}

/** An order not settled yet: the time left, the current price, the likely result and payout. */
function pendingRows(
  order: TimingOrder,
  now: number,
  price: string | undefined,
  t: ReturnType<typeof useT>,
): Row[] {
  const currency = order.settleSymbol;
  return [
    {
      label: t('timing.timeLeft'),
      value: <CountdownText order={order} now={now} />,
      testId: 'detail-time-left',
    },
    {
      label: t('timing.currentPrice'),
      value: num(price ? shownPrice(price) : '--'),
      testId: 'detail-current-price',
    },
    {
      label: t('timing.estimate'),
      value: <EstimateText order={order} price={price} />,
      testId: 'detail-estimate',
    },
    {
      label: t('timing.expectedPayout'),
      value: <Money amount={shownAmount(order.expectedPayout)} currency={currency} />,
      testId: 'detail-expected-payout',
    },
  ];
}

/** A settled order: the settlement price with the exact tick it came from, the result and the money. */
function settledRows(order: TimingOrder, t: ReturnType<typeof useT>): Row[] {
  const currency = order.settleSymbol;
  return [
    {
      label: t('timing.settlePrice'),
      value: num(order.settlePrice ? shownPrice(order.settlePrice) : '--'),
      testId: 'detail-settle-price',
    },
    {
      label: t('timing.settleTickTime'),
      value: num(tickTimeOrDash(order.settleTickTime)),
      testId: 'detail-settle-tick-time',
    },
    {
      label: t('timing.settleTickId'),
      value: num(order.settleTickId !== null ? `#${order.settleTickId}` : '--'),
      testId: 'detail-settle-tick-id',
    },
    {
      label: t('timing.result'),
      value: order.outcome ? <OutcomeBadge outcome={order.outcome} tieRule={order.tieRule} /> : '--',
      testId: 'detail-result',
    },
    {
      label: t('timing.payout'),
      value: <Money amount={order.payout ? shownAmount(order.payout) : '--'} currency={currency} />,
      testId: 'detail-payout',
    },
    {
      label: t('timing.profit'),
      value: (
        <span className={outcomeTone(order.outcome)}>
          <Money amount={order.profit ? signedAmount(order.profit) : '--'} currency={currency} />
        </span>
      ),
      testId: 'detail-profit',
    },
  ];
}

/** The rows of an order's detail: what was placed, how it opened, and how it settled (or may). */
function detailRows(
  order: TimingOrder,
  now: number,
  price: string | undefined,
  t: ReturnType<typeof useT>,
): Row[] {
  return [
    ...placedRows(order, t),
    ...openedRows(order, t),
    ...(order.state === 'settled' ? settledRows(order, t) : pendingRows(order, now, price, t)),
  ];
}

/**
 * One order in full, kept up to date while it is open: the stake and period, the open price with the
 * recorded tick it is, and the settlement price with the exact tick time and id it came from, the
 * result, payout and profit, the settlement rules in words, the way to see the public ticks around
 * the open and the expiry ("verify"), and the way to customer service (the history
 * order detail prompts to contact customer service).
 */
export function OrderDetail({
  order: listed,
  open,
  onClose,
  prices,
}: {
  order: TimingOrder | null;
  open: boolean;
  onClose(): void;
  prices: ReadonlyMap<number, string>;
}) {
  const t = useT();
  const titleId = useId();
  const detail = useOrderDetail(listed, open);
  const order = detail.data ?? listed;
  const ticking = open && order !== null && order.state !== 'settled';
  const now = useServerNow(ticking);
  const [verifying, setVerifying] = useState<number | null>(null);
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="timing-detail">
      {order && verifying === order.id ? (
        <div className="sheet timing-detail">
          <div className="sheet__title timing-detail__title" id={titleId}>
            {t('timing.verify.title', { id: order.id })}
          </div>
          <OrderVerify order={order} onBack={() => setVerifying(null)} />
        </div>
      ) : order ? (
        <div className="sheet timing-detail" data-state={shownState(order, now)}>
          <div className="timing-detail__head">
            <div className="sheet__title timing-detail__title" id={titleId}>
              {t('bills.ref.timing', { id: order.id })}
            </div>
            {order.outcome ? <OutcomeBadge outcome={order.outcome} tieRule={order.tieRule} /> : null}
          </div>
          <Rows rows={detailRows(order, now, prices.get(order.vcId), t)} />
          {order.openTickId !== null ? (
            <Button
              block
              color="primary"
              fill="outline"
              className="timing-detail__verify"
              onClick={() => setVerifying(order.id)}
              data-testid="timing-verify-open"
            >
              {t('timing.verify')}
            </Button>
          ) : null}
          <p className="sheet__hint timing-detail__rule" data-testid="detail-rule">
            {t('timing.rule')}{' '}
            {t(order.tieRule === 'refund' ? 'timing.tieRule.refund' : 'timing.tieRule.loss')}
          </p>
          <SupportFooter block="timing-detail" onClose={onClose} supportTestId="timing-support" />
        </div>
      ) : null}
    </Popup>
  );
}
