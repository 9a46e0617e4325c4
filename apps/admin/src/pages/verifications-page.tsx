import { useState } from 'react';
import { Button, Segmented, Space, Table, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { VerificationRecord, VerificationStatus } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../api.ts';
import { QueryError } from '../components/query-error.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { CERT_TYPE_LABELS, optionsOf, VERIFICATION_STATUS_LABELS } from '../labels.ts';
import { UserDetailDrawer } from './user-detail-drawer.tsx';
import { VerificationReviewModal, VerificationStatusTag } from './verification-review.tsx';

const PAGE_SIZE = 20;

/**
 * Support: real-name submissions. The pending queue comes oldest first, so the longest wait is
 * worked first; approved and rejected ones are the history, newest first. A row opens the review
 * with the three photos; the username opens the user's detail.
 */
export default function VerificationsPage() {
  const [status, setStatus] = useState<VerificationStatus>('PENDING');
  const [reviewing, setReviewing] = useState<VerificationRecord | null>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);

  const verifications = useInfiniteQuery({
    queryKey: ['verifications', 'status', status],
    queryFn: ({ pageParam }) =>
      call(routes.payment.adminRealNameList, {
        status,
        limit: PAGE_SIZE,
        ...(pageParam !== null ? { cursor: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const rows = verifications.data?.pages.flatMap((page) => page.list) ?? [];
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
        columns={[
          { title: 'ID', dataIndex: 'id' },
          {
            title: 'User',
            key: 'user',
            render: (_, row) => (
              <Typography.Link onClick={() => setOpenUserId(row.userId)}>
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
          ...(pending
            ? []
            : [
                {
                  title: 'Status',
                  key: 'status',
                  render: (_: unknown, row: VerificationRecord) => (
                    <VerificationStatusTag status={row.status} />
                  ),
                },
                {
                  title: timeTitle('Reviewed'),
                  key: 'reviewedAt',
                  render: (_: unknown, row: VerificationRecord) => formatTime(row.reviewedAt),
                },
                {
                  title: 'Reason given',
                  key: 'rejectReason',
                  render: (_: unknown, row: VerificationRecord) => row.rejectReason ?? '—',
                },
              ]),
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right' as const,
            render: (_, row) => (
              <Button
                size="small"
                type={row.status === 'PENDING' ? 'primary' : 'default'}
                onClick={() => setReviewing(row)}
                data-testid="verification-open"
              >
                {row.status === 'PENDING' ? 'Review' : 'View'}
              </Button>
            ),
          },
        ]}
      />
      {verifications.hasNextPage ? (
        <Button onClick={() => void verifications.fetchNextPage()} loading={verifications.isFetchingNextPage}>
          Load more
        </Button>
      ) : rows.length > 0 ? (
        <Typography.Text type="secondary">No more submissions.</Typography.Text>
      ) : null}
      <VerificationReviewModal verification={reviewing} onClose={() => setReviewing(null)} />
      <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </Space>
  );
}
