import type { RegisterValues } from '../../lib/form-rules.ts';

/** The registration form's decisions, kept out of React so they are tested as plain functions. */

/**
 * The invite code a share link carries ("registration link"): `inviteCode`, or `code` as older
 * links name it; none gives an empty field.
 */
export function inviteCodeFromLink(params: URLSearchParams): string {
  return params.get('inviteCode') ?? params.get('code') ?? '';
}

/** The empty form, with the invite code of the link it was opened from. */
export function initialRegisterValues(inviteCode: string): RegisterValues {
  return {
    username: '',
    password: '',
    confirmPassword: '',
    fundPassword: '',
    inviteCode,
    email: '',
    emailCode: '',
  };
}

/**
 * Whether registration is switched off. Until the configuration has loaded nothing is known, and
 * the form stays usable rather than flashing a closed notice.
 */
export function registrationClosed(setting: string | undefined): boolean {
  return setting !== undefined && setting !== 'true';
}
