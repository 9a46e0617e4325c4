import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { OperatorInfo, OperatorRole } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { ROLE_LABELS } from '../../lib/labels.ts';
import { ActiveTag } from '../../components/active-tag.tsx';
import type { PendingAction } from './operator-actions.ts';

/** "2025-01-02 10:00:00 from 10.0.0.1": when an operator last signed in, and from where. */
export function lastSignInText(operator: Pick<OperatorInfo, 'lastLoginAt' | 'lastLoginIp'>): string {
  return `${formatTime(operator.lastLoginAt)}${operator.lastLoginIp ? ` from ${operator.lastLoginIp}` : ''}`;
}

/** The operator list's columns; `selfId` is the signed-in operator, who cannot disable themselves. */
export function operatorColumns(
  selfId: number | undefined,
  ask: (action: PendingAction) => void,
): TableColumnsType<OperatorInfo> {
  return [
    {
      title: 'Username',
      dataIndex: 'username',
      render: (name: string, operator) => (
        <>
          {name} {operator.id === selfId ? <Tag>you</Tag> : null}
        </>
      ),
    },
    { title: 'Role', dataIndex: 'role', render: (role: OperatorRole) => ROLE_LABELS[role] },
    { title: 'Status', dataIndex: 'active', render: (active: boolean) => <ActiveTag active={active} /> },
    { title: timeTitle('Created'), dataIndex: 'createdAt', render: formatTime },
    { title: timeTitle('Last sign-in'), key: 'lastLogin', render: (_, operator) => lastSignInText(operator) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, operator) => (
        <OperatorButtons operator={operator} self={operator.id === selfId} ask={ask} />
      ),
    },
  ];
}

function OperatorButtons({
  operator,
  self,
  ask,
}: {
  operator: OperatorInfo;
  self: boolean;
  ask: (action: PendingAction) => void;
}) {
  return (
    <Space wrap>
      {operator.active ? (
        <Tooltip title={self ? 'You cannot disable your own account' : undefined}>
          <Button size="small" danger disabled={self} onClick={() => ask({ kind: 'disable', operator })}>
            Disable
          </Button>
        </Tooltip>
      ) : (
        <Button size="small" onClick={() => ask({ kind: 'enable', operator })}>
          Enable
        </Button>
      )}
      <Button size="small" onClick={() => ask({ kind: 'reset', operator })}>
        Reset authenticator
      </Button>
    </Space>
  );
}
