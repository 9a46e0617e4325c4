import { Card, Table, Typography, type TableColumnsType } from 'antd';
import type { AuditLogEntry } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { navigate } from '../../lib/navigation.ts';
import { Amount } from '../../components/funding.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RECENT_ADJUSTMENTS, useRecentAdjustments } from './adjustments-api.ts';

const orDash = (value: string | null) => value ?? '—';

/** The columns, with the time zone of the moment the table is drawn. */
function recentColumns(): TableColumnsType<AuditLogEntry> {
  return [
    { title: timeTitle('Time'), dataIndex: 'createdAt', render: formatTime },
    { title: 'Operator', dataIndex: 'operatorUsername', render: orDash },
    { title: 'User', dataIndex: 'targetId', render: (id: string | null) => (id ? `#${id}` : '—') },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, entry) =>
        entry.detail.amount ? (
          <Amount value={entry.detail.amount} currency={entry.detail.symbol ?? ''} />
        ) : (
          '—'
        ),
    },
    { title: 'Reason', dataIndex: 'reason', render: orDash },
  ];
}

/** The latest adjustments, from the audit log, with the way to all of them. */
export function RecentAdjustments() {
  const recent = useRecentAdjustments();
  return (
    <Card
      title="Recent adjustments"
      extra={<Typography.Link onClick={() => navigate('/audit')}>All in the audit log</Typography.Link>}
    >
      {recent.isError ? <QueryError error={recent.error} onRetry={() => void recent.refetch()} /> : null}
      <Table<AuditLogEntry>
        rowKey="id"
        size="small"
        loading={recent.isPending}
        dataSource={recent.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No adjustments yet.' }}
        data-testid="recent-adjustments"
        columns={recentColumns()}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        The latest {RECENT_ADJUSTMENTS}. The audit log keeps every one: filter it by the action “Balance
        adjusted”.
      </Typography.Paragraph>
    </Card>
  );
}
