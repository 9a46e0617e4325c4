import { Space, Typography, type TableColumnsType } from 'antd';
import { amountText } from '../../lib/amounts.ts';
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
import { ApproveWithdrawalModal } from './approve-withdrawal-modal.tsx';
import { Destination, DestinationSummary } from './destination.tsx';
import { returnedAmount, withdrawalNote, type Withdrawal } from './withdrawal-logic.ts';
import { fetchWithdrawalPage, rejectWithdrawal } from './withdrawals-api.ts';

/**
 * Withdrawals with their review actions: approving records the payout with its reference,
 * rejecting returns the amount to the user. On a phone the queue keeps who, how much and the
 * actions; the pay-out modal shows the destination in full. Inside a user's detail the list is for
 * reading: no user column, the destination as the user sees it, no actions.
 */
export const withdrawalQueue: ReviewQueueConfig<Withdrawal> = {
  noun: 'withdrawals',
  tableTestId: 'withdrawal-table',
  fetchPage: fetchWithdrawalPage,
  columns: withdrawalColumns,
  reject: {
    title: (order) => `Reject withdrawal #${order.id}`,
    description: (order) =>
      `${returnedAmount(order)} returns to the spot account of ${order.username}, who sees this reason beside the order.`,
    okText: 'Reject and return',
    send: (order, reason) => rejectWithdrawal(order.id, reason),
    successText: (order) =>
      `Withdrawal #${order.id} rejected: ${returnedAmount(order)} returned to ${order.username}`,
  },
  ApproveModal: ApproveWithdrawalModal,
};

export function WithdrawalQueue({ filter, compact }: { filter: QueueFilter; compact?: boolean }) {
  return <ReviewQueue config={withdrawalQueue} filter={filter} compact={compact ?? false} />;
}

function withdrawalColumns(view: QueueView<Withdrawal>): TableColumnsType<Withdrawal> {
  return [
    orderColumn(),
    ...unlessCompact(view, [userColumn(view)]),
    amountColumn,
    ...unlessCompact(view, [payoutColumn]),
    view.compact ? destinationSummaryColumn : destinationColumn,
    statusColumn(withdrawalNote),
    ...unlessCompact(view, [
      actionsColumn(view, (order) =>
        order.status === 'pending' ? (
          <ActionButtons wide={view.wide}>
            {reviewButtons(order, view, { noun: 'withdrawal', approveText: 'Pay out' })}
          </ActionButtons>
        ) : null,
      ),
    ]),
  ];
}

type Column = TableColumnsType<Withdrawal>[number];

const amountColumn: Column = {
  title: 'Amount',
  key: 'amount',
  align: 'right',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      <Amount value={order.amount} currency={order.symbol} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        fee {amountText(order.fee)}
      </Typography.Text>
    </Space>
  ),
};

const payoutColumn: Column = {
  title: 'Pay out',
  key: 'payout',
  align: 'right',
  responsive: ['sm'],
  render: (_, order) => (
    <Typography.Text strong>
      <Amount value={order.payoutAmount} currency={order.payCurrency} />
    </Typography.Text>
  ),
};

const destinationSummaryColumn: Column = {
  title: 'Destination',
  key: 'destination',
  render: (_, order) => <DestinationSummary order={order} />,
};

const destinationColumn: Column = {
  title: 'Destination',
  key: 'destination',
  responsive: ['md'],
  render: (_, order) => <Destination order={order} />,
};
