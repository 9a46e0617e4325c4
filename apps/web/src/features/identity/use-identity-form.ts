import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { useSubmitRealName } from './identity-api.ts';
import { CREDENTIAL_LABELS } from '../../components/credential-fields.tsx';
import { labelsOf } from '../../components/form-inputs.tsx';
import {
  EMPTY_IDENTITY,
  IDENTITY_TEXT_FIELDS,
  identityBody,
  validateIdentity,
  type IdentityValues,
} from './identity-logic.ts';

const FIELDS = Object.keys(EMPTY_IDENTITY) as (keyof IdentityValues)[];

/** The verification form's values and errors, and its submission; the server's errors land on the fields. */
export function useIdentityForm(onSubmitted: () => void) {
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const form = useForm<IdentityValues>({
    initial: EMPTY_IDENTITY,
    validate: (values) => validateIdentity(values, { googleBound }),
    serverFields: Object.fromEntries(FIELDS.map((field) => [field, field])),
    labels: {
      certType: 'field.certType',
      ...labelsOf(IDENTITY_TEXT_FIELDS),
      frontImageId: 'identity.front',
      backImageId: 'identity.back',
      handheldImageId: 'identity.handheld',
      ...CREDENTIAL_LABELS,
    },
  });
  const submit = useSubmitRealName({ onSubmitted, onError: (error) => form.showError(error) });
  const send = (values: IdentityValues) => submit.mutate(identityBody(values, googleBound));
  return { form, submit, send };
}
