import type { ReactNode } from 'react';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { OrderCell, OrderColumnTitle, ReviewState } from '../funding.tsx';
import type { QueueOrder, QueueView } from './review-queue-config.ts';

/**
 * Columns every review queue has: the order with when it was submitted, the user (who opens their
 * detail), the review state and the actions.
 */
type Column<Order> = TableColumnsType<Order>[number];

export function orderColumn<Order extends QueueOrder>(): Column<Order> {
  return {
    title: <OrderColumnTitle />,
    key: 'order',
    render: (_, order) => <OrderCell id={order.id} at={order.createdAt} />,
  };
}

export function userColumn<Order extends QueueOrder>(view: QueueView<Order>): Column<Order> {
  return {
    title: 'User',
    key: 'user',
    render: (_, order) => (
      <Typography.Link onClick={() => view.openUser(order.userId)}>
        {order.username} <Typography.Text type="secondary">#{order.userId}</Typography.Text>
      </Typography.Link>
    ),
  };
}

/** The review state, with the note a reviewed order carries (what was credited or paid, or why not). */
export function statusColumn<Order extends QueueOrder & { reviewedAt: number | null }>(
  note: (order: Order) => string | null,
): Column<Order> {
  return {
    title: 'Status',
    key: 'status',
    render: (_, order) => (
      <ReviewState status={order.status} reviewedAt={order.reviewedAt} note={note(order)} />
    ),
  };
}

export function actionsColumn<Order extends QueueOrder>(
  view: QueueView<Order>,
  render: (order: Order) => ReactNode,
): Column<Order> {
  return {
    title: 'Actions',
    key: 'actions',
    fixed: view.wide ? 'right' : undefined,
    render: (_, order) => render(order),
  };
}

/** A row's buttons: side by side on a wide screen, stacked on a phone. */
export function ActionButtons({ wide, children }: { wide: boolean; children: ReactNode }) {
  return (
    <Space direction={wide ? 'horizontal' : 'vertical'} size="small">
      {children}
    </Space>
  );
}

/**
 * Approve and reject for a pending order, as a fragment so that each button is an item of the
 * row's button group. `noun` names the order in test ids ("deposit-approve").
 */
export function reviewButtons<Order extends QueueOrder>(
  order: Order,
  view: QueueView<Order>,
  { noun, approveText }: { noun: string; approveText: string },
) {
  return (
    <>
      <Button size="small" type="primary" onClick={() => view.approve(order)} data-testid={`${noun}-approve`}>
        {approveText}
      </Button>
      <Button size="small" danger onClick={() => view.reject(order)} data-testid={`${noun}-reject`}>
        Reject
      </Button>
    </>
  );
}

/** Columns shown only outside a user's detail, where they would only repeat the user. */
export function unlessCompact<Order>(
  view: QueueView<Order>,
  columns: TableColumnsType<Order>,
): TableColumnsType<Order> {
  return view.compact ? [] : columns;
}
