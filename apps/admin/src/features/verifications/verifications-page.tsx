import { useState } from 'react';
import { Button, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { VerificationRecord, VerificationStatus } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { CERT_TYPE_LABELS, optionsOf, VERIFICATION_STATUS_LABELS } from '../../lib/labels.ts';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UserDetailDrawer } from '../../components/user-detail-drawer.tsx';
import { VerificationReviewModal, VerificationStatusTag } from './verification-review.tsx';
import { useVerifications } from './verifications-api.ts';

/**
 * Support: real-name submissions. The pending queue comes oldest first, so the longest wait is
 * worked first; approved and rejected ones are the history, newest first. A row opens the review
 * with the three photos; the username opens the user's detail.
 */
export default function VerificationsPage() {
  const [status, setStatus] = useState<VerificationStatus>('PENDING');
  const [reviewing, setReviewing] = useState<VerificationRecord | null>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const { verifications, rows } = useVerifications(status);
  const pending = status === 'PENDING';

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center">
        <Segmented<VerificationStatus>
          options={optionsOf(VERIFICATION_STATUS_LABELS) as { value: VerificationStatus; label: string }[]}
          value={status}
          onChange={setStatus}
          data-testid="verification-status"
        />
        <Button onClick={() => void verifications.refetch()} loading={verifications.isRefetching}>
          Refresh
        </Button>
        <Typography.Text type="secondary">
          {pending ? 'Oldest first: the longest wait at the top.' : 'Newest first.'}
        </Typography.Text>
      </Space>
      {verifications.isError ? (
        <QueryError error={verifications.error} onRetry={() => void verifications.refetch()} />
      ) : null}
      <Table<VerificationRecord>
        rowKey="id"
        size="middle"
        loading={verifications.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        data-testid="verification-table"
        locale={{ emptyText: pending ? 'Nothing waits for review.' : 'None yet.' }}
        columns={verificationColumns({ pending, openUser: setOpenUserId, review: setReviewing })}
      />
      <LoadMore
        query={verifications}
        rowCount={rows.length}
        moreText="Load more"
        endText="No more submissions."
      />
      <VerificationReviewModal verification={reviewing} onClose={() => setReviewing(null)} />
      <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </Space>
  );
}

type Column = TableColumnsType<VerificationRecord>[number];

/** The decision columns, shown for the reviewed submissions only. */
function reviewedColumns(): Column[] {
  return [
    { title: 'Status', key: 'status', render: (_, row) => <VerificationStatusTag status={row.status} /> },
    { title: timeTitle('Reviewed'), key: 'reviewedAt', render: (_, row) => formatTime(row.reviewedAt) },
    { title: 'Reason given', key: 'rejectReason', render: (_, row) => row.rejectReason ?? '—' },
  ];
}

function verificationColumns({
  pending,
  openUser,
  review,
}: {
  pending: boolean;
  openUser: (userId: number) => void;
  review: (row: VerificationRecord) => void;
}): TableColumnsType<VerificationRecord> {
  return [
    { title: 'ID', dataIndex: 'id' },
    {
      title: 'User',
      key: 'user',
      render: (_, row) => (
        <Typography.Link onClick={() => openUser(row.userId)}>
          {row.username} (#{row.userId})
        </Typography.Link>
      ),
    },
    {
      title: 'Document',
      dataIndex: 'certType',
      render: (type: VerificationRecord['certType']) => CERT_TYPE_LABELS[type],
    },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Number', dataIndex: 'certNumber' },
    { title: timeTitle('Submitted'), dataIndex: 'submittedAt', render: formatTime },
    ...(pending ? [] : reviewedColumns()),
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          type={row.status === 'PENDING' ? 'primary' : 'default'}
          onClick={() => review(row)}
          data-testid="verification-open"
        >
          {row.status === 'PENDING' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
}
