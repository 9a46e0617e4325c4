import {
  GOOGLE_CODE_PATTERN,
  INVITE_CODE_PATTERN,
  EMAIL_CODE_PATTERN,
  EMAIL_PATTERN,
  isValidPlainPassword,
  isValidUsername,
} from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import type { TFunction } from './i18n.ts';

/**
 * Form validation as pure functions: values in, errors out (a catalogue key per field). Screens only
 * display the result, so every rule is tested without a browser.
 */
export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

/**
 * An empty field. Every rule checks this first and answers `validation.required`, so an empty field
 * is never reported as malformed ("enter a valid ..."); the rule's own key means the value is there
 * but wrong.
 */
export function required(value: string): MessageKey | null {
  return value.trim() === '' ? 'validation.required' : null;
}

/**
 * The text of a field's error. An empty field reads "<label> is required" when the form knows the
 * field's label, so the user learns which field is missing; every other key is translated as it is.
 */
export function fieldErrorText(key: MessageKey, label: MessageKey | undefined, t: TFunction): string {
  if (key === 'validation.required' && label) return t('validation.fieldRequired', { field: t(label) });
  return t(key);
}

export function passwordRule(value: string): MessageKey | null {
  return required(value) ?? (isValidPlainPassword(value) ? null : 'validation.password');
}

export function usernameRule(value: string): MessageKey | null {
  return required(value) ?? (isValidUsername(value.trim()) ? null : 'validation.username');
}

export function googleCodeRule(value: string): MessageKey | null {
  return required(value) ?? (GOOGLE_CODE_PATTERN.test(value.trim()) ? null : 'validation.googleCode');
}

export function inviteCodeRule(value: string): MessageKey | null {
  return required(value) ?? (INVITE_CODE_PATTERN.test(value.trim()) ? null : 'validation.inviteCode');
}

export function emailRule(value: string): MessageKey | null {
  return required(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'validation.email');
}

export function emailCodeRule(value: string): MessageKey | null {
  return required(value) ?? (EMAIL_CODE_PATTERN.test(value.trim()) ? null : 'validation.emailCode');
}

/** Collects the first error of each field; an empty object means the form is valid. */
export function collect<F extends string>(checks: Record<F, MessageKey | null>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, error] of Object.entries(checks) as [F, MessageKey | null][]) {
    if (error) errors[field] = error;
  }
  return errors;
}

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  fundPassword: string;
  inviteCode: string;
  email: string;
  emailCode: string;
}

export function validateRegister(
  values: RegisterValues,
  options: { emailRequired: boolean },
): FieldErrors<keyof RegisterValues> {
  const confirm =
    required(values.confirmPassword) ??
    (values.confirmPassword === values.password ? null : 'validation.loginPasswordsMismatch');
  return collect<keyof RegisterValues>({
    username: usernameRule(values.username),
    password: passwordRule(values.password),
    confirmPassword: confirm,
    fundPassword: passwordRule(values.fundPassword),
    inviteCode: inviteCodeRule(values.inviteCode),
    email: options.emailRequired ? emailRule(values.email) : null,
    emailCode: options.emailRequired ? emailCodeRule(values.emailCode) : null,
  });
}

export interface LoginValues {
  username: string;
  password: string;
  googleCode: string;
}

export function validateLogin(
  values: LoginValues,
  options: { googleRequired: boolean },
): FieldErrors<keyof LoginValues> {
  return collect<keyof LoginValues>({
    username: required(values.username),
    password: required(values.password),
    googleCode: options.googleRequired ? googleCodeRule(values.googleCode) : null,
  });
}

export interface PasswordChangeValues {
  oldPwd: string;
  newPwd: string;
  prePwd: string;
}

/** Login and fund password edits: all three required, new and confirm must match. */
export function validatePasswordChange(
  values: PasswordChangeValues,
): FieldErrors<keyof PasswordChangeValues> {
  return collect<keyof PasswordChangeValues>({
    oldPwd: required(values.oldPwd),
    newPwd: passwordRule(values.newPwd),
    prePwd:
      required(values.prePwd) ?? (values.prePwd === values.newPwd ? null : 'validation.passwordsMismatch'),
  });
}

export interface BindFundValues {
  password: string;
  passwordPre: string;
}

/** Bind fund password: both required and equal. */
export function validateBindFund(values: BindFundValues): FieldErrors<keyof BindFundValues> {
  return collect<keyof BindFundValues>({
    password: passwordRule(values.password),
    passwordPre:
      required(values.passwordPre) ??
      (values.passwordPre === values.password ? null : 'validation.passwordsMismatch'),
  });
}

export interface BindGoogleValues {
  password: string;
  code: string;
}

/** Bind Google: the login password and a 6-digit code are required. */
export function validateBindGoogle(values: BindGoogleValues): FieldErrors<keyof BindGoogleValues> {
  return collect<keyof BindGoogleValues>({
    password: required(values.password),
    code: googleCodeRule(values.code),
  });
}
