import { Card, Space } from 'antd';
import { AdjustmentForm } from './adjustment-form.tsx';
import { AdjustmentResult } from './adjustment-result.tsx';
import { RecentAdjustments } from './recent-adjustments.tsx';
import { useAdjustmentFlow } from './use-adjustment-flow.tsx';

/**
 * Administrators: a reasoned correction of a user's spot balance, posted as a ledger entry against
 * the house account and recorded in the audit log.
 */
export default function AdjustmentsPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="New adjustment" style={{ maxWidth: 640 }}>
        <NewAdjustment />
      </Card>
      <RecentAdjustments />
    </Space>
  );
}

function NewAdjustment() {
  const flow = useAdjustmentFlow();
  return flow.posted ? (
    <AdjustmentResult posted={flow.posted} onStartOver={flow.startOver} />
  ) : (
    <AdjustmentForm flow={flow} />
  );
}
