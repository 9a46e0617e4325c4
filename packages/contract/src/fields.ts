import { z } from 'zod';
import {
  EMAIL_CODE_PATTERN,
  EMAIL_PATTERN,
  GOOGLE_CODE_PATTERN,
  INVITE_CODE_PATTERN,
  isValidNickname,
  PRE_HASHED_PASSWORD_PATTERN,
  USERNAME_PATTERN,
} from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { LOCALE_CODES } from '@vela/i18n';

/**
 * Field schemas reused across endpoints. Their error messages are catalogue keys; the server
 * translates them into the caller's language and names the field in the answer.
 *
 * A length rule is always stated with its number, whatever key the schema names: a text shorter
 * than a minimum above one character answers `validation.minLength` ("at least 5 characters") and a
 * text over its maximum `validation.maxLength`. A single key per field would otherwise answer "This
 * field is required" to a one-character reason that must have five, hiding the rule to meet. The
 * server fills the numbers from the issue (`minimum`, `maximum`). A minimum of one keeps the
 * schema's key: an empty text is a missing one.
 */
export const msg = (key: MessageKey) => ({
  error: (issue: z.core.$ZodRawIssue): MessageKey => lengthRuleKey(issue) ?? key,
});

function lengthRuleKey(issue: z.core.$ZodRawIssue): MessageKey | undefined {
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) > 1) {
    return 'validation.minLength';
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return 'validation.maxLength';
  return undefined;
}

export const usernameField = z
  .string(msg('validation.required'))
  .trim()
  .regex(USERNAME_PATTERN, msg('validation.username'));
export const nicknameField = z
  .string(msg('validation.required'))
  .trim()
  .refine(isValidNickname, msg('validation.nickname'));
export const preHashedPasswordField = z
  .string(msg('validation.required'))
  .regex(PRE_HASHED_PASSWORD_PATTERN, msg('validation.preHashedPassword'));
export const inviteCodeField = z
  .string(msg('validation.required'))
  .trim()
  .regex(INVITE_CODE_PATTERN, msg('validation.inviteCode'));
export const googleCodeField = z
  .string(msg('validation.required'))
  .trim()
  .regex(GOOGLE_CODE_PATTERN, msg('validation.googleCode'));
export const emailField = z
  .string(msg('validation.required'))
  .trim()
  .toLowerCase()
  .max(254, msg('validation.email'))
  .regex(EMAIL_PATTERN, msg('validation.email'));
export const emailCodeField = z
  .string(msg('validation.required'))
  .trim()
  .regex(EMAIL_CODE_PATTERN, msg('validation.emailCode'));
export const localeField = z.enum(LOCALE_CODES, msg('validation.languageCode'));
export const pageNumField = z
  .number(msg('validation.pageNum'))
  .int(msg('validation.pageNum'))
  .min(1, msg('validation.pageNum'))
  .max(100_000, msg('validation.pageNum'))
  .default(1);
export const pageSizeField = z
  .number(msg('validation.pageSize'))
  .int(msg('validation.pageSize'))
  .min(1, msg('validation.pageSize'))
  .max(100, msg('validation.pageSize'))
  .default(20);

export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  });
}
