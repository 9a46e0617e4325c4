import { Button, Result } from 'antd';
import { navigate } from '../../lib/navigation.ts';
import { Amount } from '../../components/funding.tsx';
import type { PostedAdjustment } from './use-adjustment-flow.tsx';

/** A posted adjustment with the balance it left, and the ways on. */
export function AdjustmentResult({
  posted,
  onStartOver,
}: {
  posted: PostedAdjustment;
  onStartOver: () => void;
}) {
  return (
    <Result
      status="success"
      title={`Adjustment #${posted.adjustmentId} posted`}
      subTitle={
        <span data-testid="adjustment-result">
          The {posted.symbol} spot balance of {posted.user.username || `user #${posted.user.id}`} is now{' '}
          <Amount value={posted.balanceAfter} currency={posted.symbol} />.
        </span>
      }
      extra={[
        <Button key="again" type="primary" onClick={onStartOver}>
          New adjustment
        </Button>,
        <Button key="audit" onClick={() => navigate('/audit')}>
          Open the audit log
        </Button>,
      ]}
    />
  );
}
