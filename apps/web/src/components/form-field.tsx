import { useState, type ReactNode } from 'react';
import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import './form-field.css';

/** A labelled input with its error line underneath; errors are announced to screen readers. */
export function FormField(props: {
  label: string;
  error?: string | null | undefined;
  children: ReactNode;
  extra?: ReactNode;
  name: string;
}) {
  return (
    <div className={`form-field${props.error ? ' form-field--error' : ''}`} data-field={props.name}>
      <label className="form-field__label">{props.label}</label>
      <div className="form-field__control">
        {props.children}
        {props.extra ? <div className="form-field__extra">{props.extra}</div> : null}
      </div>
      {props.error ? (
        <div className="form-field__error" role="alert" data-testid={`error-${props.name}`}>
          {props.error}
        </div>
      ) : null}
    </div>
  );
}

/** Password input with a show/hide toggle. */
export function PasswordInput(props: {
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  name: string;
  autoComplete?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <Input
        type={visible ? 'text' : 'password'}
        value={props.value}
        onChange={props.onChange}
        placeholder={props.placeholder}
        name={props.name}
        autoComplete={props.autoComplete ?? 'current-password'}
        maxLength={32}
        clearable
      />
      <button
        type="button"
        className="password-input__eye"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'hide' : 'show'}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
