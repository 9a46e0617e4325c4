import { useId, type ReactNode } from 'react';
import type { SpotHolding, SpotOrder, SpotOrderSide } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { Popup } from '../../components/popup.tsx';
import { SupportFooter } from '../../components/support-footer.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useSpotOrderDetail } from './spot-api.ts';
import {
  holdingFigures,
  KIND_LABEL,
  orderPrice,
  SIDE_LABEL,
  sideTone,
  signedPercent,
  signTone,
  stateLabel,
} from './spot-logic.ts';
import { ratePercent, shownAmount, shownPrice, signedAmount } from './timing-logic.ts';
import { Money } from './timing-parts.tsx';
import './timing.css';
import './spot.css';

/**
 * Pieces the spot panel, its open orders and /spot-holding share: the side and state badges, an
 * order's card, an order's detail with its fill receipt, and a holding's card with its live value
 * and unrealized profit.
 */

export function SideBadge({ side }: { side: SpotOrderSide }) {
  const t = useT();
  return (
    <span className={`timing-badge timing-badge--${sideTone(side)}`} data-testid="spot-side" data-side={side}>
      {t(SIDE_LABEL[side])}
    </span>
  );
}

export function StateBadge({ order }: { order: SpotOrder }) {
  const t = useT();
  return (
    <span className={`spot-state spot-state--${order.state}`} data-testid="spot-state">
      {t(stateLabel(order))}
    </span>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span className="timing-figure">
      <span className="timing-figure__label">{label}</span>
      <span className="timing-figure__value" data-testid={testId}>
        {children}
      </span>
    </span>
  );
}

const num = (text: string) => <bdi className="num">{text}</bdi>;
const dash = (text: string | null, show: (value: string) => string) => (text === null ? '--' : show(text));

/** A buy's amount, or a sell's quote once filled: what the order is worth in the settlement coin. */
function sideMoney(order: SpotOrder, t: TFunction): { label: string; amount: string | null } {
  return order.side === 'buy'
    ? { label: t('timing.amount'), amount: order.amount }
    : { label: t('spot.quote'), amount: order.quote };
}

/**
 * One order: coin, side, kind and state; quantity, price and its money; when it was placed. A tap
 * opens its receipt; an open order has its cancel button beside it.
 */
export function SpotOrderCard({
  order,
  onOpen,
  onCancel,
}: {
  order: SpotOrder;
  onOpen(): void;
  onCancel?: () => void;
}) {
  const t = useT();
  const money = sideMoney(order, t);
  const price = orderPrice(order);
  return (
    <div
      className="timing-card spot-card"
      data-testid="spot-order"
      data-id={order.id}
      data-state={order.state}
    >
      <button type="button" className="spot-card__open" onClick={onOpen} data-testid="spot-order-open">
        <span className="timing-card__row">
          <span className="timing-card__title">
            <span className="timing-card__symbol">{order.symbol}</span>
            <SideBadge side={order.side} />
            <span className="muted">{t(KIND_LABEL[order.kind])}</span>
          </span>
          <StateBadge order={order} />
        </span>
        <span className="timing-card__figures">
          <Figure label={t('spot.quantity')} testId="spot-order-quantity">
            <Money amount={dash(order.quantity, shownAmount)} currency={order.symbol} />
          </Figure>
          <Figure label={t('spot.price')} testId="spot-order-price">
            {price === null ? t('spot.kind.market') : num(shownPrice(price))}
          </Figure>
          <Figure label={money.label} testId="spot-order-money">
            <Money amount={dash(money.amount, shownAmount)} currency={order.settleSymbol} />
          </Figure>
        </span>
        <time className="timing-card__time num" dateTime={new Date(order.createdAt).toISOString()}>
          {formatDateTime(order.createdAt)}
        </time>
      </button>
      {onCancel ? (
        <button type="button" className="spot-card__cancel" onClick={onCancel} data-testid="spot-cancel">
          {t('common.cancel')}
        </button>
      ) : null}
    </div>
  );
}

interface Row {
  label: string;
  value: ReactNode;
  testId: string;
}

function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="timing-rows">
      {rows.map((row) => (
        <div key={row.testId} className="timing-rows__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A time to the millisecond, as the price history records ticks, or "--". */
const exactTime = (ms: number | null) => num(ms === null ? '--' : formatDateTime(ms, { millis: true }));

/** What was placed: coin, side, kind, what it set aside, its limit, its fee rate and when. */
function placedRows(order: SpotOrder, t: TFunction): Row[] {
  const placed: Row[] = [
    { label: t('timing.coin'), value: order.symbol, testId: 'spot-detail-symbol' },
    { label: t('timing.direction'), value: <SideBadge side={order.side} />, testId: 'spot-detail-side' },
    { label: t('spot.kind'), value: t(KIND_LABEL[order.kind]), testId: 'spot-detail-kind' },
    { label: t('spot.state'), value: <StateBadge order={order} />, testId: 'spot-detail-state' },
  ];
  if (order.side === 'buy' && order.amount !== null) {
    const amount = <Money amount={shownAmount(order.amount)} currency={order.settleSymbol} />;
    placed.push({ label: t('timing.amount'), value: amount, testId: 'spot-detail-amount' });
  }
  if (order.limitPrice !== null) {
    const limit = num(shownPrice(order.limitPrice));
    placed.push({ label: t('spot.limitPrice'), value: limit, testId: 'spot-detail-limit' });
  }
  placed.push(
    {
      label: t('spot.feeRate'),
      value: num(`${ratePercent(order.feeRate)}%`),
      testId: 'spot-detail-fee-rate',
    },
    { label: t('spot.createdAt'), value: exactTime(order.createdAt), testId: 'spot-detail-created' },
  );
  return placed;
}

/** The fill's receipt: the recorded tick it filled on (id and time), its price and the money. */
function fillRows(order: SpotOrder, t: TFunction): Row[] {
  const settle = (text: string | null) => (
    <Money amount={dash(text, shownAmount)} currency={order.settleSymbol} />
  );
  return [
    {
      label: t('spot.fillTickId'),
      value: num(order.fillTickId === null ? '--' : `#${order.fillTickId}`),
      testId: 'spot-detail-tick-id',
    },
    { label: t('spot.fillTickTime'), value: exactTime(order.fillTickTime), testId: 'spot-detail-tick-time' },
    {
      label: t('spot.fillPrice'),
      value: num(dash(order.fillPrice, shownPrice)),
      testId: 'spot-detail-fill-price',
    },
    {
      label: t('spot.quantity'),
      value: <Money amount={dash(order.quantity, shownAmount)} currency={order.symbol} />,
      testId: 'spot-detail-quantity',
    },
    { label: t('spot.quote'), value: settle(order.quote), testId: 'spot-detail-quote' },
    { label: t('spot.fee'), value: settle(order.fee), testId: 'spot-detail-fee' },
    { label: t('spot.credit'), value: settle(order.credit), testId: 'spot-detail-credit' },
  ];
}

/** An order's rows: what was placed, then its fill, or when it was cancelled and what came back. */
function detailRows(order: SpotOrder, t: TFunction): Row[] {
  const rows = placedRows(order, t);
  if (order.state === 'filled') return [...rows, ...fillRows(order, t)];
  if (order.state === 'cancelled') {
    rows.push({
      label: t('spot.cancelledAt'),
      value: exactTime(order.cancelledAt),
      testId: 'spot-detail-cancelled',
    });
  }
  return rows;
}

/**
 * One order in full, kept up to date while it is open: what was placed, and once filled the receipt
 * (the recorded tick's id and time, the fill price, quantity, quote, fee and what came back), the
 * fill rule in words, and the way to customer service (the order detail prompts to contact it).
 */
export function SpotOrderDetail({
  order: listed,
  open,
  onClose,
}: {
  order: SpotOrder | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  const detail = useSpotOrderDetail(listed, open);
  const order = detail.data ?? listed;
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="spot-detail">
      {order ? (
        <div className="sheet timing-detail" data-state={order.state}>
          <div className="timing-detail__head">
            <div className="sheet__title timing-detail__title" id={titleId}>
              {t('spot.orderTitle', { id: order.id })}
            </div>
          </div>
          <Rows rows={detailRows(order, t)} />
          <p className="sheet__hint timing-detail__rule" data-testid="spot-detail-rule">
            {t('spot.rule')}
          </p>
          <SupportFooter block="timing-detail" onClose={onClose} supportTestId="spot-support" />
        </div>
      ) : null}
    </Popup>
  );
}

/**
 * A holding: the coin, its quantity (and what open sells set aside), the average cost ("—" while
 * unknown), its value and unrealized profit at the live price, coloured, and the way to sell it.
 */
export function HoldingCard({
  holding,
  price,
  settleSymbol,
  onSell,
}: {
  holding: SpotHolding;
  price: string | null;
  settleSymbol: string;
  onSell(): void;
}) {
  const t = useT();
  const figures = holdingFigures(holding, price);
  const tone = signTone(figures.profit);
  return (
    <div className="timing-card spot-holding" data-testid="spot-holding" data-vc-id={holding.vcId}>
      <span className="timing-card__row">
        <span className="timing-card__title">
          <CoinIcon symbol={holding.symbol} size="sm" />
          <span className="timing-card__symbol">{holding.symbol}</span>
        </span>
        <button type="button" className="spot-holding__sell" onClick={onSell} data-testid="spot-holding-sell">
          {t('spot.side.sell')}
        </button>
      </span>
      <span className="timing-card__figures">
        <Figure label={t('spot.quantity')} testId="holding-quantity">
          {num(shownAmount(holding.quantity))}
        </Figure>
        <Figure label={t('spot.averageCost')} testId="holding-average-cost">
          {holding.averageCost === null ? '—' : num(shownPrice(holding.averageCost))}
        </Figure>
        <Figure label={t('spot.value')} testId="holding-value">
          <Money amount={dash(figures.value, shownAmount)} currency={settleSymbol} />
        </Figure>
      </span>
      <span className="timing-card__row">
        <span className="muted">{t('spot.unrealized')}</span>
        <span className={`spot-holding__profit ${tone}`} data-testid="holding-profit" data-tone={tone}>
          <Money amount={dash(figures.profit, signedAmount)} currency={settleSymbol} />
          {figures.percent === null ? null : (
            <bdi className="num" data-testid="holding-percent">
              {' '}
              ({signedPercent(figures.percent)})
            </bdi>
          )}
        </span>
      </span>
      {/[1-9]/.test(holding.held) ? (
        <span className="spot-holding__held muted" data-testid="holding-held">
          {t('spot.heldBySells', { amount: shownAmount(holding.held) })}
        </span>
      ) : null}
    </div>
  );
}
