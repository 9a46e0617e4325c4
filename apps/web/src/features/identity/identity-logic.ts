import type { CertType, RealNameStatus } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { credentialBody } from '../../components/credential-fields.tsx';
import type { FieldSpec } from '../../components/form-inputs.tsx';
import { collect, googleCodeRule, required, type FieldErrors } from '../../lib/form-rules.ts';

/**
 * The documents a user can verify with, in the order offered. Listed here rather than imported
 * from the contract at run time, which would bring zod into the page; the check below makes the
 * type checker fail if the contract's CERT_TYPES gain a document this list lacks.
 */
export const CERT_TYPE_OPTIONS = [
  'ID_CARD',
  'PASSPORT',
  'DRIVING_LICENCE',
  'RESIDENCE_PERMIT',
] as const satisfies readonly CertType[];
const everyCertTypeOffered: Exclude<CertType, (typeof CERT_TYPE_OPTIONS)[number]> extends never
  ? true
  : never = true;
void everyCertTypeOffered;

export const CERT_TYPE_LABEL: Record<CertType, MessageKey> = {
  ID_CARD: 'payment.certType.ID_CARD',
  PASSPORT: 'payment.certType.PASSPORT',
  DRIVING_LICENCE: 'payment.certType.DRIVING_LICENCE',
  RESIDENCE_PERMIT: 'payment.certType.RESIDENCE_PERMIT',
};

export interface IdentityValues {
  certType: string;
  name: string;
  certNumber: string;
  /** Upload ids of the three photos, as text; '' until uploaded. */
  frontImageId: string;
  backImageId: string;
  handheldImageId: string;
  fundPwd: string;
  googleCode: string;
}

/** Certificate type, the three photos, name, number and fund password are all required. */
export function validateIdentity(
  values: IdentityValues,
  options: { googleBound: boolean },
): FieldErrors<keyof IdentityValues> {
  return collect<keyof IdentityValues>({
    certType: values.certType ? null : 'validation.certType',
    name: required(values.name),
    certNumber: required(values.certNumber),
    frontImageId: values.frontImageId ? null : 'validation.image',
    backImageId: values.backImageId ? null : 'validation.image',
    handheldImageId: values.handheldImageId ? null : 'validation.image',
    fundPwd: required(values.fundPwd),
    googleCode: options.googleBound ? googleCodeRule(values.googleCode) : null,
  });
}

/** A form with nothing filled in yet. */
export const EMPTY_IDENTITY: IdentityValues = {
  certType: '',
  name: '',
  certNumber: '',
  frontImageId: '',
  backImageId: '',
  handheldImageId: '',
  fundPwd: '',
  googleCode: '',
};

/** The name and the number, as written on the document, between its type and its photos. */
export const IDENTITY_TEXT_FIELDS: readonly FieldSpec<IdentityValues>[] = [
  {
    kind: 'text',
    name: 'name',
    label: 'field.name',
    placeholder: 'placeholder.realName',
    autoComplete: 'name',
    maxLength: 64,
  },
  {
    kind: 'text',
    name: 'certNumber',
    label: 'field.certNumber',
    placeholder: 'placeholder.certNumber',
    autoComplete: 'off',
    maxLength: 40,
  },
];

/**
 * A validated form as the server takes it: the name and number trimmed, the photos' upload ids as
 * numbers, and the fund password (and the Google code when bound) as every payment form sends them.
 */
export function identityBody(values: IdentityValues, googleBound: boolean) {
  return {
    certType: values.certType as CertType,
    name: values.name.trim(),
    certNumber: values.certNumber.trim(),
    frontImageId: Number(values.frontImageId),
    backImageId: Number(values.backImageId),
    handheldImageId: Number(values.handheldImageId),
    ...credentialBody(values, googleBound, preHashPassword),
  };
}

const STATUS_HINT: Record<RealNameStatus, MessageKey> = {
  NONE: 'identity.formHint',
  PENDING: 'identity.pendingHint',
  APPROVED: 'identity.approvedHint',
  REJECTED: 'identity.rejectedHint',
};

/** What the status card tells the user to expect, or to do, in each state of the verification. */
export function statusHint(status: RealNameStatus): MessageKey {
  return STATUS_HINT[status];
}

/** The form shows while nothing is pending or approved: first, and again after a rejection. */
export function canSubmit(status: RealNameStatus): boolean {
  return status === 'NONE' || status === 'REJECTED';
}
