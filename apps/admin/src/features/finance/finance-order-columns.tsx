import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { FinanceOrderState } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { FINANCE_ORDER_STATE_LABELS } from '../../lib/labels.ts';
import { Amount } from '../../components/funding.tsx';
import type { FinanceOrderRow } from './finance-api.ts';
import { Note, UserLink } from './finance-cells.tsx';
import { percentText, termText } from './finance-display-logic.ts';
import { orderPayout } from './finance-orders-logic.ts';

type Column = TableColumnsType<FinanceOrderRow>[number];

const STATE_COLORS: Record<FinanceOrderState, string> = {
  holding: 'gold',
  redeemed: 'default',
  settled: 'green',
};

/**
 * Finance orders as support reads them: the order number the user quotes, whose it is, the product
 * and the terms it was bought on, the principal, the state, when it ends and what it pays. The
 * user column is left out where the list is one user's already.
 */
export function financeOrderColumns(
  onOpenUser?: (userId: number) => void,
): TableColumnsType<FinanceOrderRow> {
  const userColumn: Column[] = onOpenUser
    ? [
        {
          title: 'User',
          key: 'user',
          render: (_, order) => (
            <UserLink userId={order.userId} username={order.username} onOpen={onOpenUser} />
          ),
        },
      ]
    : [];
  return [
    {
      title: 'Order',
      key: 'order',
      render: (_, order) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {order.orderNum}
        </Typography.Text>
      ),
    },
    ...userColumn,
    productColumn,
    amountColumn,
    stateColumn,
    endColumn(),
    payoutColumn,
  ];
}

/** The product's name and the terms the order keeps whatever the product later becomes. */
const productColumn: Column = {
  title: 'Product',
  key: 'product',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      <span>{order.name}</span>
      <Note>
        {order.symbol} · {percentText(order.rateStr)} a year · {termText(order.cycle, order.cycleType)}
      </Note>
      <Note>
        linked at <Amount value={order.exchangeRate} currency={order.settleSymbol} />
      </Note>
    </Space>
  ),
};

/** The principal in the currency paid in; a USDT principal also in coins at the linked price. */
const amountColumn: Column = {
  title: 'Amount',
  key: 'amount',
  align: 'right',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      <Amount value={order.amount} currency={order.buySymbol} />
      {order.buyType === 'usdt' ? (
        <Note>
          = <Amount value={order.vcCount} currency={order.symbol} />
        </Note>
      ) : null}
    </Space>
  ),
};

const stateColumn: Column = {
  title: 'State',
  key: 'state',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      <Tag color={STATE_COLORS[order.state]}>{FINANCE_ORDER_STATE_LABELS[order.state]}</Tag>
      {order.endedAt !== null ? <Note>{formatTime(order.endedAt)}</Note> : null}
    </Space>
  ),
};

/** The end instant: the first recorded price at or after it settles the order. */
function endColumn(): Column {
  return {
    title: timeTitle('Ends'),
    key: 'end',
    render: (_, order) => (
      <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
        <span>{formatTime(order.calcEndDate)}</span>
        <Note>bought {formatTime(order.calcStartDate)}</Note>
      </Space>
    ),
  };
}

const payoutColumn: Column = {
  title: 'Payout',
  key: 'payout',
  align: 'right',
  render: (_, order) => <Payout order={order} />,
};

/** What the order paid, gave back or will pay, with the price that decided a settled one. */
function Payout({ order }: { order: FinanceOrderRow }) {
  const payout = orderPayout(order);
  if (payout.kind === 'none') return <Typography.Text type="secondary">—</Typography.Text>;
  if (payout.kind === 'expected') {
    return (
      <Space direction="vertical" size={0} data-testid="finance-order-expected">
        <Note>
          below the linked price{' '}
          <Amount value={payout.belowLinked.amount} currency={payout.belowLinked.currency} />
        </Note>
        <Note>
          at or above it{' '}
          <Amount value={payout.atOrAboveLinked.amount} currency={payout.atOrAboveLinked.currency} />
        </Note>
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={0} data-testid="finance-order-payout">
      <Typography.Text strong>
        <Amount value={payout.line.amount} currency={payout.line.currency} />
      </Typography.Text>
      {payout.kind === 'refunded' && payout.fee ? (
        <Note>
          fee <Amount value={payout.fee.amount} currency={payout.fee.currency} />
        </Note>
      ) : null}
      {order.settlePrice !== null ? (
        <Note>
          at <Amount value={order.settlePrice} currency={order.settleSymbol} />
          {order.settleTickId !== null ? `, tick #${order.settleTickId}` : ''}
        </Note>
      ) : null}
    </Space>
  );
}
