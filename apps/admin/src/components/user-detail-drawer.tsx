import { Suspense } from 'react';
import { Card, Drawer, Skeleton, Space } from 'antd';
import { allowed } from '../lib/roles.ts';
import { currentSession } from '../lib/session.ts';
import { useUserPanels, type UserPanel } from '../lib/user-panels.ts';
import { useUserDetail } from '../lib/users-api.ts';
import { QueryError } from './query-error.tsx';
import { UserProfile } from './user-profile.tsx';

/**
 * One user: profile, status, agent, verification and security state, then the panels the features
 * register (app/registry.tsx, USER_PANELS) that the operator's role may see. Opening it is recorded
 * in the audit log.
 */
export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const detail = useUserDetail(userId);
  const user = detail.data;
  const panels = useVisiblePanels();

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
          <UserProfile user={user} />
          {panels.map((panel) => (
            <UserPanelCard key={panel.key} panel={panel} userId={user.id} />
          ))}
        </Space>
      ) : null}
    </Drawer>
  );
}

/** The registered panels the signed-in operator's role may see. */
function useVisiblePanels(): readonly UserPanel[] {
  const role = currentSession()?.operator.role;
  return useUserPanels().filter((panel) => role !== undefined && allowed(panel, role));
}

function UserPanelCard({ panel, userId }: { panel: UserPanel; userId: number }) {
  const Panel = panel.component;
  return (
    <Card title={panel.label} size="small">
      <Suspense fallback={<Skeleton active />}>
        <Panel userId={userId} />
      </Suspense>
    </Card>
  );
}
