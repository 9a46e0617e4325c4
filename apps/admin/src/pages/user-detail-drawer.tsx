import { Suspense } from 'react';
import { Card, Descriptions, Drawer, Skeleton, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../api.ts';
import { QueryError } from '../components/query-error.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { REAL_NAME_LABELS, USER_TYPE_LABELS } from '../labels.ts';
import { currentSession } from '../session.ts';
import { allowed, USER_PANELS } from './registry.tsx';

/**
 * One user: profile, status, agent, verification and security state, then the panels other
 * features register (pages/registry.tsx, USER_PANELS). Opening it is recorded in the audit log.
 */
export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['user', userId],
    queryFn: () => call(routes.admin.adminUserDetail, { userId: userId ?? 0 }),
    enabled: userId !== null,
  });
  const role = currentSession()?.operator.role;
  const panels = role ? USER_PANELS.filter((panel) => allowed(panel, role)) : [];
  const user = detail.data;

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      width={Math.min(640, window.innerWidth)}
      title={user ? `${user.username} (#${user.id})` : 'User'}
      destroyOnHidden
    >
      {detail.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {detail.isError ? <QueryError error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {user ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            className="console-numbers"
            data-testid="user-detail"
          >
            <Descriptions.Item label="User id">{user.id}</Descriptions.Item>
            <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
            <Descriptions.Item label="Nickname">{user.nickname}</Descriptions.Item>
            <Descriptions.Item label="Type">{USER_TYPE_LABELS[user.userType]}</Descriptions.Item>
            <Descriptions.Item label="Status">
              {user.active ? <Tag color="green">Active</Tag> : <Tag color="red">Disabled</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="Agent">
              {user.parentUsername ? `${user.parentUsername} (#${user.parentId})` : 'None (top level)'}
            </Descriptions.Item>
            <Descriptions.Item label="Direct members">{user.directMembers}</Descriptions.Item>
            {user.inviteCode ? (
              <Descriptions.Item label="Invite code">{user.inviteCode}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label="Real-name verification">
              {REAL_NAME_LABELS[user.realNameStatus]}
            </Descriptions.Item>
            <Descriptions.Item label="Email">{user.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Fund password">
              {user.hasFundPassword ? 'Set' : 'Not set'}
            </Descriptions.Item>
            <Descriptions.Item label="Google authenticator">
              {user.googleBound ? 'Bound' : 'Not bound'}
            </Descriptions.Item>
            <Descriptions.Item label="Rebate (timed / contract)">
              {user.pointPercentTiming} / {user.pointPercentContract}
            </Descriptions.Item>
            <Descriptions.Item label={timeTitle('Registered')}>
              {formatTime(user.createdAt)} via {user.registerWay.toLowerCase().replace(/_/g, ' ')}
            </Descriptions.Item>
            <Descriptions.Item label={timeTitle('Last sign-in')}>
              {formatTime(user.lastLoginAt)}
              {user.lastLoginIp ? ` from ${user.lastLoginIp}` : ''}
            </Descriptions.Item>
          </Descriptions>
          {panels.map((panel) => {
            const Panel = panel.component;
            return (
              <Card key={panel.key} title={panel.label} size="small">
                <Suspense fallback={<Skeleton active />}>
                  <Panel userId={user.id} />
                </Suspense>
              </Card>
            );
          })}
        </Space>
      ) : null}
    </Drawer>
  );
}
