import { Button, Input } from 'antd-mobile';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../lib/i18n.ts';
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

/**
 * One input of a form described as data: which kind of field, the form field it binds to, and the
 * message keys of its label and placeholder. Screens list their plain fields this way and render
 * them with `FormFields`, so the same labelled inputs are not spelled out again on every screen.
 */
export type FieldSpec<V> = {
  name: keyof V & string;
  label: MessageKey;
  placeholder?: MessageKey;
  autoComplete?: string;
} & ({ kind: 'text'; maxLength?: number; type?: string } | { kind: 'password' } | { kind: 'code' });

/** The label keys of `fields` by name, for a form's "<label> is required" messages. */
export function labelsOf<V>(fields: readonly FieldSpec<V>[]): Partial<Record<keyof V & string, MessageKey>> {
  return Object.fromEntries(fields.map((field) => [field.name, field.label])) as Partial<
    Record<keyof V & string, MessageKey>
  >;
}

/** The fields of `fields`, in order, each bound to `form`, with translated labels and placeholders. */
export function FormFields<V extends StringFields<V>>({
  form,
  fields,
}: {
  form: FormApi<V>;
  fields: readonly FieldSpec<V>[];
}) {
  const t = useT();
  return (
    <>
      {fields.map((field) => {
        const common = {
          form,
          name: field.name,
          label: t(field.label),
          placeholder: field.placeholder ? t(field.placeholder) : undefined,
          autoComplete: field.autoComplete,
        };
        if (field.kind === 'password') return <PasswordField key={field.name} {...common} />;
        if (field.kind === 'code') return <CodeField key={field.name} {...common} />;
        return <TextField key={field.name} {...common} maxLength={field.maxLength} type={field.type} />;
      })}
    </>
  );
}
