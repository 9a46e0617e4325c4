import { useState } from 'react';
import { Input, Segmented, Space, Tag, Typography } from 'antd';
import { formatNumber } from '@vela/domain';
import type { FundingStatus } from '@vela/contract';
import { formatTime, timeTitle } from '../format.ts';
import { FUNDING_STATUS_LABELS } from '../labels.ts';

/**
 * Building blocks of the deposit and withdrawal queues and of a user's funding panels: amounts,
 * statuses and the queue's filters.
 */

/** The significant decimals of a decimal string ("12.500000" has 1). */
function significantDecimals(value: string): number {
  const fraction = value.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/**
 * "1234.500000" -> "1,234.50". Amounts arrive at the currency's full scale; the zeros past the
 * second decimal say nothing, so they go, and every significant digit stays (nothing is rounded).
 */
export function amountText(value: string): string {
  return formatNumber(value, Math.max(2, significantDecimals(value)));
}

/** "150.000000" -> "150": the amount as an operator would type it, for prefilling a field. */
export function plainAmount(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

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

const STATUS_COLORS: Record<FundingStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

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

/** What a queue shows: one status (pending by default) or every order, of everyone or one user. */
export interface QueueFilter {
  status: FundingStatus | undefined;
  userId: number | undefined;
}

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const;

const USER_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

export function QueueFilters({
  filter,
  onChange,
}: {
  filter: QueueFilter;
  onChange: (filter: QueueFilter) => void;
}) {
  const [input, setInput] = useState(filter.userId ? String(filter.userId) : '');
  const invalid = input.trim() !== '' && !USER_ID_PATTERN.test(input.trim());
  return (
    <Space wrap size="middle" align="center">
      <Segmented
        value={filter.status ?? 'all'}
        options={[...STATUS_OPTIONS]}
        onChange={(value) =>
          onChange({ ...filter, status: value === 'all' ? undefined : (value as FundingStatus) })
        }
        data-testid="queue-status"
      />
      <Input.Search
        placeholder="User id"
        allowClear
        value={input}
        status={invalid ? 'error' : ''}
        inputMode="numeric"
        onChange={(event) => setInput(event.target.value)}
        onSearch={(value) => {
          const text = value.trim();
          if (text === '') onChange({ ...filter, userId: undefined });
          else if (USER_ID_PATTERN.test(text)) onChange({ ...filter, userId: Number(text) });
        }}
        style={{ width: 200 }}
        aria-label="User id"
      />
    </Space>
  );
}
