import type { FastifySchemaCompiler } from 'fastify';
import { type z } from 'zod';
import type { MessageKey, MessageParams } from '@vela/i18n';
import type { Messages } from './messages.ts';
import type { LocaleCode } from '@vela/i18n';

/** Carries zod's issues from the validator to the error handler untouched. */
export class BodyValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Body validation failed');
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new BodyValidationError(result.error.issues) };
  };

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Turns zod issues into messages in the caller's language. Schemas use catalogue keys as their
 * messages; anything else (a type mismatch zod reports on its own) becomes a generic "not valid",
 * except a text's length rule, which is always stated with its number. Every message names its
 * field, so "Username: ..." tells the user which input to fix.
 */
export function describeIssues(
  issues: z.core.$ZodIssue[],
  messages: Messages,
  locale: LocaleCode,
): FieldProblem[] {
  return issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const field = issue.keys[0] ?? '';
      return { field, message: messages.t(locale, 'validation.unknownField', { field }) };
    }
    const field = issue.path.map(String).join('.');
    if (field === '') return { field, message: messages.t(locale, 'error.BAD_REQUEST') };
    const reasonKey: MessageKey = messages.has(issue.message) ? issue.message : ownReasonKey(issue);
    const labelKey = `field.${issue.path[issue.path.length - 1]?.toString() ?? field}`;
    const label = messages.has(labelKey) ? messages.t(locale, labelKey) : field;
    const reason = messages.t(locale, reasonKey, ruleParams(issue));
    return { field, message: messages.t(locale, 'validation.fieldInvalid', { field: label, reason }) };
  });
}

/** The reason of an issue whose schema gave no catalogue key: a text's length rule, or "not valid". */
function ownReasonKey(issue: z.core.$ZodIssue): MessageKey {
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) > 1 ? 'validation.minLength' : 'validation.required';
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return 'validation.maxLength';
  return 'validation.invalidValue';
}

/**
 * The numbers of the rule an issue broke, for the messages that state them ("at least
 * {{minimum}} characters"). Messages without these placeholders ignore them.
 */
function ruleParams(issue: z.core.$ZodIssue): MessageParams | undefined {
  if (issue.code === 'too_small') return { minimum: Number(issue.minimum) };
  if (issue.code === 'too_big') return { maximum: Number(issue.maximum) };
  return undefined;
}
