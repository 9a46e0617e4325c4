import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FundingChannel } from '@vela/contract';
import { CredentialFields } from '../../components/credential-fields.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { SubmitButton } from '../../components/form-inputs.tsx';
import type { PickedMethod } from '../../components/payment-method-picker.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toastError } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import type { FormApi } from '../../lib/use-form.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { useAmountDecimals, useConfigValue } from '../../system/system-api.ts';
import { useOverviewQuery, walletKeys } from '../../system/wallet-api.ts';
import { ChannelPicker, ChannelTerms, ConfirmSheet } from './channel-parts.tsx';
import { AmountField, ChannelsFallback, QuoteLine } from './form-parts.tsx';
import { useChannels, useWithdrawRequest } from './funding-api.ts';
import {
  chosenPayout,
  PAYOUT_OF_METHOD,
  validateWithdraw,
  withdrawBody,
  withdrawPreview,
  withdrawRefusal,
  type WithdrawValues,
} from './funding-logic.ts';
import { useFundingForm } from './use-funding-form.ts';
import { useWithdrawGate } from './use-withdraw-gate.ts';
import { AmountExtra, GateCard, PayoutField, WithdrawHints, withdrawConfirmRows } from './withdraw-parts.tsx';
import './funding.css';

const EMPTY: WithdrawValues = { amount: '', targetId: '', fundPwd: '', googleCode: '' };

/**
 * Handles a refused withdrawal: corrects the stored user when the refusal shows it was out of date,
 * and puts the message where it belongs (see `withdrawRefusal`).
 */
function useWithdrawRefusal(form: FormApi<WithdrawValues>, onRealNameRefused: () => void) {
  const client = useQueryClient();
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return form.showError(error);
    const { user, setUser, token } = useSession.getState();
    const refusal = withdrawRefusal(error.code, user);
    if (refusal.user) setUser(refusal.user);
    if (refusal.step === 'realName') {
      toastError(error.message);
      onRealNameRefused();
    } else if (refusal.step === 'balance') {
      form.setFieldError('amount', error.message);
      void client.invalidateQueries({ queryKey: walletKeys.overview(token) });
    } else if (refusal.step === 'field') form.showError(error);
  };
}

/**
 * The withdrawal form of one channel: the amount (with "all" and the range), the live fee and payout,
 * the bound method it goes to, the fund password and the Google code when bound; then a confirmation,
 * and the request with one idempotency key per attempt.
 */
function WithdrawForm({
  channel,
  candidates,
  available,
  keys,
  onRealNameRefused,
}: {
  channel: FundingChannel;
  candidates: readonly PickedMethod[];
  /** The spot balance of the channel's currency; null while unknown. */
  available: string | null;
  keys: IdempotencyKeys;
  onRealNameRefused(): void;
}) {
  const t = useT();
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const { form, confirming, closeConfirm, review } = useFundingForm(EMPTY);
  const onRefused = useWithdrawRefusal(form, onRealNameRefused);
  const submit = useWithdrawRequest(keys, { onSettled: closeConfirm, onError: onRefused });
  const payout = chosenPayout(candidates, form.values.targetId);
  const preview = withdrawPreview(form.values.amount, channel);
  // What may be typed: the wallet currency's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(channel.walletScale);
  const { kind } = PAYOUT_OF_METHOD[channel.method];
  const onSubmit = review(
    (values) => validateWithdraw(values, { channel, available, payout, googleBound, decimals }),
    submit.isPending,
  );
  const send = () => {
    if (payout) submit.mutate(withdrawBody(form.values, channel, payout, googleBound));
  };

  return (
    <form className="funding-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <AmountField
        form={form}
        label={t('funding.withdrawAmount')}
        decimals={decimals}
        extra={
          <AmountExtra
            channel={channel}
            available={available}
            decimals={decimals}
            onAll={form.set('amount')}
          />
        }
      />
      <WithdrawHints channel={channel} available={available} />
      <QuoteLine
        testId="withdraw-quote"
        preview={preview}
        fee={{ scale: channel.walletScale, currency: channel.symbol }}
        receive={{ scale: channel.payScale, currency: channel.payCurrency }}
      />
      <PayoutField
        channel={channel}
        kind={kind}
        payout={payout}
        error={form.errors.targetId}
        onPick={(id) => form.set('targetId')(String(id))}
      />
      <CredentialFields form={form} />
      <SubmitButton loading={submit.isPending} testId="withdraw-submit">
        {t('wallet.withdraw')}
      </SubmitButton>
      <ConfirmSheet
        open={confirming}
        title={t('funding.confirmWithdraw')}
        rows={withdrawConfirmRows(t, form.values, channel, preview, payout)}
        busy={submit.isPending}
        onConfirm={send}
        onClose={closeConfirm}
      />
    </form>
  );
}

/**
 * /withdraw: the withdrawal channels of the WITHDRAW configuration, their terms, the balance of the
 * channel's currency and the form. The form is usable only once the server's own conditions are
 * met (`useWithdrawGate`); the first one missing replaces the form with its prompt, and a dialog
 * offers to go and fix it.
 */
export default function WithdrawPage() {
  const t = useT();
  const channels = useChannels('withdraw');
  // Kept above the form, so a retry after a lost answer reuses the key even if the form remounts.
  const keys = useIdempotencyKey();
  const [selected, setSelected] = useState<number | null>(null);
  const overview = useOverviewQuery();
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === selected) ?? list[0];
  const gate = useWithdrawGate(channel, useConfigValue('WITHDRAW', 'requireGoogleCode') === 'true');

  if (channels.isPending || channels.isError) return <ChannelsFallback channels={channels} />;
  if (!channel) return <EmptyState kind="noWithdrawChannel" />;

  const currency = overview.data?.currencies.find((c) => c.vcId === channel.vcId);
  const available = overview.data ? (currency?.spot ?? '0') : null;

  let body: ReactNode;
  if (!gate.judged) {
    body = (
      <div className="funding-loading funding-loading--inline">
        <Spinner label={t('common.loading')} />
      </div>
    );
  } else if (gate.unmet) body = <GateCard prompt={gate.unmet} checklist={gate.checklist} />;
  else {
    body = (
      <WithdrawForm
        key={channel.id}
        channel={channel}
        candidates={gate.candidates}
        available={available}
        keys={keys}
        onRealNameRefused={gate.recheckRealName}
      />
    );
  }

  return (
    <div className="funding" data-testid="withdraw-page">
      <ChannelPicker channels={list} selected={channel.id} onSelect={setSelected} />
      <ChannelTerms channel={channel} />
      {body}
    </div>
  );
}
