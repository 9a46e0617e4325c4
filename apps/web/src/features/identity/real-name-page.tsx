import { useState } from 'react';
import { SpinLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, MessageOutline } from 'antd-mobile-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertType, RealNameInfo, RealNameStatus, Verification } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { htmlLang } from '@vela/i18n';
import { CredentialFields, credentialBody } from '../../components/credential-fields.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { SubmitButton, TextField } from '../../components/form-inputs.tsx';
import { openCustomerService } from '../../components/global/customer-service.tsx';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { OptionSheet } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useSession } from '../../stores/session-store.ts';
import { paymentKeys, usePromptOnEntry, useRealName } from '../../system/payment-methods.ts';
import {
  CERT_TYPE_LABEL,
  CERT_TYPE_OPTIONS,
  validateIdentity,
  type IdentityValues,
} from './identity-form.ts';
import './identity.css';

const STATUS_ICON: Record<RealNameStatus, typeof CheckCircleFill | null> = {
  NONE: null,
  PENDING: ClockCircleFill,
  APPROVED: CheckCircleFill,
  REJECTED: CloseCircleFill,
};

function useDateTime(): (ms: number) => string {
  const locale = usePreferences((s) => s.locale);
  return (ms) => new Date(ms).toLocaleString(htmlLang(locale), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The state of the verification and, once submitted, what was submitted. */
function StatusCard({ status, current }: { status: RealNameStatus; current: Verification | null }) {
  const t = useT();
  const dateTime = useDateTime();
  const Icon = STATUS_ICON[status];
  const hint =
    status === 'PENDING'
      ? t('identity.pendingHint')
      : status === 'APPROVED'
        ? t('identity.approvedHint')
        : status === 'REJECTED'
          ? t('identity.rejectedHint')
          : t('identity.formHint');
  return (
    <section
      className={`identity-status identity-status--${status.toLowerCase()}`}
      data-testid="real-name-status"
    >
      <div className="identity-status__head">
        {Icon ? <Icon className="identity-status__icon" aria-hidden /> : null}
        <span className="identity-status__title" data-testid="real-name-status-text">
          {t(`identity.status.${status}`)}
        </span>
      </div>
      <p className="identity-status__hint">{hint}</p>
      {current && status === 'REJECTED' && current.rejectReason ? (
        <p className="identity-status__reason" data-testid="real-name-reject-reason">
          {t('identity.rejectReason', { reason: current.rejectReason })}
        </p>
      ) : null}
      {current && status !== 'NONE' ? (
        <dl className="identity-status__facts">
          <div>
            <dt>{t('field.certType')}</dt>
            <dd>{t(CERT_TYPE_LABEL[current.certType])}</dd>
          </div>
          <div>
            <dt>{t('field.name')}</dt>
            <dd>{current.name}</dd>
          </div>
          <div>
            <dt>{t('field.certNumber')}</dt>
            <dd className="num">{current.certNumberMasked}</dd>
          </div>
          <div>
            <dt />
            <dd className="identity-status__time">
              {t('identity.submittedAt', { time: dateTime(current.submittedAt) })}
              {current.reviewedAt
                ? ` · ${t('identity.reviewedAt', { time: dateTime(current.reviewedAt) })}`
                : ''}
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}

const EMPTY: IdentityValues = {
  certType: '',
  name: '',
  certNumber: '',
  frontImageId: '',
  backImageId: '',
  handheldImageId: '',
  fundPwd: '',
  googleCode: '',
};

const FIELDS = Object.keys(EMPTY) as (keyof IdentityValues)[];

function certTypeOptions(t: TFunction) {
  return CERT_TYPE_OPTIONS.map((type) => ({ value: type, label: t(CERT_TYPE_LABEL[type]) }));
}

/** The submission form: document, name and number, the three photos, the fund password. */
function IdentityForm({ onSubmitted }: { onSubmitted(info: RealNameInfo): void }) {
  const t = useT();
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const [certOpen, setCertOpen] = useState(false);
  const form = useForm<IdentityValues>({
    initial: EMPTY,
    validate: (values) => validateIdentity(values, { googleBound }),
    serverFields: Object.fromEntries(FIELDS.map((field) => [field, field])),
  });
  const submit = useMutation({
    mutationFn: (v: IdentityValues) =>
      call(routes.payment.realNameSubmit, {
        certType: v.certType as CertType,
        name: v.name.trim(),
        certNumber: v.certNumber.trim(),
        frontImageId: Number(v.frontImageId),
        backImageId: Number(v.backImageId),
        handheldImageId: Number(v.handheldImageId),
        ...credentialBody(v, googleBound, preHashPassword),
      }),
    onSuccess: (info) => {
      toastSuccess(t('toast.verificationSubmitted'));
      onSubmitted(info);
    },
    onError: (error) => form.showError(error),
  });
  const photo = (name: 'frontImageId' | 'backImageId' | 'handheldImageId') => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    onError: (message: string) => form.setFieldError(name, message),
  });

  return (
    <form className="identity-form" onSubmit={form.submit((values) => submit.mutate(values))} noValidate>
      <SelectField
        name="certType"
        label={t('field.certType')}
        placeholder={t('placeholder.chooseCertType')}
        display={form.values.certType ? t(CERT_TYPE_LABEL[form.values.certType as CertType]) : null}
        error={form.errors.certType}
        onOpen={() => setCertOpen(true)}
      />
      <TextField
        form={form}
        name="name"
        label={t('field.name')}
        placeholder={t('placeholder.realName')}
        autoComplete="name"
        maxLength={64}
      />
      <TextField
        form={form}
        name="certNumber"
        label={t('field.certNumber')}
        placeholder={t('placeholder.certNumber')}
        autoComplete="off"
        maxLength={40}
      />
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

/**
 * The real-name verification screen (/real-name, decision 014): the status with what was
 * submitted, the rejection's reason and time, and the form when there is nothing pending or
 * approved. Submitted identity data cannot be changed: corrections go through customer service.
 */
export default function RealNamePage() {
  const t = useT();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const goBack = useGoBack('/user-center');
  const info = useRealName();
  const status = info.data?.status ?? 'NONE';
  const open = status === 'NONE' || status === 'REJECTED';
  usePromptOnEntry('fundPassword', goBack);

  if (info.isPending) {
    return (
      <div className="identity__loading" data-testid="real-name-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (info.isError) return <EmptyState kind="loadFailed" onRetry={() => void info.refetch()} />;
  return (
    <div className="identity">
      <StatusCard status={info.data.status} current={info.data.current} />
      {open ? (
        <IdentityForm
          onSubmitted={(answer) => {
            client.setQueryData(paymentKeys.realName(token), answer);
            const { user, setUser } = useSession.getState();
            if (user) setUser({ ...user, realNameStatus: answer.status });
            window.scrollTo({ top: 0 });
          }}
        />
      ) : (
        <div className="identity__locked">
          <p>{t('identity.lockedHint')}</p>
          <button
            type="button"
            className="identity__support"
            onClick={() => openCustomerService()}
            data-testid="real-name-contact-support"
          >
            <MessageOutline aria-hidden /> {t('payment.contactSupport')}
          </button>
        </div>
      )}
    </div>
  );
}
