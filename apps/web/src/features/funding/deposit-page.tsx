import { useState } from 'react';
import type { FundingChannel } from '@vela/contract';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormFields } from '../../components/form-inputs.tsx';
import { SubmitButton } from '../../components/form-inputs.tsx';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { useT } from '../../lib/i18n.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useAmountDecimals } from '../../system/system-api.ts';
import { ChannelPicker, ChannelTerms, ConfirmSheet, RangeHint } from './channel-parts.tsx';
import { depositConfirmRows, PayTo, TxHashField } from './deposit-parts.tsx';
import { AmountField, ChannelsFallback, QuoteLine } from './form-parts.tsx';
import { useChannels, useDepositRequest } from './funding-api.ts';
import {
  depositBody,
  depositPreview,
  PAYER_FIELDS,
  validateDeposit,
  type DepositValues,
} from './funding-logic.ts';
import { useFundingForm } from './use-funding-form.ts';
import './funding.css';

const EMPTY: DepositValues = { amount: '', txHash: '', payerName: '', payerMobile: '', voucherUploadId: '' };

/**
 * The deposit form: the amount paid (its quote follows as it is typed), the transaction hash of a
 * crypto payment or the payer of a bank one, the voucher; then a confirmation, and the request with
 * one idempotency key per attempt.
 */
function DepositForm({ channel, keys }: { channel: FundingChannel; keys: IdempotencyKeys }) {
  const t = useT();
  const { form, confirming, closeConfirm, review } = useFundingForm(EMPTY);
  const submit = useDepositRequest(keys, { onSettled: closeConfirm, onError: form.showError });
  const preview = depositPreview(form.values.amount, channel);
  // What may be typed: the pay currency's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(channel.payScale);
  const onSubmit = review((values) => validateDeposit(values, channel, decimals), submit.isPending);
  const receive = { scale: channel.walletScale, currency: channel.symbol };
  const chain = channel.method === 'chain';

  return (
    <form className="funding-form" onSubmit={onSubmit} noValidate data-testid="recharge-form">
      <p className="form-hint">{t(chain ? 'funding.payHintChain' : 'funding.payHint')}</p>
      <AmountField
        form={form}
        label={t('funding.amountPaid')}
        decimals={decimals}
        extra={<span className="muted">{channel.payCurrency}</span>}
      />
      <div className="funding-hints">
        <span data-testid="recharge-range">
          <RangeHint channel={channel} direction="deposit" />
        </span>
      </div>
      <QuoteLine testId="recharge-quote" preview={preview} fee={receive} receive={receive} />
      {chain ? (
        <TxHashField form={form} channel={channel} />
      ) : (
        <FormFields form={form} fields={PAYER_FIELDS} />
      )}
      <ImageUploadField
        name="voucherUploadId"
        label={t('funding.voucher')}
        purpose="voucher"
        hint={t('funding.voucherHint')}
        value={form.values.voucherUploadId}
        onChange={form.set('voucherUploadId')}
        error={form.errors.voucherUploadId}
        onError={(message) => form.setFieldError('voucherUploadId', message)}
      />
      <SubmitButton loading={submit.isPending} testId="recharge-submit">
        {t('common.submit')}
      </SubmitButton>
      <ConfirmSheet
        open={confirming}
        title={t('funding.confirmRecharge')}
        rows={depositConfirmRows(t, form.values, channel, preview)}
        busy={submit.isPending}
        onConfirm={() => submit.mutate(depositBody(form.values, channel))}
        onClose={closeConfirm}
      />
    </form>
  );
}

/**
 * /recharge: the deposit channels of the RECHARGE configuration; for the chosen one, where to pay
 * (address and QR code, bank or fast-payment account, each copyable), its terms, and the form.
 */
export default function DepositPage() {
  const channels = useChannels('deposit');
  // Kept above the form, so a retry after a lost answer reuses the key even if the form remounts.
  const keys = useIdempotencyKey();
  const [selected, setSelected] = useState<number | null>(null);
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === selected) ?? list[0];

  if (channels.isPending || channels.isError) return <ChannelsFallback channels={channels} />;
  if (!channel) return <EmptyState kind="noRechargeChannel" onRetry={() => void channels.refetch()} />;

  return (
    <div className="funding" data-testid="recharge-page">
      <ChannelPicker channels={list} selected={channel.id} onSelect={setSelected} />
      <PayTo channel={channel} />
      <ChannelTerms channel={channel} />
      {/* A new channel starts a new form: a voucher proves a payment made through one channel. */}
      <DepositForm key={channel.id} channel={channel} keys={keys} />
    </div>
  );
}
