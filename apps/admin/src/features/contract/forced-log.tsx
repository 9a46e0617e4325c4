import { Button, Space, Table, Typography, type TableColumnsType } from 'antd';
import { isNonZero } from '../../lib/amounts.ts';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { Amount } from '../../components/funding.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useContractForced, type ContractForcedRow } from './contract-api.ts';
import { ProfitAmount, UserLink } from './contract-cells.tsx';
import { riskText } from './risk-logic.ts';

/**
 * Every forced close, newest first, page by page: whose account, the second it happened at, the
 * risk degree that reached the level, what was closed and what the insurance account paid.
 */
export function ForcedLog({
  currency,
  onOpenUser,
}: {
  currency: string;
  onOpenUser: (userId: number) => void;
}) {
  const { forced, rows } = useContractForced();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {forced.isError ? <QueryError error={forced.error} onRetry={() => void forced.refetch()} /> : null}
      <Space>
        <Button
          onClick={() => void forced.refetch()}
          loading={forced.isRefetching && !forced.isFetchingNextPage}
        >
          Refresh
        </Button>
        <Typography.Text type="secondary">A shortfall is what the insurance account paid.</Typography.Text>
      </Space>
      <Table<ContractForcedRow>
        rowKey="id"
        size="middle"
        loading={forced.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No account has been force-closed.' }}
        data-testid="contract-forced-table"
        columns={forcedColumns(currency, onOpenUser)}
      />
      <LoadMore
        query={forced}
        rowCount={rows.length}
        moreText="Load older forced closes"
        endText="No more forced closes."
      />
    </Space>
  );
}

/** A shortfall above zero stands out: the insurance account paid for it. */
function Shortfall({ value, currency }: { value: string; currency: string }) {
  if (!isNonZero(value)) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text type="danger" strong data-testid="contract-shortfall">
      <Amount value={value} currency={currency} />
    </Typography.Text>
  );
}

function forcedColumns(
  currency: string,
  onOpenUser: (userId: number) => void,
): TableColumnsType<ContractForcedRow> {
  const amount = (title: string, key: 'margin' | 'equity' | 'fee') => ({
    title,
    key,
    align: 'right' as const,
    render: (_: unknown, row: ContractForcedRow) => <Amount value={row[key]} currency={currency} />,
  });
  return [
    {
      title: timeTitle('Recorded second'),
      key: 'time',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.timeMs)}</span>,
    },
    {
      title: 'User',
      key: 'user',
      render: (_, row) => <UserLink userId={row.userId} username={row.username} onOpen={onOpenUser} />,
    },
    {
      title: 'Risk degree',
      key: 'riskDegree',
      align: 'right',
      render: (_, row) => <Typography.Text type="danger">{riskText(row.riskDegree)}</Typography.Text>,
    },
    amount('Margin', 'margin'),
    amount('Equity', 'equity'),
    { title: 'Positions closed', dataIndex: 'positions', align: 'right' },
    {
      title: 'Realized P/L',
      key: 'profit',
      align: 'right',
      render: (_, row) => <ProfitAmount value={row.profit} currency={currency} />,
    },
    amount('Fee', 'fee'),
    {
      title: 'Shortfall',
      key: 'shortfall',
      align: 'right',
      render: (_, row) => <Shortfall value={row.shortfall} currency={currency} />,
    },
  ];
}
