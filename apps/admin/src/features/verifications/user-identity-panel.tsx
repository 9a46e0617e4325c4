import { useState } from 'react';
import { Button, Empty, Skeleton, Space, Table, Typography } from 'antd';
import type { VerificationRecord } from '@vela/contract';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { CERT_TYPE_LABELS } from '../../lib/labels.ts';
import { VerificationFacts, VerificationReviewModal, VerificationStatusTag } from './verification-review.tsx';
import { useUserVerifications } from './verifications-api.ts';

/**
 * A user's real-name verification in their detail: the latest submission in full, with its photos
 * and the decision while pending, and the earlier (rejected) ones below.
 */
export default function UserIdentityPanel({ userId }: { userId: number }) {
  const [reviewing, setReviewing] = useState<VerificationRecord | null>(null);
  const history = useUserVerifications(userId);

  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  const [latest, ...earlier] = history.data.list;
  if (!latest) return <Empty description="No real-name verification submitted yet." />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="user-identity">
      <VerificationFacts verification={latest} />
      <Button
        type={latest.status === 'PENDING' ? 'primary' : 'default'}
        onClick={() => setReviewing(latest)}
        data-testid="identity-open"
      >
        {latest.status === 'PENDING' ? 'Review documents' : 'View documents'}
      </Button>
      {earlier.length > 0 ? (
        <>
          <Typography.Text strong>Earlier submissions</Typography.Text>
          <Table<VerificationRecord>
            rowKey="id"
            size="small"
            dataSource={earlier}
            pagination={false}
            scroll={{ x: 'max-content' }}
            className="console-numbers"
            columns={[
              { title: 'ID', dataIndex: 'id' },
              {
                title: 'Document',
                dataIndex: 'certType',
                render: (type: VerificationRecord['certType']) => CERT_TYPE_LABELS[type],
              },
              { title: 'Number', dataIndex: 'certNumber' },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (status: VerificationRecord['status']) => <VerificationStatusTag status={status} />,
              },
              { title: timeTitle('Submitted'), dataIndex: 'submittedAt', render: formatTime },
              {
                title: 'Reason given',
                dataIndex: 'rejectReason',
                render: (reason: string | null) => reason ?? '—',
              },
              {
                title: '',
                key: 'open',
                render: (_, row) => (
                  <Button size="small" onClick={() => setReviewing(row)}>
                    View
                  </Button>
                ),
              },
            ]}
          />
        </>
      ) : null}
      <VerificationReviewModal verification={reviewing} onClose={() => setReviewing(null)} />
    </Space>
  );
}
