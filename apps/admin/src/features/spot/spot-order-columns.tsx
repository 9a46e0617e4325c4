import type { ReactNode } from 'react';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { SpotOrder, SpotState } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import {
  SPOT_CANCEL_REASON_LABELS,
  SPOT_KIND_LABELS,
  SPOT_SIDE_LABELS,
  SPOT_STATE_LABELS,
} from '../../lib/labels.ts';
import { Amount } from '../../components/funding.tsx';
import { feeRateText } from './spot-terms-logic.ts';

type Column = TableColumnsType<SpotOrder>[number];

const STATE_COLORS: Record<SpotState, string> = { open: 'gold', filled: 'green', cancelled: 'default' };

/** A line under a cell's figure, a shade lighter. */
function Note({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {children}
    </Typography.Text>
  );
}

function orDash(value: string | null, currency: string) {
  return value === null ? '—' : <Amount value={value} currency={currency} />;
}

/**
 * A user's spot orders as support reads them: what was asked (side, kind, amount or quantity,
 * limit), what happened (state, the tick it filled on, the fee) and when.
 */
export function spotOrderColumns(): TableColumnsType<SpotOrder> {
  return [
    {
      title: 'Order',
      dataIndex: 'id',
      render: (id: number) => <Typography.Text strong>#{id}</Typography.Text>,
    },
    {
      title: 'Coin',
      key: 'coin',
      render: (_, order) => `${order.symbol}/${order.settleSymbol}`,
    },
    {
      title: 'Side',
      dataIndex: 'side',
      render: (side: SpotOrder['side']) => (
        <Tag color={side === 'buy' ? 'green' : 'red'}>{SPOT_SIDE_LABELS[side]}</Tag>
      ),
    },
    { title: 'Kind', dataIndex: 'kind', render: (kind: SpotOrder['kind']) => SPOT_KIND_LABELS[kind] },
    stateColumn,
    sizeColumn,
    {
      title: 'Limit price',
      key: 'limitPrice',
      align: 'right',
      render: (_, order) => orDash(order.limitPrice, order.settleSymbol),
    },
    fillColumn,
    feeColumn,
    timesColumn(),
  ];
}

const stateColumn: Column = {
  title: 'State',
  key: 'state',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      <Tag color={STATE_COLORS[order.state]}>{SPOT_STATE_LABELS[order.state]}</Tag>
      {order.cancelReason ? <Note>{SPOT_CANCEL_REASON_LABELS[order.cancelReason]}</Note> : null}
    </Space>
  ),
};

/** A buy sets aside an amount and, once filled, bought a quantity; a sell sets aside a quantity. */
const sizeColumn: Column = {
  title: 'Amount / quantity',
  key: 'size',
  align: 'right',
  render: (_, order) =>
    order.side === 'buy' ? (
      <Space direction="vertical" size={0}>
        {orDash(order.amount, order.settleSymbol)}
        {order.quantity !== null ? (
          <Note>
            bought <Amount value={order.quantity} currency={order.symbol} />
          </Note>
        ) : null}
      </Space>
    ) : (
      orDash(order.quantity, order.symbol)
    ),
};

/** The fill price and the recorded tick it came from, which support cites to the user. */
const fillColumn: Column = {
  title: (
    <span>
      Fill price
      <br />
      <Note>tick id, {timeTitle('tick time')}</Note>
    </span>
  ),
  key: 'fill',
  align: 'right',
  render: (_, order) =>
    order.fillPrice === null && order.fillTickId === null ? (
      '—'
    ) : (
      <Space direction="vertical" size={0} data-testid="spot-order-fill">
        {orDash(order.fillPrice, order.settleSymbol)}
        {order.fillTickId !== null ? <Note>tick #{order.fillTickId}</Note> : null}
        {order.fillTickTime !== null ? <Note>{formatTime(order.fillTickTime)}</Note> : null}
      </Space>
    ),
};

/** The fee charged, with the rate fixed at acceptance, and what went back to the spot account. */
const feeColumn: Column = {
  title: 'Fee',
  key: 'fee',
  align: 'right',
  render: (_, order) => (
    <Space direction="vertical" size={0}>
      {orDash(order.fee, order.settleSymbol)}
      <Note>rate {feeRateText(order.feeRate)}</Note>
      {order.credit !== null ? (
        <Note>
          returned <Amount value={order.credit} currency={order.settleSymbol} />
        </Note>
      ) : null}
    </Space>
  ),
};

function timesColumn(): Column {
  return {
    title: timeTitle('Times'),
    key: 'times',
    render: (_, order) => (
      <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
        <span>created {formatTime(order.createdAt)}</span>
        {order.filledAt !== null ? <span>filled {formatTime(order.filledAt)}</span> : null}
        {order.cancelledAt !== null ? <span>cancelled {formatTime(order.cancelledAt)}</span> : null}
      </Space>
    ),
  };
}
