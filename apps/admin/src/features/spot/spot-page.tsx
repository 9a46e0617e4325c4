import { useState } from 'react';
import { Card, Space } from 'antd';
import type { SpotTerms } from '@vela/contract';
import { SpotTermsModal } from './spot-terms-modal.tsx';
import { SpotTermsTable } from './spot-terms-table.tsx';
import { UserOrdersLookup } from './user-orders-lookup.tsx';

/** Spot trading: every coin's terms, editable one coin at a time, and any user's orders by id. */
export default function SpotPage() {
  const [editing, setEditing] = useState<SpotTerms | null>(null);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Spot terms">
        <SpotTermsTable onEdit={setEditing} />
      </Card>
      <Card title="A user's spot orders">
        <UserOrdersLookup />
      </Card>
      <SpotTermsModal terms={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}
