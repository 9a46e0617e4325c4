import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { amountText, isNonZero } from '../../lib/amounts.ts';
import { CHANNEL_METHOD_LABELS } from '../../lib/labels.ts';
import { Amount } from '../../components/funding.tsx';
import {
  ActionButtons,
  actionsColumn,
  orderColumn,
  ReviewQueue,
  reviewButtons,
  statusColumn,
  unlessCompact,
  userColumn,
  type QueueFilter,
  type QueueView,
  type ReviewQueueConfig,
} from '../../components/review-queue/index.ts';
import { ApproveDepositModal } from './approve-deposit-modal.tsx';
import { depositNote, type Deposit } from './deposit-credit.ts';
import { fetchDepositPage, rejectDeposit } from './deposits-api.ts';
import { VoucherModal } from './voucher-modal.tsx';

/**
 * Deposits with their review actions: the voucher, approving with the credited amount, rejecting
 * with a reason. On a phone the queue keeps what a decision needs (who, how much, the actions); the
 * rest is in the voucher view. Inside a user's detail the user and payer columns would only repeat
 * the user, and the voucher view carries the review buttons so the row stays narrow.
 */
export const depositQueue: ReviewQueueConfig<Deposit> = {
  noun: 'deposits',
  tableTestId: 'deposit-table',
  fetchPage: fetchDepositPage,
  columns: depositColumns,
  reject: {
    title: (order) => `Reject deposit #${order.id}`,
    description: (order) =>
      `Nothing is credited to ${order.username}, who sees this reason beside the order.`,
    okText: 'Reject',
    send: (order, reason) => rejectDeposit(order.id, reason),
    successText: (order) => `Deposit #${order.id} rejected`,
  },
  ApproveModal: ApproveDepositModal,
  DetailModal: VoucherModal,
};

export function DepositQueue({ filter, compact }: { filter: QueueFilter; compact?: boolean }) {
  return <ReviewQueue config={depositQueue} filter={filter} compact={compact ?? false} />;
}

function depositColumns(view: QueueView<Deposit>): TableColumnsType<Deposit> {
  return [
    orderColumn(),
    ...unlessCompact(view, [userColumn(view), channelColumn]),
    // Inside a user's detail the voucher view shows what was paid; the row keeps what was quoted.
    ...unlessCompact(view, [paidColumn]),
    receivesColumn,
    ...unlessCompact(view, [payerColumn]),
    statusColumn(depositNote),
    actionsColumn(view, (order) => (
      <ActionButtons wide={view.wide}>
        <Button size="small" onClick={() => view.open(order)} data-testid="deposit-voucher">
          Voucher
        </Button>
        {order.status === 'pending' && !view.compact
          ? reviewButtons(order, view, { noun: 'deposit', approveText: 'Approve' })
          : null}
      </ActionButtons>
    )),
  ];
}

type Column = TableColumnsType<Deposit>[number];

const channelColumn: Column = {
  title: 'Channel',
  key: 'channel',
  responsive: ['lg'],
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      {CHANNEL_METHOD_LABELS[order.method]}
      {order.chainName ? <span data-testid="deposit-network">{order.chainName}</span> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        channel #{order.channelId}
      </Typography.Text>
    </Space>
  ),
};

const paidColumn: Column = {
  title: 'Paid',
  key: 'paid',
  align: 'right',
  responsive: ['sm'],
  render: (_, order) => <Amount value={order.payAmount} currency={order.payCurrency} />,
};

const receivesColumn: Column = {
  title: 'Receives (quoted)',
  key: 'receives',
  align: 'right',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      <Amount value={order.receiveAmount} currency={order.symbol} />
      {isNonZero(order.fee) ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          fee {amountText(order.fee)}
        </Typography.Text>
      ) : null}
    </Space>
  ),
};

/** What proves the payment: a crypto deposit's transaction hash, a bank deposit's payer. */
const payerColumn: Column = {
  title: 'Payer / TxID',
  key: 'payer',
  responsive: ['md'],
  render: (_, order) =>
    order.txHash !== null ? (
      <Typography.Text
        code
        copyable={{ text: order.txHash }}
        style={{ fontSize: 12, wordBreak: 'break-all' }}
        data-testid="deposit-tx-hash"
      >
        {order.txHash}
      </Typography.Text>
    ) : (
      <Space direction="vertical" size={0}>
        {order.payerName}
        <Typography.Text type="secondary">{order.payerMobile}</Typography.Text>
      </Space>
    ),
};
