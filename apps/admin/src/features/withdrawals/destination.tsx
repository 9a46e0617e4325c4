import { Space, Typography } from 'antd';
import { WITHDRAW_TARGET_LABELS } from '../../lib/labels.ts';
import { destinationFields, type Withdrawal } from './withdrawal-logic.ts';

/**
 * The destination in full, as the user had bound it when asking, each field with a copy button:
 * the operator pays out by copying these into the bank's or the wallet's screen.
 */
export function Destination({ order }: { order: Withdrawal }) {
  return (
    <Space direction="vertical" size={0} data-testid="withdrawal-destination">
      <Typography.Text strong>{WITHDRAW_TARGET_LABELS[order.target]}</Typography.Text>
      {destinationFields(order).map(({ key, label, value }) => (
        <span key={key} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text type="secondary">{label}</Typography.Text>{' '}
          <Typography.Text
            copyable={{ text: value, tooltips: [`Copy the ${label.toLowerCase()}`, 'Copied'] }}
          >
            {value}
          </Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/** The destination as the user sees it in their own list: its kind and its short label. */
export function DestinationSummary({ order }: { order: Withdrawal }) {
  return (
    <Space direction="vertical" size={0}>
      {WITHDRAW_TARGET_LABELS[order.target]}
      <Typography.Text type="secondary">{order.targetLabel}</Typography.Text>
    </Space>
  );
}
