import { useState } from 'react';
import type { BillType } from '@vela/contract';
import {
  EMPTY_FILTER,
  toggleType,
  validateFilter,
  type BillFilter,
  type FilterErrors,
} from './bill-filter-logic.ts';
import { BILL_TYPE_LIST } from './bill-lines-logic.ts';

/**
 * The filter being edited in the sheet, starting from the one in use, with the date errors of the
 * last attempt to apply it. Changing a date clears its error; the filter reaches `onApply` only
 * when its dates are valid.
 */
export function useFilterDraft(value: BillFilter, onApply: (filter: BillFilter) => void) {
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<FilterErrors>({});

  return {
    draft,
    errors,
    allTypes: () => setDraft((d) => ({ ...d, types: [] })),
    toggleType: (type: BillType) =>
      setDraft((d) => ({ ...d, types: toggleType(d.types, type, BILL_TYPE_LIST) })),
    chooseCurrency: (vcId: number | null) => setDraft((d) => ({ ...d, vcId })),
    setDate: (field: 'startDate' | 'endDate', date: string) => {
      setDraft((d) => ({ ...d, [field]: date }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    reset: () => {
      setDraft(EMPTY_FILTER);
      setErrors({});
    },
    apply: () => {
      const found = validateFilter(draft);
      setErrors(found);
      if (Object.keys(found).length === 0) onApply(draft);
    },
  };
}
