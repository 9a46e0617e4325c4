import { useState } from 'react';
import { Input, Space, Table, Tabs, Typography } from 'antd';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useFinanceOrders, type FinanceOrderRow, type FinanceOrderScope } from './finance-api.ts';
import { financeOrderColumns } from './finance-order-columns.tsx';
import { userFilterOf } from './finance-orders-logic.ts';

const SCOPE_TABS: { key: FinanceOrderScope; label: string }[] = [
  { key: 'holding', label: 'Holding' },
  { key: 'history', label: 'History' },
];

const EMPTY_TEXT: Record<FinanceOrderScope, string> = {
  holding: 'No order is holding.',
  history: 'No order has been redeemed or settled.',
};

interface FinanceOrderTabsProps {
  /** One user's orders, or everyone's when null. */
  userId: number | null;
  /** Opens a user's detail from the user column; without it the list has no user column. */
  onOpenUser?: (userId: number) => void;
  compact?: boolean;
}

/**
 * Finance orders, read only: the holding ones by end instant, soonest first (the next to settle
 * at the top), or the history of redeemed and settled ones, newest first.
 */
export function FinanceOrderTabs({ userId, onOpenUser, compact = false }: FinanceOrderTabsProps) {
  const [scope, setScope] = useState<FinanceOrderScope>('holding');
  return (
    <Tabs
      activeKey={scope}
      onChange={(key) => setScope(key as FinanceOrderScope)}
      size={compact ? 'small' : 'middle'}
      items={SCOPE_TABS.map((tab) => ({
        ...tab,
        children: (
          <FinanceOrderTable scope={tab.key} userId={userId} onOpenUser={onOpenUser} compact={compact} />
        ),
      }))}
    />
  );
}

function FinanceOrderTable({
  scope,
  userId,
  onOpenUser,
  compact,
}: FinanceOrderTabsProps & { scope: FinanceOrderScope }) {
  const { orders, rows } = useFinanceOrders(scope, userId);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {orders.isError ? <QueryError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      <Table<FinanceOrderRow>
        rowKey="id"
        size={compact ? 'small' : 'middle'}
        loading={orders.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: EMPTY_TEXT[scope] }}
        data-testid={`finance-orders-${scope}`}
        columns={financeOrderColumns(onOpenUser)}
      />
      <LoadMore
        query={orders}
        rowCount={rows.length}
        moreText={scope === 'holding' ? 'Load later orders' : 'Load older orders'}
        endText="No more orders."
      />
    </Space>
  );
}

/** Every user's finance orders, or one user's by their id. */
export function FinanceOrdersPanel({ onOpenUser }: { onOpenUser: (userId: number) => void }) {
  const [input, setInput] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const invalid = userFilterOf(input) === undefined;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        placeholder="User id (empty: every user)"
        inputMode="numeric"
        allowClear
        enterButton="Filter"
        value={input}
        status={invalid ? 'error' : ''}
        onChange={(event) => setInput(event.target.value)}
        onSearch={(value) => {
          const filter = userFilterOf(value);
          if (filter !== undefined) setUserId(filter);
        }}
        style={{ maxWidth: 360 }}
        aria-label="User id"
        data-testid="finance-orders-user"
      />
      {invalid ? <Typography.Text type="danger">A user id is a whole number.</Typography.Text> : null}
      {userId !== null ? (
        <Typography.Text type="secondary">The orders of user #{userId}.</Typography.Text>
      ) : null}
      <FinanceOrderTabs key={userId ?? 'all'} userId={userId} onOpenUser={onOpenUser} />
    </Space>
  );
}
