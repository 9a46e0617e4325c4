import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ContractTerms } from '@vela/contract';
import { plainAmount } from '../../lib/amounts.ts';
import { Amount } from '../../components/funding.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useContractTerms } from './contract-api.ts';
import { percentText } from './contract-terms-logic.ts';

/** Every coin's contract terms, disabled coins included, each with a way to its edit form. */
export function ContractTermsTable({ onEdit }: { onEdit: (terms: ContractTerms) => void }) {
  const terms = useContractTerms();
  return (
    <>
      {terms.isError ? <QueryError error={terms.error} onRetry={() => void terms.refetch()} /> : null}
      <Table<ContractTerms>
        rowKey="vcId"
        size="middle"
        loading={terms.isPending}
        dataSource={terms.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No coin trades contracts.' }}
        data-testid="contract-terms-table"
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

/** A fee rate as stored and, a shade lighter, in percent. */
function FeeRate({ rate }: { rate: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {plainAmount(rate)} <Typography.Text type="secondary">({percentText(rate)})</Typography.Text>
    </span>
  );
}

/** The leverages a coin offers; up to twenty, so they wrap rather than widen the table. */
function Leverages({ leverages }: { leverages: readonly number[] }) {
  return (
    <Flex wrap gap={4} style={{ maxWidth: 240 }}>
      {leverages.map((leverage) => (
        <Tag key={leverage} style={{ marginInlineEnd: 0 }}>
          {leverage}×
        </Tag>
      ))}
    </Flex>
  );
}

function termsColumns(onEdit: (terms: ContractTerms) => void): TableColumnsType<ContractTerms> {
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
      title: 'Leverages',
      dataIndex: 'leverages',
      render: (leverages: number[]) => <Leverages leverages={leverages} />,
    },
    {
      title: 'Opening fee rate',
      dataIndex: 'openFeeRate',
      align: 'right',
      render: (rate: string) => <FeeRate rate={rate} />,
    },
    {
      title: 'Closing fee rate',
      dataIndex: 'closeFeeRate',
      align: 'right',
      render: (rate: string) => <FeeRate rate={rate} />,
    },
    ...limitColumns(),
    { title: 'Price decimals', dataIndex: 'priceDecimals', align: 'right' },
    { title: 'Quantity decimals', dataIndex: 'quantityDecimals', align: 'right' },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      render: (_, terms) => (
        <Button
          size="small"
          onClick={() => onEdit(terms)}
          data-testid={`contract-terms-edit-${terms.symbol}`}
        >
          Edit
        </Button>
      ),
    },
  ];
}

/** The smallest and largest quantity of one order, in the coin. */
function limitColumns(): TableColumnsType<ContractTerms> {
  return [
    {
      title: 'Min quantity',
      key: 'minQuantity',
      align: 'right',
      render: (_, terms) => <Amount value={terms.minQuantity} currency={terms.symbol} />,
    },
    {
      title: 'Max quantity',
      key: 'maxQuantity',
      align: 'right',
      render: (_, terms) => <Maximum value={terms.maxQuantity} currency={terms.symbol} />,
    },
  ];
}
