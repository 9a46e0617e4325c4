import { Card, Descriptions, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { ContractLevels } from '@vela/contract';
import { formatTime } from '../../lib/format.ts';
import { Amount } from '../../components/funding.tsx';
import { QueryError } from '../../components/query-error.tsx';
import {
  RISK_REFRESH_MS,
  RISK_ROWS,
  useContractRisk,
  type ContractRiskData,
  type ContractRiskRow,
} from './contract-api.ts';
import { ProfitAmount, RiskDegree, UserLink } from './contract-cells.tsx';
import { byRiskDescending, levelText } from './risk-logic.ts';

interface RiskPanelProps {
  /** Whether the panel is on screen: only then is it read, and read again every few seconds. */
  active: boolean;
  onOpenUser: (userId: number) => void;
}

/**
 * The accounts with open positions, riskiest first, at the latest prices, with the insurance
 * account and the levels the colours follow. A failed refresh keeps the last figures on screen
 * under the error, with the time they are from.
 */
export function RiskPanel({ active, onOpenUser }: RiskPanelProps) {
  const risk = useContractRisk(active);
  const data = risk.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {risk.isError ? <QueryError error={risk.error} onRetry={() => void risk.refetch()} /> : null}
      {data ? <RiskSummary data={data} updatedAt={risk.dataUpdatedAt} /> : null}
      <Table<ContractRiskRow>
        rowKey="userId"
        size="middle"
        loading={risk.isPending && !risk.isError}
        dataSource={data ? byRiskDescending(data.list) : []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No account has an open position.' }}
        data-testid="contract-risk-table"
        columns={data ? riskColumns(data.levels, data.settleSymbol, onOpenUser) : []}
      />
      {data && data.list.length >= RISK_ROWS ? (
        <Typography.Text type="secondary">
          The {RISK_ROWS} accounts with the highest risk degree are shown.
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** The insurance account, the levels and when the figures were read. */
function RiskSummary({ data, updatedAt }: { data: ContractRiskData; updatedAt: number }) {
  const negative = data.insurance.trim().startsWith('-');
  return (
    <Card size="small" data-testid="contract-risk-summary">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
        <Descriptions.Item label="Insurance account">
          <Space direction="vertical" size={0}>
            <Typography.Text type={negative ? 'danger' : undefined} strong data-testid="contract-insurance">
              <Amount value={data.insurance} currency={data.settleSymbol} />
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Negative: the shortfalls of forced closes it has paid.
            </Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="Forced closing">
          at {levelText(data.levels.forcedCloseLevel)} (adjustment ratio{' '}
          {levelText(data.levels.adjustmentRatio)})
        </Descriptions.Item>
        <Descriptions.Item label="Caution">above {levelText(data.levels.cautionLevel)}</Descriptions.Item>
        <Descriptions.Item label="Updated">
          {formatTime(updatedAt)}, every {RISK_REFRESH_MS / 1000} s while shown
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function riskColumns(
  levels: ContractLevels,
  currency: string,
  onOpenUser: (userId: number) => void,
): TableColumnsType<ContractRiskRow> {
  const amount = (title: string, key: 'equity' | 'margin' | 'available') => ({
    title,
    key,
    align: 'right' as const,
    render: (_: unknown, row: ContractRiskRow) => <Amount value={row[key]} currency={currency} />,
  });
  return [
    {
      title: 'User',
      key: 'user',
      render: (_, row) => <UserLink userId={row.userId} username={row.username} onOpen={onOpenUser} />,
    },
    {
      title: 'Risk degree',
      key: 'riskDegree',
      align: 'right',
      render: (_, row) => <RiskDegree degree={row.riskDegree} levels={levels} />,
    },
    amount('Equity', 'equity'),
    amount('Margin', 'margin'),
    {
      title: 'Floating P/L',
      key: 'profit',
      align: 'right',
      render: (_, row) => <ProfitAmount value={row.profit} currency={currency} />,
    },
    amount('Available', 'available'),
    { title: 'Positions', dataIndex: 'positions', align: 'right' },
  ];
}
