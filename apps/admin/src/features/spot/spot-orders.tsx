import { useState } from 'react';
import { Space, Table, Tabs } from 'antd';
import type { SpotOrder } from '@vela/contract';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useUserSpotOrders, type SpotOrderScope } from './spot-api.ts';
import { spotOrderColumns } from './spot-order-columns.tsx';

const SCOPE_TABS: { key: SpotOrderScope; label: string }[] = [
  { key: 'open', label: 'Open' },
  { key: 'history', label: 'History' },
];

/** One user's spot orders, read only: the open ones, or the filled and cancelled ones. */
export function SpotOrders({ userId, compact = false }: { userId: number; compact?: boolean }) {
  const [scope, setScope] = useState<SpotOrderScope>('open');
  return (
    <Tabs
      activeKey={scope}
      onChange={(key) => setScope(key as SpotOrderScope)}
      size={compact ? 'small' : 'middle'}
      items={SCOPE_TABS.map((tab) => ({
        ...tab,
        children: <SpotOrderTable userId={userId} scope={tab.key} compact={compact} />,
      }))}
    />
  );
}

const EMPTY_TEXT: Record<SpotOrderScope, string> = {
  open: 'No open orders.',
  history: 'No filled or cancelled orders.',
};

function SpotOrderTable({
  userId,
  scope,
  compact,
}: {
  userId: number;
  scope: SpotOrderScope;
  compact: boolean;
}) {
  const { orders, rows } = useUserSpotOrders(userId, scope);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {orders.isError ? <QueryError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      <Table<SpotOrder>
        rowKey="id"
        size={compact ? 'small' : 'middle'}
        loading={orders.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: EMPTY_TEXT[scope] }}
        data-testid={`spot-orders-${scope}`}
        columns={spotOrderColumns()}
      />
      <LoadMore
        query={orders}
        rowCount={rows.length}
        moreText="Load older orders"
        endText="No more orders."
      />
    </Space>
  );
}
