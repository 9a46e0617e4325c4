import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { UserDetailDrawer } from '../../components/user-detail-drawer.tsx';
import { useFinanceProducts } from './finance-api.ts';
import { FinanceOrdersPanel } from './finance-orders.tsx';
import { FinanceProductModal, type ProductEditing } from './finance-product-modal.tsx';
import { FinanceProductsTable } from './finance-products-table.tsx';
import { FinanceSettlements } from './finance-settlements.tsx';

type FinanceTab = 'products' | 'orders' | 'settlements';

/**
 * Pledge finance: the products with their form, the orders (holding by end instant, and the
 * history) and the settlement log, one tab each. A tab once opened stays drawn, so coming back to
 * it keeps its place.
 */
export default function FinancePage() {
  const [tab, setTab] = useState<FinanceTab>('products');
  const [editing, setEditing] = useState<ProductEditing>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const settleSymbol = useSettleSymbol();
  const items = [
    {
      key: 'products',
      label: 'Products',
      children: (
        <FinanceProductsTable
          onEdit={(product) => setEditing({ product })}
          onCreate={() => setEditing({ product: null })}
        />
      ),
    },
    { key: 'orders', label: 'Orders', children: <FinanceOrdersPanel onOpenUser={setOpenUserId} /> },
    {
      key: 'settlements',
      label: 'Settlements',
      children: <FinanceSettlements settleSymbol={settleSymbol} />,
    },
  ];
  return (
    <Card>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as FinanceTab)} items={items} />
      <FinanceProductModal editing={editing} settleSymbol={settleSymbol} onClose={() => setEditing(null)} />
      <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </Card>
  );
}

/** The settlement coin, which every product settles against: USDT, as the products name it. */
function useSettleSymbol(): string {
  const products = useFinanceProducts();
  return products.data?.[0]?.settleSymbol ?? 'USDT';
}
