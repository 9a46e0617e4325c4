import { useState } from 'react';
import type { CertType } from '@vela/contract';
import { CredentialFields } from '../../components/credential-fields.tsx';
import { FormFields, SubmitButton } from '../../components/form-inputs.tsx';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { OptionSheet } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import type { FormApi } from '../../lib/use-form.ts';
import {
  CERT_TYPE_LABEL,
  CERT_TYPE_OPTIONS,
  IDENTITY_TEXT_FIELDS,
  type IdentityValues,
} from './identity-logic.ts';
import { useIdentityForm } from './use-identity-form.ts';

type PhotoField = 'frontImageId' | 'backImageId' | 'handheldImageId';

function certTypeOptions(t: TFunction) {
  return CERT_TYPE_OPTIONS.map((type) => ({ value: type, label: t(CERT_TYPE_LABEL[type]) }));
}

/** The three photos: the document's two sides side by side, then the user holding it. */
function IdentityPhotos({ form }: { form: FormApi<IdentityValues> }) {
  const t = useT();
  const photo = (name: PhotoField) => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    onError: (message: string) => form.setFieldError(name, message),
  });
  return (
    <>
      <h2 className="identity-form__section">{t('identity.photos')}</h2>
      <div className="identity-form__photos">
        <ImageUploadField {...photo('frontImageId')} label={t('identity.front')} purpose="idFront" />
        <ImageUploadField {...photo('backImageId')} label={t('identity.back')} purpose="idBack" />
      </div>
      <ImageUploadField
        {...photo('handheldImageId')}
        label={t('identity.handheld')}
        purpose="idHandheld"
        hint={t('identity.handheldHint')}
      />
    </>
  );
}

/** The submission form: document, name and number, the three photos, the fund password. */
export function IdentityForm({ onSubmitted }: { onSubmitted(): void }) {
  const t = useT();
  const { form, submit, send } = useIdentityForm(onSubmitted);
  const [certOpen, setCertOpen] = useState(false);

  return (
    <form className="identity-form" onSubmit={form.submit(send)} noValidate>
      <SelectField
        name="certType"
        label={t('field.certType')}
        placeholder={t('placeholder.chooseCertType')}
        display={form.values.certType ? t(CERT_TYPE_LABEL[form.values.certType as CertType]) : null}
        error={form.errors.certType}
        onOpen={() => setCertOpen(true)}
      />
      <FormFields form={form} fields={IDENTITY_TEXT_FIELDS} />
      <IdentityPhotos form={form} />
      <CredentialFields form={form} />
      <SubmitButton loading={submit.isPending} testId="submit-real-name">
        {t('common.submit')}
      </SubmitButton>
      <OptionSheet
        open={certOpen}
        title={t('field.certType')}
        options={certTypeOptions(t)}
        selected={(form.values.certType || null) as CertType | null}
        onSelect={(type) => {
          form.set('certType')(type);
          setCertOpen(false);
        }}
        onClose={() => setCertOpen(false)}
        testId="cert-type-picker"
      />
    </form>
  );
}
