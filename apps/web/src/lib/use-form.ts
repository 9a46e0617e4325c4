import { useState, type FormEvent } from 'react';
import { errorMessage } from './api-client.ts';
import { toastError } from './feedback.tsx';
import { fieldErrorText, type FieldErrors } from './form-rules.ts';
import type { MessageKey } from '@vela/i18n';
import { useT } from './i18n.ts';
import { serverFieldError } from './server-errors.ts';

/** Form values are the texts of the inputs, by field name. */
export type StringFields<V> = { [K in keyof V]: string };

export interface FormApi<V extends StringFields<V>> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  /** An input's change handler: stores the value and clears that field's error. */
  set(field: keyof V & string): (value: string) => void;
  /** A form's submit handler: validates, shows errors, and calls `send` only with valid values. */
  submit(send: (values: V) => void): (event: FormEvent) => void;
  /** Shows a server failure under its field when the form has that field, else as a toast. */
  showError(error: unknown): void;
  setFieldError(field: keyof V & string, message: string): void;
}

/**
 * The one way forms hold their state: values, translated errors from the pure validator, and server
 * errors placed next to the input they concern (`serverFields` maps wire names to form fields).
 * `labels` are the label keys of the fields, so an empty one reads "<label> is required".
 */
export function useForm<V extends StringFields<V>>(options: {
  initial: V;
  validate(values: V): FieldErrors<keyof V & string>;
  serverFields: Partial<Record<string, keyof V & string>>;
  labels?: Partial<Record<keyof V & string, MessageKey>>;
}): FormApi<V> {
  const t = useT();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const setFieldError = (field: keyof V & string, message: string) =>
    setErrors((e) => ({ ...e, [field]: message }));

  return {
    values,
    errors,
    setFieldError,
    set: (field) => (value) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    submit: (send) => (event) => {
      event.preventDefault();
      const found = options.validate(values);
      const entries = Object.entries(found) as [
        keyof V & string,
        NonNullable<(typeof found)[keyof V & string]>,
      ][];
      setErrors(
        Object.fromEntries(
          entries.map(([field, key]) => [field, fieldErrorText(key, options.labels?.[field], t)]),
        ) as Partial<Record<keyof V, string>>,
      );
      if (entries.length === 0) send(values);
    },
    showError: (error) => {
      const fieldError = serverFieldError<keyof V & string>(error, options.serverFields);
      if (fieldError) setFieldError(fieldError.field, fieldError.message);
      else toastError(errorMessage(error));
    },
  };
}
