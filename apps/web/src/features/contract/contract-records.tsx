import { useId, type ReactNode } from 'react';
import type { ContractClose, ContractOrder } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { SupportFooter } from '../../components/support-footer.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useContractOrderDetail } from './contract-api.ts';
import { shownAmount } from './contract-figures.ts';
import { Money } from './contract-inputs.tsx';
import {
  ACTION_LABEL,
  CLOSE_REASON_LABEL,
  END_REASON_LABEL,
  KIND_LABEL,
  leverageText,
  orderPrice,
  STATE_LABEL,
} from './contract-labels.ts';
import { Figure, num, priceOrDash, SideBadge, SignedMoney } from './contract-parts.tsx';

/**
 * The contract orders and close receipts as the order page lists them, and each one's detail with
 * its receipt: the recorded tick it happened on, the price, quantity, fee, margin and realized
 * profit, why it ended, and the way to customer service.
 */

const time = (ms: number) => (
  <time className="contract-card__time num" dateTime={new Date(ms).toISOString()}>
    {formatDateTime(ms)}
  </time>
);

export function StateBadge({ order }: { order: ContractOrder }) {
  const t = useT();
  return (
    <span className={`contract-state contract-state--${order.state}`} data-testid="contract-state">
      {t(STATE_LABEL[order.state])}
    </span>
  );
}

/** One order: coin, side, open or close, kind and state; quantity, price and leverage; when placed. */
export function OrderCard({
  order,
  settleSymbol,
  onOpen,
  onCancel,
}: {
  order: ContractOrder;
  settleSymbol: string;
  onOpen(): void;
  onCancel?: () => void;
}) {
  const t = useT();
  const price = orderPrice(order);
  return (
    <div className="contract-card" data-testid="contract-order" data-id={order.id} data-state={order.state}>
      <button
        type="button"
        className="contract-card__open"
        onClick={onOpen}
        data-testid="contract-order-open"
      >
        <span className="contract-card__row">
          <span className="contract-card__title">
            <span className="contract-card__symbol">{order.symbol}</span>
            <SideBadge side={order.side} />
            <span className="muted">
              {t(ACTION_LABEL[order.action])} · {t(KIND_LABEL[order.kind])}
            </span>
          </span>
          <StateBadge order={order} />
        </span>
        <span className="contract-figures">
          <Figure label={t('spot.quantity')} testId="contract-order-quantity">
            <Money amount={shownAmount(order.quantity)} currency={order.symbol} />
          </Figure>
          <Figure label={t('spot.price')} testId="contract-order-price">
            {price === null ? t('spot.kind.market') : priceOrDash(price)}
          </Figure>
          <Figure label={order.profit === null ? t('contract.leverage') : t('contract.realizedProfit')}>
            {order.profit === null ? (
              num(leverageText(order.leverage))
            ) : (
              <SignedMoney amount={order.profit} currency={settleSymbol} testId="contract-order-profit" />
            )}
          </Figure>
        </span>
        {time(order.createdAt)}
      </button>
      {onCancel ? (
        <button
          type="button"
          className="contract-card__cancel"
          onClick={onCancel}
          data-testid="contract-cancel"
        >
          {t('common.cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** One close receipt: coin, side, why it closed; quantity, price and realized profit; when. */
export function CloseCard({
  close,
  settleSymbol,
  onOpen,
}: {
  close: ContractClose;
  settleSymbol: string;
  onOpen(): void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="contract-card contract-card--button"
      onClick={onOpen}
      data-testid="contract-close"
      data-id={close.id}
      data-reason={close.reason}
    >
      <span className="contract-card__row">
        <span className="contract-card__title">
          <span className="contract-card__symbol">{close.symbol}</span>
          <SideBadge side={close.side} />
          <span className="muted num">{leverageText(close.leverage)}</span>
        </span>
        <span
          className={`contract-reason contract-reason--${close.reason}`}
          data-testid="contract-close-reason"
        >
          {t(CLOSE_REASON_LABEL[close.reason])}
        </span>
      </span>
      <span className="contract-figures">
        <Figure label={t('spot.quantity')} testId="contract-close-quantity">
          <Money amount={shownAmount(close.quantity)} currency={close.symbol} />
        </Figure>
        <Figure label={t('spot.price')} testId="contract-close-price">
          {priceOrDash(close.price)}
        </Figure>
        <Figure label={t('contract.realizedProfit')}>
          <SignedMoney amount={close.profit} currency={settleSymbol} testId="contract-close-profit" />
        </Figure>
      </span>
      {time(close.closedAt)}
    </button>
  );
}

interface Row {
  label: string;
  value: ReactNode;
  testId: string;
}

function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="contract-rows">
      {rows.map((row) => (
        <div key={row.testId} className="contract-rows__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A time to the millisecond, as the price history records ticks, or "--". */
const exactTime = (ms: number | null) => num(ms === null ? '--' : formatDateTime(ms, { millis: true }));
const tickId = (id: number | null) => num(id === null ? '--' : `#${id}`);

/** The figures every receipt has: the tick (id and time), price, quantity, fee, margin and profit. */
function receiptRows(
  prefix: string,
  figures: {
    tickId: number | null;
    tickTime: number | null;
    price: string | null;
    quantity: string;
    symbol: string;
    fee: string | null;
    margin: string | null;
    profit: string | null;
  },
  settleSymbol: string,
  t: TFunction,
): Row[] {
  const money = (text: string | null) => (
    <Money amount={text === null ? '--' : shownAmount(text)} currency={settleSymbol} />
  );
  return [
    { label: t('contract.tickId'), value: tickId(figures.tickId), testId: `${prefix}-tick-id` },
    { label: t('contract.tickTime'), value: exactTime(figures.tickTime), testId: `${prefix}-tick-time` },
    { label: t('spot.price'), value: priceOrDash(figures.price), testId: `${prefix}-price` },
    {
      label: t('spot.quantity'),
      value: <Money amount={shownAmount(figures.quantity)} currency={figures.symbol} />,
      testId: `${prefix}-quantity`,
    },
    { label: t('spot.fee'), value: money(figures.fee), testId: `${prefix}-fee` },
    { label: t('contract.margin'), value: money(figures.margin), testId: `${prefix}-margin` },
    {
      label: t('contract.realizedProfit'),
      value:
        figures.profit === null ? (
          '--'
        ) : (
          <SignedMoney amount={figures.profit} currency={settleSymbol} testId={`${prefix}-profit-value`} />
        ),
      testId: `${prefix}-profit`,
    },
  ];
}

/** What was placed: coin, side, open or close, kind, state, leverage, limit, targets and when. */
function placedRows(order: ContractOrder, t: TFunction): Row[] {
  const rows: Row[] = [
    { label: t('timing.coin'), value: order.symbol, testId: 'order-detail-symbol' },
    { label: t('timing.direction'), value: <SideBadge side={order.side} />, testId: 'order-detail-side' },
    {
      label: t('spot.kind'),
      value: `${t(ACTION_LABEL[order.action])} · ${t(KIND_LABEL[order.kind])}`,
      testId: 'order-detail-kind',
    },
    { label: t('spot.state'), value: <StateBadge order={order} />, testId: 'order-detail-state' },
    {
      label: t('contract.leverage'),
      value: num(leverageText(order.leverage)),
      testId: 'order-detail-leverage',
    },
  ];
  if (order.limitPrice !== null)
    rows.push({
      label: t('spot.limitPrice'),
      value: priceOrDash(order.limitPrice),
      testId: 'order-detail-limit',
    });
  if (order.takeProfit !== null || order.stopLoss !== null) {
    const targets = (
      <>
        {priceOrDash(order.takeProfit)} / {priceOrDash(order.stopLoss)}
      </>
    );
    rows.push({ label: t('contract.targets'), value: targets, testId: 'order-detail-targets' });
  }
  rows.push({
    label: t('spot.createdAt'),
    value: exactTime(order.createdAt),
    testId: 'order-detail-created',
  });
  return rows;
}

/** An order's rows: what was placed, then its receipt once filled, or why and when it ended. */
function orderRows(order: ContractOrder, settleSymbol: string, t: TFunction): Row[] {
  const rows = placedRows(order, t);
  if (order.state === 'filled' || order.fillTickId !== null) {
    const receipt = {
      tickId: order.fillTickId,
      tickTime: order.fillTickTime,
      price: order.fillPrice,
      quantity: order.quantity,
      symbol: order.symbol,
      fee: order.fee,
      margin: order.margin,
      profit: order.profit,
    };
    rows.push(...receiptRows('order-detail', receipt, settleSymbol, t));
  }
  if (order.endReason !== null)
    rows.push({
      label: t('contract.endReason'),
      value: t(END_REASON_LABEL[order.endReason]),
      testId: 'order-detail-end',
    });
  if (order.endedAt !== null && order.state !== 'filled')
    rows.push({
      label: t('contract.endedAt'),
      value: exactTime(order.endedAt),
      testId: 'order-detail-ended',
    });
  return rows;
}

/** The rule of recorded prices in words, and the way to customer service. */
function DetailFoot({ onClose, testId }: { onClose(): void; testId: string }) {
  const t = useT();
  return (
    <>
      <p className="sheet__hint contract-detail__rule" data-testid={`${testId}-rule`}>
        {t('contract.rule')}
      </p>
      <SupportFooter block="contract-detail" onClose={onClose} supportTestId={`${testId}-support`} />
    </>
  );
}

/** One order in full, kept up to date while it is open, with its receipt once it has one. */
export function OrderDetail({
  order: listed,
  open,
  settleSymbol,
  onClose,
}: {
  order: ContractOrder | null;
  open: boolean;
  settleSymbol: string;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  const detail = useContractOrderDetail(listed, open);
  const order = detail.data ?? listed;
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="order-detail">
      {order ? (
        <div className="sheet contract-detail" data-state={order.state}>
          <div className="contract-detail__head">
            <div className="sheet__title contract-detail__title" id={titleId}>
              {t('contract.orderTitle', { id: order.id })}
            </div>
          </div>
          <Rows rows={orderRows(order, settleSymbol, t)} />
          <DetailFoot onClose={onClose} testId="order-detail" />
        </div>
      ) : null}
    </Popup>
  );
}

/** A close receipt in full: the position, why it closed, the tick, price and money. */
export function CloseDetail({
  close,
  open,
  settleSymbol,
  onClose,
}: {
  close: ContractClose | null;
  open: boolean;
  settleSymbol: string;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  const rows = (item: ContractClose): Row[] => [
    { label: t('timing.coin'), value: item.symbol, testId: 'close-detail-symbol' },
    { label: t('timing.direction'), value: <SideBadge side={item.side} />, testId: 'close-detail-side' },
    { label: t('contract.position'), value: num(`#${item.positionId}`), testId: 'close-detail-position' },
    { label: t('contract.reason'), value: t(CLOSE_REASON_LABEL[item.reason]), testId: 'close-detail-reason' },
    { label: t('contract.entryPrice'), value: priceOrDash(item.entryPrice), testId: 'close-detail-entry' },
    ...receiptRows('close-detail', { ...item, price: item.price }, settleSymbol, t),
    { label: t('contract.closedAt'), value: exactTime(item.closedAt), testId: 'close-detail-closed' },
  ];
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="close-detail">
      {close ? (
        <div className="sheet contract-detail" data-reason={close.reason}>
          <div className="contract-detail__head">
            <div className="sheet__title contract-detail__title" id={titleId}>
              {t('contract.closeReceiptTitle', { id: close.id })}
            </div>
          </div>
          <Rows rows={rows(close)} />
          <DetailFoot onClose={onClose} testId="close-detail" />
        </div>
      ) : null}
    </Popup>
  );
}
