import { useState, type FormEvent } from 'react';
import { Input } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import type { FundingChannel } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { sanitizeAmountTyping } from '@vela/domain';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton, TextField } from '../../components/form-inputs.tsx';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useAmountDecimals } from '../../system/system-queries.ts';
import {
  ChannelPicker,
  ChannelTerms,
  ConfirmSheet,
  CopyButton,
  RangeHint,
  Rows,
  type Row,
} from './channel-parts.tsx';
import { Money } from './figure-text.tsx';
import { showErrors } from './form-errors.ts';
import {
  hasErrors,
  rechargeBody,
  rechargePreview,
  shownAmount,
  validateRecharge,
  type RechargeValues,
} from './funding-figures.ts';
import { afterSubmit, useChannels } from './funding-queries.ts';
import './funding.css';

/** Where to pay: the chain address with its QR code, the bank account, or the fast-payment account. */
function PayTo({ channel }: { channel: FundingChannel }) {
  const t = useT();
  const copyable = (label: string, value: string | null, testId: string): Row | null =>
    value
      ? {
          label,
          value: (
            <span className="funding-copyable">
              <bdi className="num funding-copyable__text">{value}</bdi>
              <CopyButton text={value} testId={`copy-${testId}`} />
            </span>
          ),
          testId,
        }
      : null;

  if (channel.method === 'chain') {
    return (
      <section className="funding-card funding-pay" data-testid="pay-to">
        <h2 className="funding-card__title">{t('funding.depositAddress')}</h2>
        {channel.address ? (
          <>
            {/* Dark on white with a quiet zone, so it scans in the dark theme too. */}
            <div className="funding-qr" data-testid="deposit-qr">
              <QRCodeSVG
                value={channel.address}
                size={152}
                level="M"
                bgColor="#ffffff"
                fgColor="#000000"
                marginSize={2}
                title={t('funding.depositAddress')}
              />
            </div>
            <div className="funding-address">
              <bdi className="num funding-address__text" data-testid="deposit-address">
                {channel.address}
              </bdi>
              <CopyButton text={channel.address} testId="copy-address" />
            </div>
          </>
        ) : null}
        <p className="funding-warning">
          {t('funding.addressWarning', { symbol: channel.payCurrency, network: channel.chainName ?? '' })}
        </p>
      </section>
    );
  }

  const rows = [
    channel.method === 'bank' && channel.bankName
      ? { label: t('funding.bankName'), value: channel.bankName, testId: 'pay-bank' }
      : null,
    copyable(t('funding.accountName'), channel.accountName, 'pay-account-name'),
    copyable(
      channel.method === 'zsk' ? t('funding.zskId') : t('funding.accountNumber'),
      channel.accountNumber,
      'pay-account-number',
    ),
  ].filter((row): row is Row => row !== null);
  return (
    <section className="funding-card funding-pay" data-testid="pay-to">
      <h2 className="funding-card__title">{t('funding.payTo')}</h2>
      <Rows rows={rows} />
    </section>
  );
}

const EMPTY: RechargeValues = { amount: '', payerName: '', payerMobile: '', voucherUploadId: '' };
const FIELDS = Object.keys(EMPTY) as (keyof RechargeValues)[];

/**
 * The deposit form: the amount paid (its quote follows as it is typed), the payer, the voucher;
 * then a confirmation, and the request with one idempotency key per attempt.
 */
function RechargeForm({ channel, keys }: { channel: FundingChannel; keys: IdempotencyKeys }) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<RechargeValues>({
    initial: EMPTY,
    // The rules carry values ("at most 2 decimals"), so they run through `showErrors` on submit.
    validate: () => ({}),
    serverFields: Object.fromEntries(FIELDS.map((field) => [field, field])),
  });
  const preview = rechargePreview(form.values.amount, channel);
  // What may be typed: the pay currency's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(channel.payScale);

  const submit = useMutation({
    mutationFn: (body: ReturnType<typeof rechargeBody>) =>
      keys.run((key) => call(routes.funding.rechargeRequest, body, { idempotencyKey: key })),
    onSuccess: async () => {
      setConfirming(false);
      toastSuccess(t('funding.rechargeSubmitted'));
      await afterSubmit(client, 'recharge');
      void navigate('/recharge-order');
    },
    onError: (error) => {
      setConfirming(false);
      form.showError(error);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const errors = validateRecharge(form.values, channel, decimals);
    showErrors(form, FIELDS, errors, t);
    if (!hasErrors(errors)) setConfirming(true);
  };

  const confirmRows: Row[] = [
    { label: t('funding.channel'), value: channel.name },
    {
      label: t('funding.amountPaid'),
      value: (
        <Money
          amount={shownAmount(form.values.amount.trim() || '0', channel.payScale)}
          currency={channel.payCurrency}
        />
      ),
      testId: 'confirm-amount',
    },
    {
      label: t('funding.fee'),
      value: (
        <Money amount={shownAmount(preview?.fee ?? '0', channel.walletScale)} currency={channel.symbol} />
      ),
    },
    {
      label: t('funding.receive'),
      value: (
        <Money amount={shownAmount(preview?.receive ?? '0', channel.walletScale)} currency={channel.symbol} />
      ),
      testId: 'confirm-receive',
    },
    {
      label: t('funding.payer'),
      value: (
        <span>
          {form.values.payerName.trim()} · <bdi className="num">{form.values.payerMobile.trim()}</bdi>
        </span>
      ),
    },
  ];

  return (
    <form className="funding-form" onSubmit={onSubmit} noValidate data-testid="recharge-form">
      <p className="form-hint">{t('funding.payHint')}</p>
      <FormField
        name="amount"
        label={t('funding.amountPaid')}
        error={form.errors.amount}
        extra={<span className="muted">{channel.payCurrency}</span>}
      >
        <Input
          name="amount"
          value={form.values.amount}
          onChange={(text) => form.set('amount')(sanitizeAmountTyping(form.values.amount, text, decimals))}
          placeholder={t('wallet.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      <div className="funding-hints">
        <span data-testid="recharge-range">
          <RangeHint channel={channel} direction="recharge" />
        </span>
      </div>
      <div className="funding-quote" data-testid="recharge-quote" aria-live="polite">
        <span className="funding-quote__item">
          <span className="funding-quote__label">{t('funding.fee')}</span>
          <Money
            amount={preview ? shownAmount(preview.fee, channel.walletScale) : '--'}
            currency={channel.symbol}
            testId="quote-fee"
          />
        </span>
        <span className="funding-quote__item funding-quote__item--main">
          <span className="funding-quote__label">{t('funding.receive')}</span>
          <Money
            amount={preview ? shownAmount(preview.receive, channel.walletScale) : '--'}
            currency={channel.symbol}
            testId="quote-receive"
          />
        </span>
      </div>
      <TextField
        form={form}
        name="payerName"
        label={t('funding.payerName')}
        placeholder={t('funding.payerNamePlaceholder')}
        autoComplete="name"
        maxLength={64}
      />
      <TextField
        form={form}
        name="payerMobile"
        label={t('funding.payerMobile')}
        placeholder={t('funding.payerMobilePlaceholder')}
        autoComplete="tel"
        type="tel"
        maxLength={21}
      />
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
        rows={confirmRows}
        busy={submit.isPending}
        onConfirm={() => submit.mutate(rechargeBody(form.values, channel))}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/**
 * /recharge: the deposit channels of the RECHARGE configuration; for the chosen one, where to pay
 * (address and QR code, bank or fast-payment account, each copyable), its terms, and the form.
 */
export default function RechargePage() {
  const t = useT();
  const channels = useChannels('recharge');
  // Kept above the form, so a retry after a lost answer reuses the key even if the form remounts.
  const keys = useIdempotencyKey();
  const [selected, setSelected] = useState<number | null>(null);
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === selected) ?? list[0];

  if (channels.isPending) {
    return (
      <div className="funding-loading">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  if (channels.isError) {
    return (
      <EmptyState
        kind="loadFailed"
        message={errorMessage(channels.error)}
        onRetry={() => void channels.refetch()}
      />
    );
  }
  if (!channel) return <EmptyState kind="noRechargeChannel" onRetry={() => void channels.refetch()} />;

  return (
    <div className="funding" data-testid="recharge-page">
      <ChannelPicker channels={list} selected={channel.id} onSelect={setSelected} />
      <PayTo channel={channel} />
      <ChannelTerms channel={channel} />
      {/* A new channel starts a new form: a voucher proves a payment made through one channel. */}
      <RechargeForm key={channel.id} channel={channel} keys={keys} />
    </div>
  );
}
