import { Button, Space, Table, Typography, type TableColumnsType } from 'antd';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { Amount } from '../../components/funding.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useFinanceSettlements, type FinanceSettlementRow } from './finance-api.ts';

/**
 * The settlement log, newest first, page by page: each batch of orders that ended together on one
 * coin, with what was paid out in the coin and in the settlement coin.
 */
export function FinanceSettlements({ settleSymbol }: { settleSymbol: string }) {
  const { settlements, rows } = useFinanceSettlements();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {settlements.isError ? (
        <QueryError error={settlements.error} onRetry={() => void settlements.refetch()} />
      ) : null}
      <Space>
        <Button
          onClick={() => void settlements.refetch()}
          loading={settlements.isRefetching && !settlements.isFetchingNextPage}
        >
          Refresh
        </Button>
        <Typography.Text type="secondary">
          Orders that ended below the linked price are paid in the coin; the others in {settleSymbol}.
        </Typography.Text>
      </Space>
      <Table<FinanceSettlementRow>
        rowKey="id"
        size="middle"
        loading={settlements.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No order has been settled.' }}
        data-testid="finance-settlements-table"
        columns={settlementColumns(settleSymbol)}
      />
      <LoadMore
        query={settlements}
        rowCount={rows.length}
        moreText="Load older settlements"
        endText="No more settlements."
      />
    </Space>
  );
}

function settlementColumns(settleSymbol: string): TableColumnsType<FinanceSettlementRow> {
  return [
    {
      title: 'Batch',
      dataIndex: 'id',
      render: (id: number) => <Typography.Text strong>#{id}</Typography.Text>,
    },
    { title: 'Coin', dataIndex: 'symbol' },
    { title: 'Orders', dataIndex: 'orderCount', align: 'right' },
    {
      title: 'Paid in the coin',
      key: 'coinPaid',
      align: 'right',
      render: (_, row) => <Amount value={row.coinPaid} currency={row.symbol} />,
    },
    {
      title: `Paid in ${settleSymbol}`,
      key: 'usdtPaid',
      align: 'right',
      render: (_, row) => <Amount value={row.usdtPaid} currency={settleSymbol} />,
    },
    {
      title: timeTitle('Settled'),
      key: 'settledAt',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.settledAt)}</span>,
    },
  ];
}
