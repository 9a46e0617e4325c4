import { Descriptions } from 'antd';
import type { RouteDataOf } from '@vela/contract';
import type { routes } from '@vela/contract/routes';
import { codeText, formatTime, timeTitle } from '../lib/format.ts';
import { REAL_NAME_LABELS, USER_TYPE_LABELS } from '../lib/labels.ts';
import { ActiveTag } from './active-tag.tsx';

type UserDetail = RouteDataOf<typeof routes.admin.adminUserDetail>;

/** The facts of one user at the top of their detail. */
export function UserProfile({ user }: { user: UserDetail }) {
  return (
    <Descriptions column={1} size="small" bordered className="console-numbers" data-testid="user-detail">
      <Descriptions.Item label="User id">{user.id}</Descriptions.Item>
      <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
      <Descriptions.Item label="Nickname">{user.nickname}</Descriptions.Item>
      <Descriptions.Item label="Type">{USER_TYPE_LABELS[user.userType]}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <ActiveTag active={user.active} />
      </Descriptions.Item>
      <Descriptions.Item label="Agent">
        {user.parentUsername ? `${user.parentUsername} (#${user.parentId})` : 'None (top level)'}
      </Descriptions.Item>
      <Descriptions.Item label="Direct members">{user.directMembers}</Descriptions.Item>
      {user.inviteCode ? <Descriptions.Item label="Invite code">{user.inviteCode}</Descriptions.Item> : null}
      <Descriptions.Item label="Real-name verification">
        {REAL_NAME_LABELS[user.realNameStatus]}
      </Descriptions.Item>
      <Descriptions.Item label="Email">{user.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Fund password">{user.hasFundPassword ? 'Set' : 'Not set'}</Descriptions.Item>
      <Descriptions.Item label="Google authenticator">
        {user.googleBound ? 'Bound' : 'Not bound'}
      </Descriptions.Item>
      <Descriptions.Item label="Rebate (timed / contract)">
        {user.pointPercentTiming} / {user.pointPercentContract}
      </Descriptions.Item>
      <Descriptions.Item label={timeTitle('Registered')}>
        {formatTime(user.createdAt)} via {codeText(user.registerWay)}
      </Descriptions.Item>
      <Descriptions.Item label={timeTitle('Last sign-in')}>
        {formatTime(user.lastLoginAt)}
        {user.lastLoginIp ? ` from ${user.lastLoginIp}` : ''}
      </Descriptions.Item>
    </Descriptions>
  );
}
