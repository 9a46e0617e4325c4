import type { TFunction } from '../../lib/i18n.ts';
import type { FormApi, StringFields } from '../../lib/use-form.ts';
import type { FieldMessage, FundingErrors } from './funding-logic.ts';

/** A rule's message in the current language; the range hint is translated first and put inside. */
export function messageText(message: FieldMessage, t: TFunction): string {
  const params = { ...message.params };
  if (message.range) params.range = t(message.range.key, message.range.params);
  return t(message.key, params);
}

/**
 * Shows the result of a funding rule set on a form: each field gets its message, or none (an empty
 * text) when it passed. `useForm`'s own validation takes bare keys, and these rules carry values
 * ("at most 2 decimals", "Min 10, Max 50,000"), so the funding forms validate through here.
 */
export function showErrors<V extends StringFields<V>>(
  form: FormApi<V>,
  fields: readonly (keyof V & string)[],
  errors: FundingErrors<keyof V & string>,
  t: TFunction,
): void {
  for (const field of fields) {
    const message = errors[field];
    form.setFieldError(field, message ? messageText(message, t) : '');
  }
}
