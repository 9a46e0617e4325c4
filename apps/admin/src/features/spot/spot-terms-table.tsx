import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { SpotTerms } from '@vela/contract';
import { plainAmount } from '../../lib/amounts.ts';
import { Amount } from '../../components/funding.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useSpotTerms } from './spot-api.ts';
import { feeRateText } from './spot-terms-logic.ts';

/** Every coin's spot terms, disabled coins included, each with a way to its edit form. */
export function SpotTermsTable({ onEdit }: { onEdit: (terms: SpotTerms) => void }) {
  const terms = useSpotTerms();
  return (
    <>
      {terms.isError ? <QueryError error={terms.error} onRetry={() => void terms.refetch()} /> : null}
      <Table<SpotTerms>
        rowKey="vcId"
        size="middle"
        loading={terms.isPending}
        dataSource={terms.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No coin trades on spot.' }}
        data-testid="spot-terms-table"
        columns={termsColumns(onEdit)}
      />
    </>
  );
}

/** A maximum, or "uncapped" when there is none. */
function Maximum({ value, currency }: { value: string | null; currency: string }) {
  return value === null ? (
    <Typography.Text type="secondary">Uncapped</Typography.Text>
  ) : (
    <Amount value={value} currency={currency} />
  );
}

function termsColumns(onEdit: (terms: SpotTerms) => void): TableColumnsType<SpotTerms> {
  return [
    {
      title: 'Coin',
      key: 'coin',
      render: (_, terms) => (
        <Typography.Text strong>
          {terms.symbol}
          <Typography.Text type="secondary">/{terms.settleSymbol}</Typography.Text>
        </Typography.Text>
      ),
    },
    {
      title: 'Trading',
      dataIndex: 'enabled',
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">Enabled</Tag> : <Tag color="red">Disabled</Tag>,
    },
    {
      title: 'Fee rate',
      dataIndex: 'feeRate',
      align: 'right',
      render: (rate: string) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {plainAmount(rate)} <Typography.Text type="secondary">({feeRateText(rate)})</Typography.Text>
        </span>
      ),
    },
    {
      title: 'Min buy amount',
      key: 'minAmount',
      align: 'right',
      render: (_, terms) => <Amount value={terms.minAmount} currency={terms.settleSymbol} />,
    },
    {
      title: 'Max buy amount',
      key: 'maxAmount',
      align: 'right',
      render: (_, terms) => <Maximum value={terms.maxAmount} currency={terms.settleSymbol} />,
    },
    {
      title: 'Min sell quantity',
      key: 'minQuantity',
      align: 'right',
      render: (_, terms) => <Amount value={terms.minQuantity} currency={terms.symbol} />,
    },
    {
      title: 'Max sell quantity',
      key: 'maxQuantity',
      align: 'right',
      render: (_, terms) => <Maximum value={terms.maxQuantity} currency={terms.symbol} />,
    },
    { title: 'Price decimals', dataIndex: 'priceDecimals', align: 'right' },
    { title: 'Quantity decimals', dataIndex: 'quantityDecimals', align: 'right' },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      render: (_, terms) => (
        <Button size="small" onClick={() => onEdit(terms)} data-testid={`spot-terms-edit-${terms.symbol}`}>
          Edit
        </Button>
      ),
    },
  ];
}
