import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n.ts';
import { useForm, type FormApi, type StringFields } from '../../lib/use-form.ts';
import { showErrors } from './form-errors-logic.ts';
import { hasErrors, type FundingErrors } from './funding-logic.ts';

export interface FundingForm<V extends StringFields<V>> {
  form: FormApi<V>;
  /** True while the confirmation sheet is open. */
  confirming: boolean;
  closeConfirm(): void;
  /**
   * The form's submit handler: checks the values with `validate`, shows what failed under its field,
   * and opens the confirmation sheet when nothing did. Does nothing while a request is in flight.
   */
  review(validate: (values: V) => FundingErrors<keyof V & string>, busy: boolean): (event: FormEvent) => void;
}

/**
 * The state both funding forms hold: the values, the errors under each field (server errors too,
 * by the field of the same name), and whether the confirmation sheet is open.
 */
export function useFundingForm<V extends StringFields<V>>(empty: V): FundingForm<V> {
  const t = useT();
  const fields = Object.keys(empty) as (keyof V & string)[];
  const [confirming, setConfirming] = useState(false);
  const form = useForm<V>({
    initial: empty,
    // The rules carry values ("at most 2 decimals", "Min 10, Max 50,000"), so they run through
    // `showErrors` in `review` rather than through the form's own validation.
    validate: () => ({}),
    serverFields: Object.fromEntries(fields.map((field) => [field, field])),
  });
  return {
    form,
    confirming,
    closeConfirm: () => setConfirming(false),
    review: (validate, busy) => (event) => {
      event.preventDefault();
      if (busy) return;
      const errors = validate(form.values);
      showErrors(form, fields, errors, t);
      if (!hasErrors(errors)) setConfirming(true);
    },
  };
}
