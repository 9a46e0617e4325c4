import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Form,
  Grid,
  Image,
  Input,
  Modal,
  Row,
  Skeleton,
  Space,
  Table,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseDecimal, reviewDepositCredit, toleranceBasisPoints } from '@vela/domain';
import type { RouteDataOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call, errorText } from '../api.ts';
import {
  Amount,
  amountText,
  OrderCell,
  OrderColumnTitle,
  plainAmount,
  QueueFilters,
  ReviewState,
  type QueueFilter,
} from '../components/funding.tsx';
import { QueryError } from '../components/query-error.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { CHANNEL_METHOD_LABELS } from '../labels.ts';
import { currentSession } from '../session.ts';
import { UserDetailDrawer } from './user-detail-drawer.tsx';

type Deposit = RouteDataOf<typeof routes.funding.adminRechargeList>['list'][number];

const PAGE_SIZE = 20;

/** Finance: deposits waiting for review against their vouchers, and the reviewed ones. */
export default function DepositsPage() {
  const [filter, setFilter] = useState<QueueFilter>({ status: 'pending', userId: undefined });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <QueueFilters filter={filter} onChange={setFilter} />
      <DepositQueue filter={filter} />
    </Space>
  );
}

/** The decimals of an order's wallet currency, read from an amount the server wrote at full scale. */
function scaleOf(amount: string): number {
  return (amount.split('.')[1] ?? '').length;
}

/**
 * Deposits with their review actions: the voucher, approving with the credited amount, rejecting
 * with a reason. `compact` is the version inside a user's detail: no user or payer columns.
 */
export function DepositQueue({ filter, compact = false }: { filter: QueueFilter; compact?: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [viewing, setViewing] = useState<Deposit | null>(null);
  const [approving, setApproving] = useState<Deposit | null>(null);
  const [rejecting, setRejecting] = useState<Deposit | null>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  // On a desktop the actions stay in view while the table scrolls sideways; on a phone a pinned
  // column would cover the others, so the buttons stack instead and scroll with the row.
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  const orders = useInfiniteQuery({
    queryKey: ['deposits', filter],
    queryFn: ({ pageParam }) =>
      call(routes.funding.adminRechargeList, {
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
    void queryClient.invalidateQueries({ queryKey: ['deposits'] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };

  const reject = async (order: Deposit, reason: string) => {
    try {
      await call(routes.funding.adminRechargeReject, { orderId: order.id, reason });
    } catch (failure) {
      refresh();
      throw failure;
    }
    void message.success(`Deposit #${order.id} rejected`);
    setViewing(null);
    refresh();
  };

  const actions = (order: Deposit) => (
    <Space direction={wide ? 'horizontal' : 'vertical'} size="small">
      <Button size="small" onClick={() => setViewing(order)} data-testid="deposit-voucher">
        Voucher
      </Button>
      {/* Inside a user's detail the voucher view carries the review buttons; the row stays narrow. */}
      {order.status === 'pending' && !compact ? (
        <>
          <Button
            size="small"
            type="primary"
            onClick={() => setApproving(order)}
            data-testid="deposit-approve"
          >
            Approve
          </Button>
          <Button size="small" danger onClick={() => setRejecting(order)} data-testid="deposit-reject">
            Reject
          </Button>
        </>
      ) : null}
    </Space>
  );

  // On a phone the queue keeps what a decision needs (who, how much, the actions); the rest is in
  // the voucher view. Inside a user's detail the user and payer columns would only repeat the user.
  const columns: TableColumnsType<Deposit> = [
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
          {
            title: 'Channel',
            key: 'channel',
            responsive: ['lg'],
            render: (_, order) => (
              <Space direction="vertical" size={0}>
                {CHANNEL_METHOD_LABELS[order.method]}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  channel #{order.channelId}
                </Typography.Text>
              </Space>
            ),
          },
        ] satisfies TableColumnsType<Deposit>)),
    // Inside a user's detail the voucher view shows what was paid; the row keeps what was quoted.
    ...(compact
      ? []
      : ([
          {
            title: 'Paid',
            key: 'paid',
            align: 'right',
            responsive: ['sm'],
            render: (_, order) => <Amount value={order.payAmount} currency={order.payCurrency} />,
          },
        ] satisfies TableColumnsType<Deposit>)),
    {
      title: 'Receives (quoted)',
      key: 'receives',
      align: 'right',
      render: (_, order) => (
        <Space direction="vertical" size={0}>
          <Amount value={order.receiveAmount} currency={order.symbol} />
          {/[1-9]/.test(order.fee) ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              fee {amountText(order.fee)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    ...(compact
      ? []
      : ([
          {
            title: 'Payer',
            key: 'payer',
            responsive: ['md'],
            render: (_, order) => (
              <Space direction="vertical" size={0}>
                {order.payerName}
                <Typography.Text type="secondary">{order.payerMobile}</Typography.Text>
              </Space>
            ),
          },
        ] satisfies TableColumnsType<Deposit>)),
    {
      title: 'Status',
      key: 'status',
      render: (_, order) => (
        <ReviewState
          status={order.status}
          reviewedAt={order.reviewedAt}
          note={
            order.status === 'approved' && order.creditedAmount !== null
              ? `Credited ${amountText(order.creditedAmount)} ${order.symbol}`
              : order.rejectReason
          }
        />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      fixed: wide ? 'right' : undefined,
      render: (_, order) => actions(order),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {orders.isError ? <QueryError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      <Table<Deposit>
        rowKey="id"
        size={compact ? 'small' : 'middle'}
        loading={orders.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        data-testid="deposit-table"
        locale={{
          emptyText: filter.status === 'pending' ? 'No deposits are waiting for review.' : 'No deposits.',
        }}
        columns={columns}
      />
      {orders.hasNextPage ? (
        <Button onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
          Load more deposits
        </Button>
      ) : rows.length > 0 ? (
        <Typography.Text type="secondary">No more deposits.</Typography.Text>
      ) : null}

      <VoucherModal
        order={viewing}
        onClose={() => setViewing(null)}
        onApprove={setApproving}
        onReject={setRejecting}
      />
      {approving ? (
        <ApproveDepositModal
          key={approving.id}
          order={approving}
          onClose={() => setApproving(null)}
          onSettled={refresh}
          onApproved={() => {
            setApproving(null);
            setViewing(null);
          }}
        />
      ) : null}
      <ReasonModal
        open={rejecting !== null}
        title={rejecting ? `Reject deposit #${rejecting.id}` : ''}
        description={
          rejecting
            ? `Nothing is credited to ${rejecting.username}, who sees this reason beside the order.`
            : undefined
        }
        okText="Reject"
        danger
        onSubmit={(reason) => (rejecting ? reject(rejecting, reason) : Promise.resolve())}
        onClose={() => setRejecting(null)}
      />
      {compact ? null : <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />}
    </Space>
  );
}

/** The order's figures beside what the user sent as proof, so the two can be compared at a glance. */
function DepositFacts({ order }: { order: Deposit }) {
  return (
    <Descriptions column={1} size="small" bordered className="console-numbers" data-testid="deposit-facts">
      <Descriptions.Item label="User">
        {order.username} (#{order.userId})
      </Descriptions.Item>
      <Descriptions.Item label="Channel">
        {CHANNEL_METHOD_LABELS[order.method]} (#{order.channelId})
      </Descriptions.Item>
      <Descriptions.Item label="Paid">
        <Amount value={order.payAmount} currency={order.payCurrency} />
      </Descriptions.Item>
      <Descriptions.Item label="Receives (quoted)">
        <Amount value={order.receiveAmount} currency={order.symbol} />
      </Descriptions.Item>
      <Descriptions.Item label="Fee">
        <Amount value={order.fee} currency={order.symbol} />
      </Descriptions.Item>
      <Descriptions.Item label="Payer name">{order.payerName}</Descriptions.Item>
      <Descriptions.Item label="Payer mobile">{order.payerMobile}</Descriptions.Item>
      <Descriptions.Item label={timeTitle('Submitted')}>{formatTime(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <ReviewState
          status={order.status}
          reviewedAt={order.reviewedAt}
          note={
            order.status === 'approved' && order.creditedAmount !== null
              ? `Credited ${amountText(order.creditedAmount)} ${order.symbol}`
              : order.rejectReason
          }
        />
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The voucher of a deposit beside its figures. antd's image preview (a click on the image) zooms,
 * rotates and flips it, which photographed receipts often need.
 */
function VoucherModal({
  order,
  onClose,
  onApprove,
  onReject,
}: {
  order: Deposit | null;
  onClose: () => void;
  onApprove: (order: Deposit) => void;
  onReject: (order: Deposit) => void;
}) {
  const { token } = theme.useToken();
  const voucher = useQuery({
    queryKey: ['voucher', order?.id],
    queryFn: () => call(routes.funding.adminRechargeVoucher, { orderId: order?.id ?? 0 }),
    enabled: order !== null,
    // A voucher never changes; kept briefly, since images are large.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const image = voucher.data;

  return (
    <Modal
      open={order !== null}
      title={order ? `Deposit #${order.id} from ${order.username}` : ''}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={
        order ? (
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Close</Button>
            {order.status === 'pending' ? (
              <>
                <Button danger onClick={() => onReject(order)}>
                  Reject
                </Button>
                <Button type="primary" onClick={() => onApprove(order)}>
                  Approve
                </Button>
              </>
            ) : null}
          </Space>
        ) : null
      }
    >
      {order ? (
        <Row gutter={[24, 16]}>
          <Col xs={24} md={14}>
            <div
              style={{
                background: token.colorFillQuaternary,
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                minHeight: 260,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                padding: 8,
              }}
              data-testid="voucher-image"
            >
              {voucher.isPending ? <Skeleton.Image active /> : null}
              {voucher.isError ? (
                <QueryError error={voucher.error} onRetry={() => void voucher.refetch()} />
              ) : null}
              {image ? (
                <Image
                  src={`data:${image.mime};base64,${image.dataBase64}`}
                  alt={`Voucher of deposit #${order.id}`}
                  style={{ maxWidth: '100%', maxHeight: 440, objectFit: 'contain' }}
                  preview={{ mask: 'Zoom and rotate' }}
                />
              ) : null}
            </div>
            {image ? (
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                {image.width} × {image.height} px. Click the image to zoom, rotate or flip it.
              </Typography.Text>
            ) : null}
          </Col>
          <Col xs={24} md={10}>
            <DepositFacts order={order} />
          </Col>
        </Row>
      ) : null}
    </Modal>
  );
}

/**
 * The rules an approval is held to, from the published configuration: RECHARGE
 * `creditTolerancePercent` (how far from the quote a finance operator may credit, with a reason)
 * and GLOBAL `amountMaxPrecision` (the decimals any typed amount may have). The server enforces
 * both; the dialog states them before the operator submits.
 */
function useCreditRules(): { tolerancePercent: string; maxDecimals: number } | null {
  const config = useQuery({
    queryKey: ['sys-config'],
    queryFn: () => call(routes.system.sysConfigList, {}),
    staleTime: 60_000,
  });
  const value = (group: string, key: string) =>
    config.data?.list.find((item) => item.group === group && item.key === key)?.value;
  const tolerancePercent = value('RECHARGE', 'creditTolerancePercent');
  const maxDecimals = value('GLOBAL', 'amountMaxPrecision');
  if (tolerancePercent === undefined || maxDecimals === undefined) return null;
  return { tolerancePercent, maxDecimals: Number(maxDecimals) };
}

/** What crediting `typed` instead of the quote needs: nothing, a reason, or an administrator. */
function creditNeeds(
  order: Deposit,
  typed: string,
  rules: { tolerancePercent: string },
): 'nothing' | 'reason' | 'administrator' {
  const scale = scaleOf(order.receiveAmount);
  const quoted = parseDecimal(order.receiveAmount, scale);
  const credited = parseDecimal(typed.trim(), scale);
  const basisPoints = toleranceBasisPoints(rules.tolerancePercent);
  if (!quoted.ok || !credited.ok || basisPoints === null) return 'reason';
  const review = reviewDepositCredit(quoted.minor, credited.minor, basisPoints);
  return review === 'quoted' ? 'nothing' : review === 'withinTolerance' ? 'reason' : 'administrator';
}

/**
 * Approving credits the quote. A transfer that arrived short or with bank charges may be credited
 * as received, with a reason, within the configured tolerance of the quote; further than that only
 * an administrator may go. A confirmation names the user and the amount; a refusal (another
 * operator reviewed it first, or the amount needs an administrator) stays in this modal.
 */
function ApproveDepositModal({
  order,
  onClose,
  onApproved,
  onSettled,
}: {
  order: Deposit;
  onClose: () => void;
  onApproved: () => void;
  onSettled: () => void;
}) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ creditedAmount: string; reason?: string }>();
  const [error, setError] = useState<string | null>(null);
  // A double click on Approve opens one confirmation, not two.
  const confirming = useRef(false);
  const rules = useCreditRules();
  const typed = Form.useWatch('creditedAmount', form) ?? plainAmount(order.receiveAmount);
  const needs = rules ? creditNeeds(order, typed, rules) : 'nothing';

  const approve = async (amount: string, reason: string | undefined) => {
    try {
      await call(
        routes.funding.adminRechargeApprove,
        // The quote is credited by leaving the amount out; another amount goes with its reason.
        needs === 'nothing' ? { orderId: order.id } : { orderId: order.id, creditedAmount: amount, reason },
      );
      void message.success(
        `Deposit #${order.id} approved: ${amountText(amount)} ${order.symbol} credited to ${order.username}`,
      );
      onApproved();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      onSettled();
    }
  };

  const submit = async () => {
    if (confirming.current) return;
    confirming.current = true;
    let values: { creditedAmount: string; reason?: string };
    try {
      values = await form.validateFields();
    } catch {
      // The form shows what is wrong under the field.
      confirming.current = false;
      return;
    }
    setError(null);
    const amount = values.creditedAmount.trim();
    modal.confirm({
      title: `Credit ${amountText(amount)} ${order.symbol} to ${order.username}?`,
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            Deposit #{order.id}: the amount goes to the spot account of {order.username} (#{order.userId}). An
            approval cannot be undone from the console.
          </Typography.Text>
          {needs !== 'nothing' ? (
            <Alert
              type="warning"
              showIcon
              message={`This differs from the quoted ${amountText(order.receiveAmount)} ${order.symbol}.`}
            />
          ) : null}
        </Space>
      ),
      okText: 'Credit',
      cancelText: 'Back',
      onOk: () => approve(amount, values.reason?.trim()),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  return (
    <Modal
      open
      title={`Approve deposit #${order.id}`}
      okText="Approve…"
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions column={1} size="small" className="console-numbers">
          <Descriptions.Item label="User">
            {order.username} (#{order.userId})
          </Descriptions.Item>
          <Descriptions.Item label="Paid">
            <Amount value={order.payAmount} currency={order.payCurrency} />
          </Descriptions.Item>
          <Descriptions.Item label="Quoted">
            <Amount value={order.receiveAmount} currency={order.symbol} />
          </Descriptions.Item>
        </Descriptions>
        {error ? <Alert type="error" showIcon message={error} data-testid="approve-error" /> : null}
        <CreditForm form={form} order={order} rules={rules} needs={needs} onFinish={() => void submit()} />
      </Space>
    </Modal>
  );
}

/** The amount to credit, and the reason when it is not the quote, with the bound stated. */
function CreditForm({
  form,
  order,
  rules,
  needs,
  onFinish,
}: {
  form: ReturnType<typeof Form.useForm<{ creditedAmount: string; reason?: string }>>[0];
  order: Deposit;
  rules: { tolerancePercent: string; maxDecimals: number } | null;
  needs: 'nothing' | 'reason' | 'administrator';
  onFinish: () => void;
}) {
  const decimals = Math.min(scaleOf(order.receiveAmount), rules?.maxDecimals ?? Infinity);
  const administrator = currentSession()?.operator.role === 'administrator';
  const bound = rules
    ? `Within ${rules.tolerancePercent}% of the quote a reason is enough; further needs an administrator.`
    : null;
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ creditedAmount: plainAmount(order.receiveAmount) }}
      onFinish={onFinish}
    >
      <Form.Item
        label="Amount to credit"
        name="creditedAmount"
        extra={
          <span data-testid="credit-bound">
            What arrived, in the wallet currency; the quote is filled in. {bound}
          </span>
        }
        rules={[
          { required: true, whitespace: true, message: 'Enter the amount to credit' },
          {
            validator: (_, value: string | undefined) => {
              const text = value?.trim() ?? '';
              const parsed = parseDecimal(text, scaleOf(order.receiveAmount));
              const quote =
                text !== '' && creditNeeds(order, text, rules ?? { tolerancePercent: '0' }) === 'nothing';
              if (!text || quote || (parsed.ok && parsed.minor > 0n && parseDecimal(text, decimals).ok))
                return Promise.resolve();
              return Promise.reject(
                new Error(`A positive amount with at most ${decimals} decimals, such as 100.5`),
              );
            },
          },
        ]}
      >
        <Input suffix={order.symbol} inputMode="decimal" autoComplete="off" autoFocus />
      </Form.Item>
      {needs === 'administrator' && !administrator ? (
        <Alert
          type="warning"
          showIcon
          data-testid="credit-needs-administrator"
          message={`This is more than ${rules?.tolerancePercent ?? '?'}% away from the quote: an administrator must approve it.`}
        />
      ) : null}
      {needs !== 'nothing' ? (
        <Form.Item
          label="Reason"
          name="reason"
          extra="Why the amount differs from the quote; the audit log keeps it beside both amounts."
          rules={[
            { required: true, whitespace: true, min: 5, message: 'Give a reason of at least 5 characters' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      ) : null}
    </Form>
  );
}
