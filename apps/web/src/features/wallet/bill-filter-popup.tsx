import { useId } from 'react';
import { Button } from 'antd-mobile';
import type { WalletCurrency } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';
import type { BillFilter } from './bill-filter-logic.ts';
import { CurrencyChips, DateRange, TypeChips } from './bill-filter-sections.tsx';
import { useFilterDraft } from './use-filter-draft.ts';

/** The filter being edited; it mounts when the popup opens, starting from the filter in use. */
function FilterForm({
  value,
  currencies,
  titleId,
  onApply,
}: {
  value: BillFilter;
  currencies: readonly WalletCurrency[];
  titleId: string;
  onApply(filter: BillFilter): void;
}) {
  const t = useT();
  const filter = useFilterDraft(value, onApply);
  const { draft } = filter;

  return (
    <div className="sheet bill-filter" data-testid="bill-filter">
      <div className="sheet__title" id={titleId}>
        {t('bills.filters')}
      </div>
      <TypeChips types={draft.types} onAll={filter.allTypes} onToggle={filter.toggleType} />
      <CurrencyChips currencies={currencies} vcId={draft.vcId} onChoose={filter.chooseCurrency} />
      <DateRange draft={draft} errors={filter.errors} onDate={filter.setDate} />
      <div className="bill-filter__buttons">
        <Button block onClick={filter.reset} data-testid="filter-reset">
          {t('bills.reset')}
        </Button>
        <Button
          block
          color="primary"
          className="bill-filter__apply"
          onClick={filter.apply}
          data-testid="filter-apply"
        >
          {t('bills.apply')}
        </Button>
      </div>
    </div>
  );
}

/** The bills filter sheet: types, currency and a date range; applied only when its dates are valid. */
export function BillFilterPopup({
  open,
  value,
  currencies,
  onApply,
  onClose,
}: {
  open: boolean;
  value: BillFilter;
  currencies: readonly WalletCurrency[];
  onApply(filter: BillFilter): void;
  onClose(): void;
}) {
  const titleId = useId();
  return (
    // Destroyed on closing: the next opening edits the filter in use, not an abandoned draft.
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="bill-filter-popup" destroyOnClose>
      <FilterForm value={value} currencies={currencies} titleId={titleId} onApply={onApply} />
    </Popup>
  );
}
