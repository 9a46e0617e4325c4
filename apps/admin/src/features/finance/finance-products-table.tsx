import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminFinanceProduct } from '@vela/contract';
import { Amount } from '../../components/funding.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useFinanceProducts } from './finance-api.ts';
import { Note } from './finance-cells.tsx';
import { percentText, soldOf, termText } from './finance-display-logic.ts';

type Column = TableColumnsType<AdminFinanceProduct>[number];

/** Every finance product, closed ones included, each with a way to its form, and a way to a new one. */
export function FinanceProductsTable({
  onEdit,
  onCreate,
}: {
  onEdit: (product: AdminFinanceProduct) => void;
  onCreate: () => void;
}) {
  const products = useFinanceProducts();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {products.isError ? (
        <QueryError error={products.error} onRetry={() => void products.refetch()} />
      ) : null}
      <Button type="primary" onClick={onCreate} data-testid="finance-product-new">
        New product
      </Button>
      <Table<AdminFinanceProduct>
        rowKey="id"
        size="middle"
        loading={products.isPending}
        dataSource={products.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No finance product yet.' }}
        data-testid="finance-products-table"
        columns={productColumns(onEdit)}
      />
    </Space>
  );
}

function productColumns(
  onEdit: (product: AdminFinanceProduct) => void,
): TableColumnsType<AdminFinanceProduct> {
  return [
    {
      title: 'Coin',
      key: 'coin',
      render: (_, product) => (
        <Typography.Text strong>
          {product.symbol}
          <Typography.Text type="secondary">/{product.settleSymbol}</Typography.Text>
        </Typography.Text>
      ),
    },
    nameColumn,
    yieldColumn,
    { title: 'Term', key: 'term', render: (_, product) => termText(product.cycle, product.cycleType) },
    { title: 'Paid in', dataIndex: 'buySymbol' },
    {
      title: 'Linked price',
      key: 'exchangeRate',
      align: 'right',
      render: (_, product) => <Amount value={product.exchangeRate} currency={product.settleSymbol} />,
    },
    limitsColumn,
    quotaColumn,
    { title: 'Orders', dataIndex: 'orderCount', align: 'right' },
    {
      title: 'Sale',
      dataIndex: 'enabled',
      render: (enabled: boolean) => (enabled ? <Tag color="green">Open</Tag> : <Tag>Closed</Tag>),
    },
    { title: 'Sort', dataIndex: 'sort', align: 'right' },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      render: (_, product) => (
        <Button
          size="small"
          onClick={() => onEdit(product)}
          data-testid={`finance-product-edit-${product.id}`}
        >
          Edit
        </Button>
      ),
    },
  ];
}

/** The default name, with the languages it is translated into counted below it. */
const nameColumn: Column = {
  title: 'Name',
  key: 'name',
  render: (_, product) => {
    const languages = Object.values(product.names).filter((name) => name.trim() !== '').length;
    return (
      <Space direction="vertical" size={0}>
        <span>{product.name}</span>
        <Note>
          {languages} {languages === 1 ? 'language' : 'languages'}
        </Note>
      </Space>
    );
  },
};

/** The annual yield, with the early-redemption fee under it. */
const yieldColumn: Column = {
  title: 'Yield a year',
  key: 'yield',
  align: 'right',
  render: (_, product) => (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{percentText(product.rateStr)}</Typography.Text>
      <Note>early redemption fee {percentText(product.serviceRateStr)}</Note>
    </Space>
  ),
};

const limitsColumn: Column = {
  title: 'Limits',
  key: 'limits',
  align: 'right',
  render: (_, product) => (
    <Space direction="vertical" size={0}>
      <span style={{ whiteSpace: 'nowrap' }}>
        from <Amount value={product.minAmount} currency={product.buySymbol} />
      </span>
      {product.maxAmount === null ? (
        <Note>no maximum but the quota</Note>
      ) : (
        <span style={{ whiteSpace: 'nowrap' }}>
          to <Amount value={product.maxAmount} currency={product.buySymbol} />
        </span>
      )}
    </Space>
  ),
};

/** The quota, what has been sold of it and what remains. */
const quotaColumn: Column = {
  title: 'Quota',
  key: 'quota',
  align: 'right',
  render: (_, product) => (
    <Space direction="vertical" size={0} data-testid={`finance-product-quota-${product.id}`}>
      <Amount value={product.quota} currency={product.buySymbol} />
      <Note>
        sold <Amount value={soldOf(product.quota, product.remaining)} currency={product.buySymbol} />
      </Note>
      <Note>
        remaining <Amount value={product.remaining} currency={product.buySymbol} />
      </Note>
    </Space>
  ),
};
