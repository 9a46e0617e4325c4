import { useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { useOverviewQuery } from '../../system/wallet-api.ts';
import { EMPTY_FILTER, type BillFilter } from './bill-filter-logic.ts';
import { CurrencyChips } from './bill-filter-sections.tsx';
import { BILL_TYPE_TITLES, FINANCE_BILL_TYPES, type FinanceBillType } from './bill-lines-logic.ts';
import { BillList } from './bill-list.tsx';
import { useBills } from './wallet-api.ts';
import './wallet.css';

/** The finance bill types: all three, or one of them. */
function FinanceTypeChips({
  value,
  onChoose,
}: {
  value: FinanceBillType | null;
  onChoose(type: FinanceBillType | null): void;
}) {
  const t = useT();
  const chip = (type: FinanceBillType | null, label: string) => (
    <button
      key={type ?? 'all'}
      type="button"
      className={`bill-chip${value === type ? ' bill-chip--on' : ''}`}
      aria-pressed={value === type}
      onClick={() => onChoose(type)}
      data-testid={`filter-type-${type ?? 'all'}`}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className="bill-filter__label">{t('bills.type')}</div>
      <div className="bill-filter__chips" role="group" aria-label={t('bills.type')}>
        {chip(null, t('bills.all'))}
        {FINANCE_BILL_TYPES.map((type) => chip(type, t(BILL_TYPE_TITLES[type])))}
      </div>
    </>
  );
}

/** The bills request of the finance screen: always the finance types, narrowed to one if chosen. */
export function financeBillFilter(type: FinanceBillType | null, vcId: number | null): BillFilter {
  return { ...EMPTY_FILTER, types: type ? [type] : [...FINANCE_BILL_TYPES], vcId };
}

/**
 * /finance-order-bills: the bills pledge finance wrote (purchases, early redemptions, settlements),
 * newest first, by type and currency, with the bill lines and infinite scroll of /user-bills.
 */
export default function FinanceBillsPage() {
  const [type, setType] = useState<FinanceBillType | null>(null);
  const [vcId, setVcId] = useState<number | null>(null);
  const bills = useBills(financeBillFilter(type, vcId));
  // The currencies offered are the wallet's; the overview is usually cached already.
  const overview = useOverviewQuery();
  return (
    <div className="bills" data-testid="finance-bills-page">
      <div className="bill-filter sheet">
        <FinanceTypeChips value={type} onChoose={setType} />
        <CurrencyChips currencies={overview.data?.currencies ?? []} vcId={vcId} onChoose={setVcId} />
      </div>
      <PullToRefresh onRefresh={() => bills.refetch()}>
        <BillList bills={bills} />
      </PullToRefresh>
    </div>
  );
}
