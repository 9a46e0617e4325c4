import type { FieldSpec } from '../../components/form-inputs.tsx';
import type { LoginValues, RegisterValues } from '../../lib/form-rules.ts';

/** The username every account form starts with: at most 10 characters, offered by the browser. */
const USERNAME = {
  name: 'username',
  kind: 'text',
  label: 'field.username',
  placeholder: 'placeholder.username',
  autoComplete: 'username',
  maxLength: 10,
} as const;

/** The login form's fields before the authenticator's code is asked for. */
export const LOGIN_FIELDS: readonly FieldSpec<LoginValues>[] = [
  USERNAME,
  { name: 'password', kind: 'password', label: 'field.password', placeholder: 'placeholder.password' },
];

/**
 * The username and the three passwords every registration needs; the browser is told they are new
 * passwords, so it offers to generate and save them instead of filling in a saved one.
 */
export const REGISTER_ACCOUNT_FIELDS: readonly FieldSpec<RegisterValues>[] = [
  USERNAME,
  {
    name: 'password',
    kind: 'password',
    label: 'field.loginPassword',
    placeholder: 'placeholder.password',
    autoComplete: 'new-password',
  },
  {
    name: 'confirmPassword',
    kind: 'password',
    label: 'field.confirmPassword',
    placeholder: 'placeholder.confirmPassword',
    autoComplete: 'new-password',
  },
  {
    name: 'fundPassword',
    kind: 'password',
    label: 'field.fundPassword',
    placeholder: 'placeholder.password',
    autoComplete: 'new-password',
  },
];
