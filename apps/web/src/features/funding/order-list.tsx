import { useId, useState, type ReactNode } from 'react';
import type { FundingStatus, RechargeOrder, WithdrawOrder } from '@vela/contract';
import { CopyableText } from '../../components/copy-button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { SupportFooter } from '../../components/support-footer.tsx';
import { Popup } from '../../components/popup.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { ChannelIcon } from './channel-icon.tsx';
import { CopyButton, Rows, type Row } from './channel-parts.tsx';
import { Money } from './figure-text.tsx';
import {
  METHOD_LABEL,
  ORDER_TABS,
  shownAmount,
  STATUS_LABEL,
  tabLabel,
  timelineSteps,
  type Direction,
  type OrderTab,
} from './funding-logic.ts';
import { CancelWithdrawal, VoucherView } from './order-actions.tsx';
import { useOrders } from './funding-api.ts';
import './funding.css';
import { NextPageTrigger } from '../../components/next-page-trigger.tsx';

type Order = RechargeOrder | WithdrawOrder;

const isDeposit = (order: Order): order is RechargeOrder => 'payAmount' in order;

const directionOf = (order: Order): Direction => (isDeposit(order) ? 'deposit' : 'withdraw');

function StatusBadge({ order }: { order: Order }) {
  const t = useT();
  const status: FundingStatus = order.status;
  return (
    <span className={`funding-status funding-status--${status}`} data-testid="order-status">
      {t(STATUS_LABEL[directionOf(order)][status])}
    </span>
  );
}

/** "Crypto · USDT · TRC20": how the money moved, the coin, and the network of a crypto order. */
function channelText(order: Order, t: TFunction): string {
  const parts = [t(METHOD_LABEL[order.method]), order.symbol];
  if (order.chainName) parts.push(order.chainName);
  return parts.join(' · ');
}

/** The figures an order row leads with: what was paid (deposits) or taken (withdrawals). */
function headline(order: Order): { amount: string; currency: string } {
  return isDeposit(order)
    ? { amount: shownAmount(order.payAmount), currency: order.payCurrency }
    : { amount: shownAmount(order.amount), currency: order.symbol };
}

function title(order: Order, t: TFunction): string {
  return t(isDeposit(order) ? 'bills.ref.deposit' : 'bills.ref.withdrawal', { id: order.id });
}

function OrderLine({ order, onOpen }: { order: Order; onOpen(): void }) {
  const t = useT();
  const lead = headline(order);
  return (
    <li>
      <button
        type="button"
        className="funding-order"
        onClick={onOpen}
        data-testid="order-line"
        data-id={order.id}
        data-status={order.status}
      >
        <span className="funding-order__row">
          <span className="funding-order__title">
            <ChannelIcon method={order.method} symbol={order.symbol} chainName={order.chainName} />
            <span data-testid="order-channel">{channelText(order, t)}</span>
          </span>
          <StatusBadge order={order} />
        </span>
        <span className="funding-order__row">
          <span className="funding-order__amount">
            <Money amount={lead.amount} currency={lead.currency} testId="order-amount" />
          </span>
          <time className="funding-order__time num" dateTime={new Date(order.createdAt).toISOString()}>
            {formatDateTime(order.createdAt)}
          </time>
        </span>
        {isDeposit(order) ? null : (
          <span className="funding-order__row funding-order__row--meta">
            <bdi className="funding-order__target">{order.targetLabel}</bdi>
          </span>
        )}
      </button>
    </li>
  );
}

function detailRows(order: Order, t: TFunction): Row[] {
  if (isDeposit(order)) {
    const rows: Row[] = [
      {
        label: t('funding.amountPaid'),
        value: <Money amount={shownAmount(order.payAmount)} currency={order.payCurrency} />,
      },
      { label: t('funding.fee'), value: <Money amount={shownAmount(order.fee)} currency={order.symbol} /> },
      {
        label: t('funding.receive'),
        value: <Money amount={shownAmount(order.receiveAmount)} currency={order.symbol} />,
        testId: 'detail-receive',
      },
    ];
    if (order.creditedAmount !== null) {
      rows.push({
        label: t('funding.credited'),
        value: <Money amount={shownAmount(order.creditedAmount)} currency={order.symbol} />,
        testId: 'detail-credited',
      });
    }
    if (order.txHash !== null) {
      rows.push({
        label: t('funding.txHash'),
        value: (
          <span className="funding-copyable">
            <bdi className="num funding-copyable__text funding-full-address" data-testid="detail-tx-hash">
              {order.txHash}
            </bdi>
            <CopyButton text={order.txHash} testId="copy-tx-hash" />
          </span>
        ),
      });
    }
    if (order.payerName !== null) {
      rows.push({
        label: t('funding.payer'),
        value: (
          <span>
            {order.payerName} · <bdi className="num">{order.payerMobile}</bdi>
          </span>
        ),
      });
    }
    return rows;
  }
  const rows: Row[] = [
    {
      label: t('funding.amountWithdrawn'),
      value: <Money amount={shownAmount(order.amount)} currency={order.symbol} />,
      testId: 'detail-amount',
    },
    { label: t('funding.fee'), value: <Money amount={shownAmount(order.fee)} currency={order.symbol} /> },
    {
      label: t('funding.receive'),
      value: <Money amount={shownAmount(order.payoutAmount)} currency={order.payCurrency} />,
      testId: 'detail-receive',
    },
    { label: t('funding.withdrawTo'), value: <bdi>{order.targetLabel}</bdi> },
  ];
  if (order.payoutReference) {
    rows.push({
      label: t('funding.payoutReference'),
      value: <CopyableText text={order.payoutReference} testId="payout-reference" />,
      testId: 'detail-payout-reference',
    });
  }
  return rows;
}

/** The timeline's words; a paid-out withdrawal is "Completed", as its status reads. */
const STEP_LABEL = {
  deposit: {
    submitted: 'funding.timeline.submitted',
    approved: 'funding.timeline.approved',
    rejected: 'funding.timeline.rejected',
    cancelled: 'funding.timeline.cancelled',
    waiting: 'funding.timeline.waiting',
  },
  withdraw: {
    submitted: 'funding.timeline.submitted',
    approved: 'funding.status.completed',
    rejected: 'funding.timeline.rejected',
    cancelled: 'funding.timeline.cancelled',
    waiting: 'funding.timeline.waiting',
  },
} as const;

/** What can still be done with the order: see a deposit's voucher, cancel a pending withdrawal. */
function DetailActions({ order, onClose }: { order: Order; onClose(): void }) {
  if (isDeposit(order)) {
    return (
      <div className="funding-detail__actions">
        <VoucherView key={order.id} order={order} />
      </div>
    );
  }
  if (order.status !== 'pending') return null;
  return (
    <div className="funding-detail__actions">
      <CancelWithdrawal key={order.id} order={order} onDone={onClose} />
    </div>
  );
}

/** One order in full: its amounts, its history, and the way to customer service. */
function OrderDetail({ order, open, onClose }: { order: Order | null; open: boolean; onClose(): void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="order-detail">
      {order ? (
        <div className="sheet funding-detail">
          <div className="funding-detail__head">
            <div className="sheet__title funding-detail__title" id={titleId}>
              {title(order, t)}
            </div>
            <StatusBadge order={order} />
          </div>
          <Rows
            rows={[
              { label: t('funding.channel'), value: channelText(order, t), testId: 'detail-channel' },
              ...detailRows(order, t),
            ]}
          />
          <DetailActions order={order} onClose={onClose} />
          <h3 className="funding-detail__section">{t('funding.timeline')}</h3>
          <ol className="funding-timeline" data-testid="order-timeline">
            {timelineSteps(order).map((step) => (
              <li
                key={step.state}
                className={`funding-timeline__step funding-timeline__step--${step.state}`}
                data-testid="timeline-step"
                data-state={step.state}
              >
                <span className="funding-timeline__dot" aria-hidden />
                <span className="funding-timeline__body">
                  <span className="funding-timeline__row">
                    <span className="funding-timeline__label">
                      {t(STEP_LABEL[directionOf(order)][step.state])}
                    </span>
                    {step.at !== null ? (
                      <time className="funding-timeline__time num" dateTime={new Date(step.at).toISOString()}>
                        {formatDateTime(step.at)}
                      </time>
                    ) : null}
                  </span>
                  {step.note ? (
                    <span className="funding-timeline__note" data-testid="timeline-note">
                      {t(step.note.key, step.note.params)}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
          <SupportFooter block="funding-detail" onClose={onClose} supportTestId="order-support" />
        </div>
      ) : null}
    </Popup>
  );
}

function SkeletonLines() {
  return (
    <ul className="funding-orders__list" aria-busy="true" data-testid="orders-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="funding-order funding-order--skeleton">
          <span className="skeleton-line" style={{ width: '55%' }} />
          <span className="skeleton-line" style={{ width: '80%' }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A list of the user's deposits or withdrawals: status tabs, newest first, one keyset page after
 * another as the list scrolls, pull to refresh, and a tap opens the order in full.
 */
export function OrderList({ direction }: { direction: Direction }) {
  const t = useT();
  const [tab, setTab] = useState<OrderTab>('all');
  // The order stays after closing, so the sheet slides away with its content.
  const [opened, setOpened] = useState<Order | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const orders = useOrders(direction, tab);
  const lines: Order[] = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const pages = orders.data?.pages.length ?? 0;

  let body: ReactNode;
  if (orders.isPending) body = <SkeletonLines />;
  else if (orders.isError && !orders.data) {
    body = <EmptyState kind="loadFailed" onRetry={() => void orders.refetch()} />;
  } else if (lines.length === 0) body = <EmptyState kind="noData" />;
  else {
    let footer: ReactNode;
    if (orders.isFetchNextPageError) {
      footer = <EmptyState kind="loadFailed" onRetry={() => void orders.fetchNextPage()} />;
    } else if (orders.hasNextPage) {
      footer = (
        <>
          <NextPageTrigger
            testId="orders-next-page"
            key={pages}
            onVisible={() => {
              if (!orders.isFetchingNextPage) void orders.fetchNextPage();
            }}
          />
          <div className="funding-orders__loading">
            {orders.isFetchingNextPage ? <Spinner size="sm" /> : null}
          </div>
        </>
      );
    } else footer = <EmptyState kind="noMoreData" />;
    body = (
      <>
        <ul className="funding-orders__list" data-testid="orders-list">
          {lines.map((order) => (
            <OrderLine
              key={order.id}
              order={order}
              onOpen={() => {
                setOpened(order);
                setDetailOpen(true);
              }}
            />
          ))}
        </ul>
        {footer}
      </>
    );
  }

  return (
    <div className="funding-orders" data-testid={`${direction}-orders`}>
      <div className="funding-tabs" role="tablist">
        {ORDER_TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className={`funding-tabs__tab${tab === value ? ' funding-tabs__tab--on' : ''}`}
            onClick={() => setTab(value)}
            data-testid={`orders-tab-${value}`}
          >
            {t(tabLabel(direction, value))}
          </button>
        ))}
      </div>
      <PullToRefresh onRefresh={() => orders.refetch()}>{body}</PullToRefresh>
      <OrderDetail order={opened} open={detailOpen} onClose={() => setDetailOpen(false)} />
    </div>
  );
}
