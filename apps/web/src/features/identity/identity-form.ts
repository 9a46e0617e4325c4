import type { CertType } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
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

/** Spec point 5: certificate type, the three photos, name, number and fund password are required. */
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
