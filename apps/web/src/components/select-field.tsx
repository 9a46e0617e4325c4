import type { ReactNode } from 'react';
import { DownOutline } from 'antd-mobile-icons';
import { FormField } from './form-field.tsx';
import './payment-methods.css';

/**
 * A labelled field whose value is chosen in a picker popup: it shows the chosen option (or the
 * placeholder) and opens the picker when tapped. The popup itself is rendered by the screen.
 */
export function SelectField(props: {
  name: string;
  label: string;
  placeholder: string;
  /** What the chosen value shows as; null when nothing is chosen. */
  display: ReactNode | null;
  error?: string | undefined;
  disabled?: boolean;
  onOpen(): void;
}) {
  return (
    <FormField name={props.name} label={props.label} error={props.error}>
      <button
        type="button"
        className={`select-field${props.display === null ? ' select-field--empty' : ''}`}
        onClick={props.onOpen}
        disabled={props.disabled}
        data-testid={`select-${props.name}`}
      >
        <span className="select-field__value">{props.display ?? props.placeholder}</span>
        <DownOutline className="select-field__arrow" aria-hidden />
      </button>
    </FormField>
  );
}
