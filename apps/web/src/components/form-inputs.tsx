import { Button, Input } from 'antd-mobile';
import type { FormApi, StringFields } from '../lib/use-form.ts';
import { FormField, PasswordInput } from './form-field.tsx';

interface FieldProps<V extends StringFields<V>> {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  placeholder?: string;
  autoComplete?: string;
}

/** A labelled password input bound to a form field. */
export function PasswordField<V extends StringFields<V>>({
  form,
  name,
  label,
  placeholder,
  autoComplete,
}: FieldProps<V>) {
  return (
    <FormField name={name} label={label} error={form.errors[name]}>
      <PasswordInput
        name={name}
        value={form.values[name] ?? ''}
        onChange={form.set(name)}
        placeholder={placeholder}
        autoComplete={autoComplete}
      />
    </FormField>
  );
}

/** A labelled 6-digit code input (Google, invite, email codes) bound to a form field. */
export function CodeField<V extends StringFields<V>>({
  form,
  name,
  label,
  placeholder,
  autoComplete,
  extra,
}: FieldProps<V> & { extra?: React.ReactNode }) {
  return (
    <FormField name={name} label={label} error={form.errors[name]} extra={extra}>
      <Input
        name={name}
        value={form.values[name] ?? ''}
        onChange={form.set(name)}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={6}
      />
    </FormField>
  );
}

/** A labelled plain text input bound to a form field. */
export function TextField<V extends StringFields<V>>({
  form,
  name,
  label,
  placeholder,
  autoComplete,
  maxLength,
  type,
}: FieldProps<V> & { maxLength?: number; type?: string }) {
  return (
    <FormField name={name} label={label} error={form.errors[name]}>
      <Input
        name={name}
        type={type}
        value={form.values[name] ?? ''}
        onChange={form.set(name)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        clearable
      />
    </FormField>
  );
}

/** The full-width primary submit button every form ends with. */
export function SubmitButton({
  loading,
  testId,
  disabled,
  children,
}: {
  loading: boolean;
  testId: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      size="large"
      className="primary-button"
      loading={loading}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
