import type { ReactNode } from 'react';
import { Button, Space, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminTeamNode } from '@vela/contract';
import { errorText } from '../../lib/api.ts';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { USER_TYPE_LABELS } from '../../lib/labels.ts';
import { pathText, type LevelState, type TreeRow } from './agent-tree-logic.ts';
import { percentText } from './rate-logic.ts';

type Column = TableColumnsType<TreeRow>[number];

/** How far each level of the tree is indented. */
const INDENT = 24;

/** What the rows do, and what the operator's role lets them do. */
export interface TreeActions {
  searching: boolean;
  toggle: (userId: number) => void;
  loadMore: (levelKey: string) => void;
  retry: (levelKey: string) => void;
  onEdit: ((node: AdminTeamNode) => void) | null;
  onMove: ((node: AdminTeamNode) => void) | null;
}

/**
 * The tree's columns. A status row (the end of an opened agent's list) spans the whole width; the
 * cells of a user row give the user, their type and rates, their team and when they registered.
 */
export function agentTreeColumns(actions: TreeActions): TableColumnsType<TreeRow> {
  const columns: Column[] = [
    {
      title: 'User',
      key: 'user',
      render: (_, row) =>
        row.kind === 'status' ? (
          <LevelStatusCell row={row} actions={actions} />
        ) : (
          <UserCell row={row} actions={actions} />
        ),
    },
    userColumn('Type', 'type', (node) => (
      <Tag color={node.userType === 2 ? 'blue' : 'default'}>{USER_TYPE_LABELS[node.userType]}</Tag>
    )),
    userColumn('Timed-trade rebate', 'timing', (node) => percentText(node.pointPercentTiming), 'right'),
    userColumn('Contract rebate', 'contract', (node) => percentText(node.pointPercentContract), 'right'),
    userColumn('Team size', 'teamSize', (node) => node.teamSize, 'right'),
    userColumn('Direct members', 'directCount', (node) => node.directCount, 'right'),
    userColumn(timeTitle('Registered'), 'registerAt', (node) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatTime(node.registerAt)}</span>
    )),
  ];
  if (actions.onEdit || actions.onMove) {
    columns.push(userColumn('', 'actions', (node) => <RowActions node={node} actions={actions} />));
  }
  // A status row's first cell spans every column; its other cells are left out.
  return columns.map((column, index) => ({
    ...column,
    onCell: (row: TreeRow) => (row.kind === 'status' ? { colSpan: index === 0 ? columns.length : 0 } : {}),
  }));
}

function userColumn(
  title: string,
  key: string,
  render: (node: AdminTeamNode) => ReactNode,
  align?: 'right',
): Column {
  return {
    title,
    key,
    ...(align ? { align } : {}),
    render: (_, row) => (row.kind === 'user' ? render(row.node) : null),
  };
}

/** The username, indented by its depth, with a toggle for an agent with members and the path in a search. */
function UserCell({ row, actions }: { row: Extract<TreeRow, { kind: 'user' }>; actions: TreeActions }) {
  const { node, depth, expanded } = row;
  // An opened agent keeps its toggle even when a move has left it without members, so it closes.
  const toggle =
    node.userType === 2 && (node.directCount > 0 || expanded) ? (
      <Button
        type="text"
        size="small"
        aria-expanded={expanded}
        aria-label={`${expanded ? 'Hide' : 'Show'} the members of ${node.username}`}
        onClick={() => actions.toggle(node.id)}
        data-testid={`team-toggle-${node.id}`}
      >
        {expanded ? '▾' : '▸'}
      </Button>
    ) : (
      <span style={{ display: 'inline-block', width: 24 }} />
    );
  return (
    <div style={{ paddingInlineStart: depth * INDENT, display: 'flex', alignItems: 'flex-start', gap: 4 }}>
      {toggle}
      <Space direction="vertical" size={0}>
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {node.username} <Typography.Text type="secondary">#{node.id}</Typography.Text>
        </Typography.Text>
        {actions.searching && depth === 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`team-path-${node.id}`}>
            {pathText(node)}
          </Typography.Text>
        ) : null}
      </Space>
    </div>
  );
}

function RowActions({ node, actions }: { node: AdminTeamNode; actions: TreeActions }) {
  const { onEdit, onMove } = actions;
  return (
    <Space size="small">
      {onEdit ? (
        <Button size="small" onClick={() => onEdit(node)} data-testid={`team-edit-${node.id}`}>
          Edit
        </Button>
      ) : null}
      {onMove ? (
        <Button size="small" onClick={() => onMove(node)} data-testid={`team-move-${node.id}`}>
          Move
        </Button>
      ) : null}
    </Space>
  );
}

/** Below an opened agent's members: more to load, still loading, nothing there, or an error. */
function LevelStatusCell({
  row,
  actions,
}: {
  row: Extract<TreeRow, { kind: 'status' }>;
  actions: TreeActions;
}) {
  return (
    <div style={{ paddingInlineStart: row.depth * INDENT + 28 }} data-testid={`team-status-${row.parent.id}`}>
      <LevelStatus state={row.state} agent={row.parent.username} levelKey={row.levelKey} actions={actions} />
    </div>
  );
}

function LevelStatus({
  state,
  agent,
  levelKey,
  actions,
}: {
  state: LevelState;
  agent: string;
  levelKey: string;
  actions: TreeActions;
}) {
  if (state.error !== null) {
    return (
      <Space>
        <Typography.Text type="danger">
          The members of {agent} could not be loaded: {errorText(state.error)}
        </Typography.Text>
        <Button size="small" onClick={() => actions.retry(levelKey)}>
          Try again
        </Button>
      </Space>
    );
  }
  if (state.loading || state.loadingMore) {
    return (
      <Space>
        <Spin size="small" />
        <Typography.Text type="secondary">Loading the members of {agent}…</Typography.Text>
      </Space>
    );
  }
  if (state.hasMore) {
    return (
      <Button size="small" onClick={() => actions.loadMore(levelKey)}>
        Load more members of {agent}
      </Button>
    );
  }
  return <Typography.Text type="secondary">{agent} has no direct members.</Typography.Text>;
}
