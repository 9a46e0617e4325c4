import { Tag, Typography, type TableColumnsType } from 'antd';
import type { AuditAction, AuditLogEntry, AuditTargetType } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { AUDIT_ACTION_LABELS, TARGET_TYPE_LABELS } from '../../lib/labels.ts';
import type { AuditFilterValues } from './audit-query.ts';

const orDash = (value: string | null) => value ?? '—';

/** The log's columns; clicking an operator or a target narrows the log to it. */
export function auditColumns(narrow: (values: AuditFilterValues) => void): TableColumnsType<AuditLogEntry> {
  return [
    { title: timeTitle('Time'), dataIndex: 'createdAt', render: formatTime },
    {
      title: 'Operator',
      dataIndex: 'operatorUsername',
      render: (name: string | null) =>
        name ? (
          <Typography.Link onClick={() => narrow({ operator: name })}>{name}</Typography.Link>
        ) : (
          <Typography.Text type="secondary">nobody signed in</Typography.Text>
        ),
    },
    { title: 'Action', dataIndex: 'action', render: (action: string) => <ActionTag action={action} /> },
    { title: 'Target', key: 'target', render: (_, entry) => <TargetLink entry={entry} narrow={narrow} /> },
    { title: 'Reason', dataIndex: 'reason', render: orDash },
    {
      title: 'Detail',
      dataIndex: 'detail',
      render: (detail: Record<string, string>) => <DetailList detail={detail} />,
    },
    { title: 'Address', dataIndex: 'ip', render: orDash },
  ];
}

/** An action by its name; refused ones (a failed sign-in) in red. */
function ActionTag({ action }: { action: string }) {
  return (
    <Tag color={action.endsWith('_failed') ? 'red' : undefined}>
      {AUDIT_ACTION_LABELS[action as AuditAction] ?? action}
    </Tag>
  );
}

function TargetLink({
  entry,
  narrow,
}: {
  entry: AuditLogEntry;
  narrow: (values: AuditFilterValues) => void;
}) {
  if (!entry.targetType) return '—';
  const targetType = entry.targetType as AuditTargetType;
  return (
    <Typography.Link onClick={() => narrow({ targetType, targetId: entry.targetId ?? undefined })}>
      {TARGET_TYPE_LABELS[targetType] ?? entry.targetType} #{entry.targetId}
    </Typography.Link>
  );
}

function DetailList({ detail }: { detail: Record<string, string> }) {
  const entries = Object.entries(detail);
  if (entries.length === 0) return '—';
  return (
    <ul className="console-detail-list">
      {entries.map(([key, value]) => (
        <li key={key}>
          <Typography.Text type="secondary">{key}</Typography.Text> {value}
        </li>
      ))}
    </ul>
  );
}
