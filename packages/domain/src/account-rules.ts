/**
 * Account rules (docs/product.md, "Accounts"), shared by the forms and the server so that both
 * refuse exactly the same input.
 */

/** 2 to 10 letters and digits, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{1,9}$/;
/** Invite codes and Google authenticator codes are six digits. */
export const INVITE_CODE_PATTERN = /^\d{6}$/;
export const GOOGLE_CODE_PATTERN = /^\d{6}$/;
/** Email verification codes are six digits too. */
export const EMAIL_CODE_PATTERN = /^\d{6}$/;
/**
 * Plain passwords never leave the device: the client sends the pre-hash (64 hex characters). The
 * length rule below applies to what the user types, before hashing.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
export const PRE_HASHED_PASSWORD_PATTERN = /^[0-9a-f]{64}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * A nickname: 2 to 16 characters of any script (letters, marks, digits, spaces, "_", "-" and "."),
 * starting and ending with a letter or digit. Nothing that could pass for markup, and no control or
 * invisible characters, since other users see it (team lists, reports).
 */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N} _.-]{0,14}[\p{L}\p{M}\p{N}])?$/u;
export const NICKNAME_MIN_LENGTH = 2;

export function isValidNickname(value: string): boolean {
  return [...value].length >= NICKNAME_MIN_LENGTH && NICKNAME_PATTERN.test(value);
}

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

export function isValidPlainPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;
}
