import { Input } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import type { MessageKey } from '@vela/i18n';
import { FormField } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n.ts';
import type { VerifiedHolder } from './method-logic.ts';

/**
 * The verified name and ID of a verified user, read-only on the bank card form: the card must be in
 * the user's own name, and the server takes both from the identity check. While the details load,
 * the fields are shown empty rather than asking the user to type what is already known.
 */
export function VerifiedHolderFields({ holder }: { holder: VerifiedHolder | null }) {
  const t = useT();
  const certType: MessageKey | null = holder ? `payment.certType.${holder.certType}` : null;
  const document = holder && certType ? `${t(certType)} ${holder.certNumberMasked}` : '';
  const check = <CheckCircleFill className="verified-holder__check" aria-hidden />;
  return (
    <div className="verified-holder" data-testid="verified-holder">
      <FormField name="name" label={t('field.name')} extra={check}>
        <Input name="name" value={holder?.name ?? ''} readOnly aria-readonly="true" />
      </FormField>
      <FormField name="idCardNumber" label={t('field.idTypeNumber')} extra={check}>
        <Input name="idCardNumber" value={document} readOnly aria-readonly="true" />
      </FormField>
      <p className="form-hint verified-holder__hint">{t('payment.verifiedHolderHint')}</p>
    </div>
  );
}
