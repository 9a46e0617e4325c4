import type { ReactNode } from 'react';
import type { BillType, WalletCurrency } from '@vela/contract';
import { FormField } from '../../components/form-field.tsx';
import { ToggleChip } from '../../components/toggle-chip.tsx';
import { useT } from '../../lib/i18n.ts';
import { todayValue, type BillFilter, type FilterErrors } from './bill-filter-logic.ts';
import { BILL_TYPE_LIST, BILL_TYPE_TITLES } from './bill-lines-logic.ts';

function Chip(props: { on: boolean; onClick(): void; testId: string; children: ReactNode }) {
  return <ToggleChip {...props} className="bill-chip" />;
}

/** The bill types: "all", or any of them. */
export function TypeChips({
  types,
  onAll,
  onToggle,
}: {
  types: readonly BillType[];
  onAll(): void;
  onToggle(type: BillType): void;
}) {
  const t = useT();
  return (
    <>
      <div className="bill-filter__label">{t('bills.type')}</div>
      <div className="bill-filter__chips" role="group" aria-label={t('bills.type')}>
        <Chip on={types.length === 0} onClick={onAll} testId="filter-type-all">
          {t('bills.all')}
        </Chip>
        {BILL_TYPE_LIST.map((type) => (
          <Chip
            key={type}
            on={types.includes(type)}
            onClick={() => onToggle(type)}
            testId={`filter-type-${type}`}
          >
            {t(BILL_TYPE_TITLES[type])}
          </Chip>
        ))}
      </div>
    </>
  );
}

/** The wallet's currencies: "all", or one of them. */
export function CurrencyChips({
  currencies,
  vcId,
  onChoose,
}: {
  currencies: readonly WalletCurrency[];
  vcId: number | null;
  onChoose(vcId: number | null): void;
}) {
  const t = useT();
  return (
    <>
      <div className="bill-filter__label">{t('wallet.currency')}</div>
      <div className="bill-filter__chips" role="group" aria-label={t('wallet.currency')}>
        <Chip on={vcId === null} onClick={() => onChoose(null)} testId="filter-currency-all">
          {t('bills.all')}
        </Chip>
        {currencies.map((currency) => (
          <Chip
            key={currency.vcId}
            on={vcId === currency.vcId}
            onClick={() => onChoose(currency.vcId)}
            testId={`filter-currency-${currency.symbol}`}
          >
            {currency.symbol}
          </Chip>
        ))}
      </div>
    </>
  );
}

/** The first and the last day, neither after today, each with its error. */
export function DateRange({
  draft,
  errors,
  onDate,
}: {
  draft: BillFilter;
  errors: FilterErrors;
  onDate(field: 'startDate' | 'endDate', date: string): void;
}) {
  const t = useT();
  const today = todayValue();
  return (
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
          onChange={(event) => onDate('startDate', event.target.value)}
        />
      </FormField>
      <FormField name="endDate" label={t('bills.endDate')} error={errors.endDate && t(errors.endDate)}>
        <input
          type="date"
          name="endDate"
          className="bill-filter__date num"
          value={draft.endDate}
          max={today}
          onChange={(event) => onDate('endDate', event.target.value)}
        />
      </FormField>
    </div>
  );
}
