import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Grid,
  Input,
  Modal,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteDataOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call, errorText } from '../api.ts';
import {
  Amount,
  amountText,
  OrderCell,
  OrderColumnTitle,
  QueueFilters,
  ReviewState,
  type QueueFilter,
} from '../components/funding.tsx';
import { QueryError } from '../components/query-error.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { CHANNEL_METHOD_LABELS, WITHDRAW_TARGET_LABELS } from '../labels.ts';
import { UserDetailDrawer } from './user-detail-drawer.tsx';

type Withdrawal = RouteDataOf<typeof routes.funding.adminWithdrawList>['list'][number];

const PAGE_SIZE = 20;

/** Names of the destination's fields (a bank card's, a wallet address's, a fast-payment account's). */
const DETAIL_LABELS: Record<string, string> = {
  bank: 'Bank',
  cardNumber: 'Card number',
  holder: 'Holder',
  branchCode: 'Branch code',
  cci: 'CCI',
  chain: 'Chain',
  address: 'Address',
  zskId: 'Account id',
};

/** Finance: withdrawals to pay out or reject, and the reviewed ones. */
export default function WithdrawalsPage() {
  const [filter, setFilter] = useState<QueueFilter>({ status: 'pending', userId: undefined });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <QueueFilters filter={filter} onChange={setFilter} />
      <WithdrawalQueue filter={filter} />
    </Space>
  );
}

/**
 * The destination in full, as the user had bound it when asking, each field with a copy button:
 * the operator pays out by copying these into the bank's or the wallet's screen.
 */
function Destination({ order }: { order: Withdrawal }) {
  return (
    <Space direction="vertical" size={0} data-testid="withdrawal-destination">
      <Typography.Text strong>{WITHDRAW_TARGET_LABELS[order.target]}</Typography.Text>
      {Object.entries(order.targetDetail).map(([key, value]) => {
        const label = DETAIL_LABELS[key] ?? key;
        return (
          <span key={key} style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text type="secondary">{label}</Typography.Text>{' '}
            <Typography.Text
              copyable={{ text: value, tooltips: [`Copy the ${label.toLowerCase()}`, 'Copied'] }}
            >
              {value}
            </Typography.Text>
          </span>
        );
      })}
    </Space>
  );
}

/**
 * Withdrawals with their review actions: approving records the payout with its reference,
 * rejecting returns the amount to the user. `compact` is the version inside a user's detail.
 */
export function WithdrawalQueue({ filter, compact = false }: { filter: QueueFilter; compact?: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [approving, setApproving] = useState<Withdrawal | null>(null);
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  // On a desktop the actions stay in view while the table scrolls sideways; on a phone a pinned
  // column would cover the others, so the buttons stack instead and scroll with the row.
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  const orders = useInfiniteQuery({
    queryKey: ['withdrawals', filter],
    queryFn: ({ pageParam }) =>
      call(routes.funding.adminWithdrawList, {
        limit: PAGE_SIZE,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.userId ? { userId: filter.userId } : {}),
        ...(pageParam !== null ? { cursor: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    // A queue several operators work through is read fresh whenever it is shown.
    staleTime: 0,
  });
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];

  /** After a review, or a refusal saying someone else reviewed first, the queue is read again. */
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };

  const reject = async (order: Withdrawal, reason: string) => {
    try {
      await call(routes.funding.adminWithdrawReject, { orderId: order.id, reason });
    } catch (failure) {
      refresh();
      throw failure;
    }
    void message.success(
      `Withdrawal #${order.id} rejected: ${amountText(order.amount)} ${order.symbol} returned to ${order.username}`,
    );
    refresh();
  };

  // On a phone the queue keeps who, how much and the actions; the pay-out modal shows the
  // destination in full. Inside a user's detail the list is for reading: no user column, the
  // destination as the user sees it, no actions.
  const columns: TableColumnsType<Withdrawal> = [
    {
      title: <OrderColumnTitle />,
      key: 'order',
      render: (_, order) => <OrderCell id={order.id} at={order.createdAt} />,
    },
    ...(compact
      ? []
      : ([
          {
            title: 'User',
            key: 'user',
            render: (_, order) => (
              <Typography.Link onClick={() => setOpenUserId(order.userId)}>
                {order.username} <Typography.Text type="secondary">#{order.userId}</Typography.Text>
              </Typography.Link>
            ),
          },
        ] satisfies TableColumnsType<Withdrawal>)),
    {
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
    },
    ...(compact
      ? []
      : ([
          {
            title: 'Pay out',
            key: 'payout',
            align: 'right',
            responsive: ['sm'],
            render: (_, order) => (
              <Typography.Text strong>
                <Amount value={order.payoutAmount} currency={order.payCurrency} />
              </Typography.Text>
            ),
          },
        ] satisfies TableColumnsType<Withdrawal>)),
    compact
      ? {
          title: 'Destination',
          key: 'destination',
          render: (_, order) => (
            <Space direction="vertical" size={0}>
              {WITHDRAW_TARGET_LABELS[order.target]}
              <Typography.Text type="secondary">{order.targetLabel}</Typography.Text>
            </Space>
          ),
        }
      : {
          title: 'Destination',
          key: 'destination',
          responsive: ['md'],
          render: (_, order) => <Destination order={order} />,
        },
    {
      title: 'Status',
      key: 'status',
      render: (_, order) => (
        <ReviewState
          status={order.status}
          reviewedAt={order.reviewedAt}
          note={order.status === 'approved' ? order.payoutReference : order.rejectReason}
        />
      ),
    },
    ...(compact
      ? []
      : ([
          {
            title: 'Actions',
            key: 'actions',
            fixed: wide ? 'right' : undefined,
            render: (_, order) =>
              order.status === 'pending' ? (
                <Space direction={wide ? 'horizontal' : 'vertical'} size="small">
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => setApproving(order)}
                    data-testid="withdrawal-approve"
                  >
                    Pay out
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => setRejecting(order)}
                    data-testid="withdrawal-reject"
                  >
                    Reject
                  </Button>
                </Space>
              ) : null,
          },
        ] satisfies TableColumnsType<Withdrawal>)),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {orders.isError ? <QueryError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      <Table<Withdrawal>
        rowKey="id"
        size={compact ? 'small' : 'middle'}
        loading={orders.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        data-testid="withdrawal-table"
        locale={{
          emptyText:
            filter.status === 'pending' ? 'No withdrawals are waiting for review.' : 'No withdrawals.',
        }}
        columns={columns}
      />
      {orders.hasNextPage ? (
        <Button onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
          Load more withdrawals
        </Button>
      ) : rows.length > 0 ? (
        <Typography.Text type="secondary">No more withdrawals.</Typography.Text>
      ) : null}

      {approving ? (
        <ApproveWithdrawalModal
          key={approving.id}
          order={approving}
          onClose={() => setApproving(null)}
          onSettled={refresh}
        />
      ) : null}
      <ReasonModal
        open={rejecting !== null}
        title={rejecting ? `Reject withdrawal #${rejecting.id}` : ''}
        description={
          rejecting
            ? `${amountText(rejecting.amount)} ${rejecting.symbol} returns to the spot account of ${rejecting.username}, who sees this reason beside the order.`
            : undefined
        }
        okText="Reject and return"
        danger
        onSubmit={(reason) => (rejecting ? reject(rejecting, reason) : Promise.resolve())}
        onClose={() => setRejecting(null)}
      />
      {compact ? null : <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />}
    </Space>
  );
}

/**
 * Approving records a payout the operator has made outside the product (a bank transfer, a chain
 * transaction): it needs that payment's reference, which the user sees as proof.
 */
function ApproveWithdrawalModal({
  order,
  onClose,
  onSettled,
}: {
  order: Withdrawal;
  onClose: () => void;
  onSettled: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ payoutReference: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Enter pressed twice must not send twice: the second would only be refused as already reviewed.
  const sending = useRef(false);

  const submit = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      let payoutReference: string;
      try {
        payoutReference = (await form.validateFields()).payoutReference.trim();
      } catch {
        // The form shows what is missing under the field.
        return;
      }
      setBusy(true);
      setError(null);
      try {
        await call(routes.funding.adminWithdrawApprove, { orderId: order.id, payoutReference });
        void message.success(`Withdrawal #${order.id} marked as paid out`);
        onClose();
      } catch (failure) {
        setError(errorText(failure));
      }
      onSettled();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`Pay out withdrawal #${order.id}`}
      okText="Mark as paid out"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message="Send the payment first, then record it here with its reference. Approving does not send money."
        />
        <Descriptions column={1} size="small" bordered className="console-numbers">
          <Descriptions.Item label="User">
            {order.username} (#{order.userId})
          </Descriptions.Item>
          <Descriptions.Item label="Pay out">
            <Typography.Text strong>
              <Amount value={order.payoutAmount} currency={order.payCurrency} />
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="To">
            <Destination order={order} />
          </Descriptions.Item>
          <Descriptions.Item label="Channel">
            {CHANNEL_METHOD_LABELS[order.method]} (#{order.channelId})
          </Descriptions.Item>
          <Descriptions.Item label={timeTitle('Submitted')}>{formatTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Taken from the user">
            <Amount value={order.amount} currency={order.symbol} /> (fee{' '}
            <Amount value={order.fee} currency={order.symbol} />)
          </Descriptions.Item>
        </Descriptions>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <Form.Item
            label="Payout reference"
            name="payoutReference"
            extra="The bank transfer's reference or the chain transaction's hash; the user sees it."
            rules={[
              { required: true, whitespace: true, message: 'Enter the payout reference' },
              { max: 200, message: 'At most 200 characters' },
            ]}
          >
            <Input maxLength={200} autoComplete="off" autoFocus />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
