import { useState } from 'react';
import { FilterOutline } from 'antd-mobile-icons';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { BillFilterPopup } from './bill-filter-popup.tsx';
import { EMPTY_FILTER, filterSummary, isFiltered, type BillFilter } from './bill-filter-logic.ts';
import { BillList } from './bill-list.tsx';
import { useOverviewQuery } from '../../system/wallet-api.ts';
import { useBills } from './wallet-api.ts';
import './wallet.css';

/** What the list is narrowed to, and the button that opens the filters. */
function BillsBar({
  summary,
  filtered,
  onFilter,
}: {
  summary: string[];
  filtered: boolean;
  onFilter(): void;
}) {
  const t = useT();
  return (
    <div className="bills__bar">
      <div className="bills__summary" data-testid="bills-summary">
        {summary.length > 0 ? (
          summary.map((text) => (
            <span key={text} className="bill-chip bill-chip--on bill-chip--static">
              {text}
            </span>
          ))
        ) : (
          <span className="muted">{t('bills.all')}</span>
        )}
      </div>
      <button
        type="button"
        className={`bills__filter${filtered ? ' bills__filter--on' : ''}`}
        onClick={onFilter}
        data-testid="bills-filter-open"
      >
        <FilterOutline aria-hidden />
        <span>{t('bills.filters')}</span>
      </button>
    </div>
  );
}

/**
 * /user-bills: every posting of the user's own accounts, newest first, filtered by type, currency
 * and days, one keyset page after another as the list scrolls.
 */
export default function BillsPage() {
  const t = useT();
  const [filter, setFilter] = useState<BillFilter>(EMPTY_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const bills = useBills(filter);
  // The currencies the filter offers are the wallet's; the overview is usually cached already.
  const overview = useOverviewQuery();
  const currencies = overview.data?.currencies ?? [];

  return (
    <div className="bills">
      <BillsBar
        summary={filterSummary(filter, currencies, t)}
        filtered={isFiltered(filter)}
        onFilter={() => setFilterOpen(true)}
      />
      <PullToRefresh onRefresh={() => bills.refetch()}>
        <BillList bills={bills} />
      </PullToRefresh>
      <BillFilterPopup
        open={filterOpen}
        value={filter}
        currencies={currencies}
        onApply={(next) => {
          setFilter(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
    </div>
  );
}
