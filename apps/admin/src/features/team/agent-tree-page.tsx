import { useState } from 'react';
import { Card, Input, Space, Table, Typography } from 'antd';
import type { AdminTeamNode } from '@vela/contract';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useSessionState } from '../../lib/session.ts';
import { agentTreeColumns } from './agent-tree-columns.tsx';
import type { TreeRow } from './agent-tree-logic.ts';
import { capsOf } from './member-edit-logic.ts';
import { MemberEditModal } from './member-edit-modal.tsx';
import { MemberMoveModal } from './member-move-modal.tsx';
import { useAgentTree } from './use-agent-tree.ts';

/** A username prefix the server takes: letters and digits, as usernames are. */
const QUERY_PATTERN = /^[A-Za-z0-9]{0,32}$/;

/**
 * The agent tree: the top-level users, each agent opening onto its direct members, or the users
 * found by username with the path above each. Administrators and support change a user's type and
 * rates; administrators move a user with their team under another agent. The buttons follow the
 * roles of the endpoints, so nobody is offered what the server would refuse them.
 */
export default function AgentTreePage() {
  const tree = useAgentTree();
  const role = useSessionState().session?.operator.role;
  const [editing, setEditing] = useState<AdminTeamNode | null>(null);
  const [moving, setMoving] = useState<AdminTeamNode | null>(null);
  const root = tree.root;
  const columns = agentTreeColumns({
    searching: tree.query !== '',
    toggle: tree.toggle,
    loadMore: tree.loadMore,
    retry: tree.retry,
    onEdit: role === 'administrator' || role === 'support' ? setEditing : null,
    onMove: role === 'administrator' ? setMoving : null,
  });
  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <TreeSearch onSearch={tree.search} />
        <Typography.Text type="secondary" data-testid="team-tree-scope">
          {tree.query === ''
            ? 'The top-level users, newest first. Open an agent to see its direct members.'
            : `Users whose username starts with "${tree.query}", newest first, each with the path above them.`}
        </Typography.Text>
        {root?.error ? <QueryError error={root.error} onRetry={() => tree.retry(tree.rootKey)} /> : null}
        <Table<TreeRow>
          rowKey="key"
          size="middle"
          loading={root?.loading ?? true}
          dataSource={tree.rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          style={{ maxWidth: 1280 }}
          className="console-numbers"
          locale={{ emptyText: tree.query === '' ? 'No user yet.' : 'No username starts with that.' }}
          data-testid="team-tree-table"
          columns={columns}
        />
        <LoadMore
          query={{
            hasNextPage: root?.hasMore ?? false,
            isFetchingNextPage: root?.loadingMore ?? false,
            fetchNextPage: async () => tree.loadMore(tree.rootKey),
          }}
          rowCount={root?.nodes.length ?? 0}
          moreText="Load more users"
          endText="No more users."
        />
      </Space>
      <MemberEditModal
        node={editing}
        caps={editing ? capsOf(editing, tree.byId) : 'unknown'}
        onClose={() => setEditing(null)}
      />
      <MemberMoveModal node={moving} onClose={() => setMoving(null)} />
    </Card>
  );
}

/** The username search; an empty search goes back to the top-level users. */
function TreeSearch({ onSearch }: { onSearch: (query: string) => void }) {
  const [input, setInput] = useState('');
  const invalid = !QUERY_PATTERN.test(input.trim());
  return (
    <Space direction="vertical" size={4}>
      <Input.Search
        placeholder="Start of a username (empty: the top-level users)"
        allowClear
        enterButton="Search"
        value={input}
        status={invalid ? 'error' : ''}
        onChange={(event) => setInput(event.target.value)}
        onSearch={(value) => {
          if (QUERY_PATTERN.test(value.trim())) onSearch(value.trim());
        }}
        style={{ width: 420, maxWidth: '100%' }}
        aria-label="Username"
        data-testid="team-tree-search"
      />
      {invalid ? (
        <Typography.Text type="danger">A username has only letters and digits, at most 32.</Typography.Text>
      ) : null}
    </Space>
  );
}
