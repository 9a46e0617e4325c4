import { USER_TYPE_MEMBER, type UserType } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { collect, required, usernameRule, type FieldErrors } from '../../lib/form-rules.ts';
import {
  isAboveCap,
  keptPercent,
  normalizePercent,
  percentToRate,
  percentUnits,
  rateToPercent,
} from './rebate-percent.ts';

/**
 * The add-user form's decisions, kept out of React so they are tested as plain functions. The form
 * holds texts: the user type as "1" or "2", the two rebates as percentages as typed.
 */
export interface AddUserValues {
  userType: string;
  username: string;
  timingPercent: string;
  contractPercent: string;
}

export type RateField = 'timingPercent' | 'contractPercent';

/** What the options call answers that the form needs: the types allowed and the agent's own rates. */
export interface AddUserCaps {
  userTypes: readonly UserType[];
  pointPercentTiming: string;
  pointPercentContract: string;
}

/** The agent's own rate each rebate field is capped at. */
export function capRateOf(field: RateField, caps: AddUserCaps): string {
  return field === 'timingPercent' ? caps.pointPercentTiming : caps.pointPercentContract;
}

/** The user type the form starts with: a member when allowed (the type that can do least), else the only one. */
export function initialUserType(userTypes: readonly UserType[]): string {
  if (userTypes.includes(USER_TYPE_MEMBER)) return String(USER_TYPE_MEMBER);
  return userTypes.length === 1 ? String(userTypes[0]) : '';
}

export function emptyAddUserValues(userTypes: readonly UserType[]): AddUserValues {
  return { userType: initialUserType(userTypes), username: '', timingPercent: '', contractPercent: '' };
}

function rateRule(value: string): MessageKey | null {
  return required(value) ?? (percentUnits(value) === null ? 'validation.rebateRate' : null);
}

/** The form's own rules, each answered with a catalogue key: a type, a username, two percentages. */
export function validateAddUser(values: AddUserValues): FieldErrors<keyof AddUserValues> {
  return collect({
    userType: values.userType === '' ? 'validation.userType' : null,
    username: usernameRule(values.username),
    timingPercent: rateRule(values.timingPercent),
    contractPercent: rateRule(values.contractPercent),
  });
}

/**
 * The rebates above the agent's own, with the cap each must stay within, in percent. The server
 * refuses these with REBATE_ABOVE_OWN; the form says so first, in the server's words.
 */
export function ratesAboveCap(values: AddUserValues, caps: AddUserCaps): { field: RateField; max: string }[] {
  const fields: RateField[] = ['timingPercent', 'contractPercent'];
  return fields
    .filter((field) => isAboveCap(values[field], capRateOf(field, caps)))
    .map((field) => ({ field, max: rateToPercent(capRateOf(field, caps)) }));
}

/** One rebate of the confirmation: the new user's rate, the agent's own and what the agent keeps. */
export interface RateComparison {
  field: RateField;
  memberPercent: string;
  ownPercent: string;
  keptPercent: string;
}

/** The two rebates side by side with the agent's, for the confirmation before the user is added. */
export function rateComparisons(values: AddUserValues, caps: AddUserCaps): RateComparison[] {
  return (['timingPercent', 'contractPercent'] as const).map((field) => {
    const ownRate = capRateOf(field, caps);
    return {
      field,
      // Shown as it will be stored: "1.50" typed reads "1.5".
      memberPercent: normalizePercent(values[field]) ?? values[field].trim(),
      ownPercent: rateToPercent(ownRate),
      keptPercent: keptPercent(ownRate, values[field]),
    };
  });
}

/** The request of /user/add for valid values: the type as its number, the rates as fractions. */
export function addUserRequest(values: AddUserValues) {
  return {
    userType: Number(values.userType) as UserType,
    username: values.username.trim(),
    pointPercentTiming: percentToRate(values.timingPercent) ?? '',
    pointPercentContract: percentToRate(values.contractPercent) ?? '',
  };
}
