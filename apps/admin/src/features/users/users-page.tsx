import { useState } from 'react';
import { Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { UserSummary } from '@vela/contract';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { REAL_NAME_LABELS, USER_TYPE_LABELS } from '../../lib/labels.ts';
import { ActiveTag } from '../../components/active-tag.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UserDetailDrawer } from '../../components/user-detail-drawer.tsx';
import { useUsers } from './users-api.ts';

const QUERY_PATTERN = /^[A-Za-z0-9]*$/;

/** Users, newest first: search by the start of a username or by id, open one for its detail. */
export default function UsersPage() {
  const [query, setQuery] = useState('');
  const [input, setInput] = useState('');
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const invalid = !QUERY_PATTERN.test(input.trim());
  const { users, rows } = useUsers(query);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        placeholder="Username (start of it) or user id"
        allowClear
        enterButton="Search"
        value={input}
        status={invalid ? 'error' : ''}
        onChange={(event) => setInput(event.target.value)}
        onSearch={(value) => {
          if (QUERY_PATTERN.test(value.trim())) setQuery(value.trim());
        }}
        style={{ maxWidth: 480 }}
        data-testid="user-search"
      />
      {invalid ? <Typography.Text type="danger">Letters and digits only.</Typography.Text> : null}
      {users.isError ? <QueryError error={users.error} onRetry={() => void users.refetch()} /> : null}
      <Table<UserSummary>
        rowKey="id"
        size="middle"
        loading={users.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: query ? `No user matches “${query}”.` : 'No users yet.' }}
        onRow={(user) => ({ onClick: () => setOpenUserId(user.id), style: { cursor: 'pointer' } })}
        columns={userColumns()}
      />
      <LoadMore query={users} rowCount={rows.length} moreText="Load older users" endText="No more users." />
      <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </Space>
  );
}

function userColumns(): TableColumnsType<UserSummary> {
  return [
    { title: 'ID', dataIndex: 'id' },
    {
      title: 'Username',
      dataIndex: 'username',
      render: (username: string) => <Typography.Link>{username}</Typography.Link>,
    },
    {
      title: 'Type',
      dataIndex: 'userType',
      render: (type: UserSummary['userType']) => USER_TYPE_LABELS[type],
    },
    { title: 'Agent', dataIndex: 'parentUsername', render: (name: string | null) => name ?? '—' },
    {
      title: 'Real name',
      dataIndex: 'realNameStatus',
      render: (status: UserSummary['realNameStatus']) => REAL_NAME_LABELS[status],
    },
    { title: 'Status', dataIndex: 'active', render: (active: boolean) => <ActiveTag active={active} /> },
    { title: timeTitle('Registered'), dataIndex: 'createdAt', render: formatTime },
    { title: timeTitle('Last sign-in'), dataIndex: 'lastLoginAt', render: formatTime },
  ];
}
