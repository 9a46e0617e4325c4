import { useId, useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import type { WalletCurrency } from '@vela/contract';
import { FormField } from '../../components/form-field.tsx';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';
import {
  EMPTY_FILTER,
  todayValue,
  toggleType,
  validateFilter,
  type BillFilter,
  type FilterErrors,
} from './bill-filter.ts';
import { BILL_TYPE_LIST, BILL_TYPE_TITLES } from './bill-lines.ts';

function Chip({
  on,
  onClick,
  testId,
  children,
}: {
  on: boolean;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`bill-chip${on ? ' bill-chip--on' : ''}`}
      aria-pressed={on}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

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
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<FilterErrors>({});
  const today = todayValue();

  const setDate = (field: 'startDate' | 'endDate') => (date: string) => {
    setDraft((d) => ({ ...d, [field]: date }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const apply = () => {
    const found = validateFilter(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  };

  return (
    <div className="sheet bill-filter" data-testid="bill-filter">
      <div className="sheet__title" id={titleId}>
        {t('bills.filters')}
      </div>

      <div className="bill-filter__label">{t('bills.type')}</div>
      <div className="bill-filter__chips" role="group" aria-label={t('bills.type')}>
        <Chip
          on={draft.types.length === 0}
          onClick={() => setDraft((d) => ({ ...d, types: [] }))}
          testId="filter-type-all"
        >
          {t('bills.all')}
        </Chip>
        {BILL_TYPE_LIST.map((type) => (
          <Chip
            key={type}
            on={draft.types.includes(type)}
            onClick={() => setDraft((d) => ({ ...d, types: toggleType(d.types, type, BILL_TYPE_LIST) }))}
            testId={`filter-type-${type}`}
          >
            {t(BILL_TYPE_TITLES[type])}
          </Chip>
        ))}
      </div>

      <div className="bill-filter__label">{t('wallet.currency')}</div>
      <div className="bill-filter__chips" role="group" aria-label={t('wallet.currency')}>
        <Chip
          on={draft.vcId === null}
          onClick={() => setDraft((d) => ({ ...d, vcId: null }))}
          testId="filter-currency-all"
        >
          {t('bills.all')}
        </Chip>
        {currencies.map((currency) => (
          <Chip
            key={currency.vcId}
            on={draft.vcId === currency.vcId}
            onClick={() => setDraft((d) => ({ ...d, vcId: currency.vcId }))}
            testId={`filter-currency-${currency.symbol}`}
          >
            {currency.symbol}
          </Chip>
        ))}
      </div>

      <div className="bill-filter__dates">
        <FormField
          name="startDate"
          label={t('bills.startDate')}
          error={errors.startDate && t(errors.startDate)}
        >
          <input
            type="date"
            name="startDate"
            className="bill-filter__date num"
            value={draft.startDate}
            max={today}
            onChange={(event) => setDate('startDate')(event.target.value)}
          />
        </FormField>
        <FormField name="endDate" label={t('bills.endDate')} error={errors.endDate && t(errors.endDate)}>
          <input
            type="date"
            name="endDate"
            className="bill-filter__date num"
            value={draft.endDate}
            max={today}
            onChange={(event) => setDate('endDate')(event.target.value)}
          />
        </FormField>
      </div>

      <div className="bill-filter__buttons">
        <Button
          block
          onClick={() => {
            setDraft(EMPTY_FILTER);
            setErrors({});
          }}
          data-testid="filter-reset"
        >
          {t('bills.reset')}
        </Button>
        <Button
          block
          color="primary"
          className="bill-filter__apply"
          onClick={apply}
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
