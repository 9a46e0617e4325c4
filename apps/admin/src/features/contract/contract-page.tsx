import { useState } from 'react';
import { Card, Tabs } from 'antd';
import type { ContractTerms } from '@vela/contract';
import { UserDetailDrawer } from '../../components/user-detail-drawer.tsx';
import { useContractTerms } from './contract-api.ts';
import { ContractTermsModal } from './contract-terms-modal.tsx';
import { ContractTermsTable } from './contract-terms-table.tsx';
import { ForcedLog } from './forced-log.tsx';
import { RiskLevelsPanel } from './risk-levels-form.tsx';
import { RiskPanel } from './risk-panel.tsx';

type ContractTab = 'terms' | 'levels' | 'risk' | 'forced';

/**
 * Contract trading: every coin's terms, the risk levels, the accounts at risk and the forced-close
 * log, one tab each. A tab once opened stays drawn, so coming back to it keeps its place; only the
 * risk view reads the server on its own, and only while its tab is the one shown.
 */
export default function ContractPage() {
  const [tab, setTab] = useState<ContractTab>('terms');
  const [editing, setEditing] = useState<ContractTerms | null>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const settleSymbol = useSettleSymbol();
  const items = [
    { key: 'terms', label: 'Terms', children: <ContractTermsTable onEdit={setEditing} /> },
    { key: 'levels', label: 'Risk levels', children: <RiskLevelsPanel /> },
    {
      key: 'risk',
      label: 'Risk',
      children: <RiskPanel active={tab === 'risk'} onOpenUser={setOpenUserId} />,
    },
    {
      key: 'forced',
      label: 'Forced closes',
      children: <ForcedLog currency={settleSymbol} onOpenUser={setOpenUserId} />,
    },
  ];
  return (
    <Card>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as ContractTab)} items={items} />
      <ContractTermsModal terms={editing} onClose={() => setEditing(null)} />
      <UserDetailDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </Card>
  );
}

/**
 * The coin every contract settles in, for the forced-close log, whose rows do not name it: the
 * terms list names it per coin, and all coins settle in the same one.
 */
function useSettleSymbol(): string {
  const terms = useContractTerms();
  return terms.data?.list[0]?.settleSymbol ?? '';
}
