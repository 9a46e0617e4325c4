import { Space, Tag, Typography } from 'antd';
import type { FundingStatus } from '@vela/contract';
import { amountText } from '../lib/amounts.ts';
import { formatTime, timeTitle } from '../lib/format.ts';
import { FUNDING_STATUS_LABELS } from '../lib/labels.ts';

/**
 * Building blocks of the deposit and withdrawal queues, of a user's funding panels and of the
 * balance adjustments: amounts, order cells and review statuses.
 */

/** An amount with its currency, the currency a shade lighter so columns of figures read first. */
export function Amount({ value, currency }: { value: string; currency: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {amountText(value)} <Typography.Text type="secondary">{currency}</Typography.Text>
    </span>
  );
}

/** The title of the order column, with the zone of its times on a lighter second line. */
export function OrderColumnTitle() {
  return (
    <span>
      Order
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', whiteSpace: 'nowrap' }}>
        {timeTitle('Submitted')}
      </Typography.Text>
    </span>
  );
}

/** The first cell of a queue's row: the order's number, and below it when it was submitted. */
export function OrderCell({ id, at }: { id: number; at: number }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>#{id}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {formatTime(at)}
      </Typography.Text>
    </Space>
  );
}

const STATUS_COLORS: Record<FundingStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

export function FundingStatusTag({ status }: { status: FundingStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{FUNDING_STATUS_LABELS[status]}</Tag>;
}

/** The status of a reviewed order with when it was reviewed and the operator's note. */
export function ReviewState({
  status,
  reviewedAt,
  note,
}: {
  status: FundingStatus;
  reviewedAt: number | null;
  note: string | null;
}) {
  return (
    <Space direction="vertical" size={0}>
      <FundingStatusTag status={status} />
      {reviewedAt !== null ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {formatTime(reviewedAt)}
        </Typography.Text>
      ) : null}
      {note ? (
        <Typography.Text style={{ fontSize: 12, maxWidth: 220 }} ellipsis={{ tooltip: note }}>
          {note}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
