import type { ReactNode } from 'react';
import { Input } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { sanitizeAmountTyping } from '@vela/domain';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormField } from '../../components/form-field.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import type { TFunction } from '../../lib/i18n.ts';
import type { FormApi, StringFields } from '../../lib/use-form.ts';
import type { Row } from './channel-parts.tsx';
import { Money } from './figure-text.tsx';
import { shownAmount, type QuotePreview } from './funding-logic.ts';

/**
 * Pieces the deposit and withdrawal forms share: the amount input, the live fee-and-receive line,
 * and what a screen shows while its channels load or when they failed to.
 */

/**
 * The amount input of a funding form. What may be typed is cut to `decimals` as it is typed, so
 * the field never holds an amount the channel cannot take.
 */
export function AmountField<V extends StringFields<V> & { amount: string }>({
  form,
  label,
  decimals,
  extra,
}: {
  form: FormApi<V>;
  label: string;
  decimals: number;
  extra: ReactNode;
}) {
  const t = useT();
  const setAmount = form.set('amount' as keyof V & string);
  return (
    <FormField name="amount" label={label} error={form.errors.amount} extra={extra}>
      <Input
        name="amount"
        value={form.values.amount}
        onChange={(text) => setAmount(sanitizeAmountTyping(form.values.amount, text, decimals))}
        placeholder={t('wallet.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
      />
    </FormField>
  );
}

/** A figure of the quote line with the scale and currency it is shown in. */
export interface QuoteFigure {
  scale: number;
  currency: string;
}

/** The fee and what will arrive, following the amount as it is typed ('--' until it is valid). */
export function QuoteLine({
  testId,
  preview,
  fee,
  receive,
}: {
  testId: string;
  preview: QuotePreview | null;
  fee: QuoteFigure;
  receive: QuoteFigure;
}) {
  const t = useT();
  return (
    <div className="funding-quote" data-testid={testId} aria-live="polite">
      <span className="funding-quote__item">
        <span className="funding-quote__label">{t('funding.fee')}</span>
        <Money
          amount={preview ? shownAmount(preview.fee, fee.scale) : '--'}
          currency={fee.currency}
          testId="quote-fee"
        />
      </span>
      <span className="funding-quote__item funding-quote__item--main">
        <span className="funding-quote__label">{t('funding.receive')}</span>
        <Money
          amount={preview ? shownAmount(preview.receive, receive.scale) : '--'}
          currency={receive.currency}
          testId="quote-receive"
        />
      </span>
    </div>
  );
}

/**
 * What a funding screen shows instead of its content while the channels load or when they failed
 * to; null once they are in (the screen then decides what an empty list means).
 */
export function ChannelsFallback({ channels }: { channels: UseQueryResult<unknown> }) {
  if (channels.isPending) return <PageSkeleton rows={3} />;
  if (channels.isError) {
    return (
      <EmptyState
        kind="loadFailed"
        message={errorMessage(channels.error)}
        onRetry={() => void channels.refetch()}
      />
    );
  }
  return null;
}

/**
 * The confirmation rows both forms share: the channel, the amount sent (`label`, in `sent`'s scale
 * and currency), the fee, and what arrives.
 */
export function moneyRows(
  t: TFunction,
  {
    channel,
    label,
    amount,
    preview,
    sent,
    fee,
    receive,
  }: {
    channel: { name: string };
    label: string;
    amount: string;
    preview: QuotePreview | null;
    sent: QuoteFigure;
    fee: QuoteFigure;
    receive: QuoteFigure;
  },
): Row[] {
  const money = (text: string, figure: QuoteFigure) => (
    <Money amount={shownAmount(text, figure.scale)} currency={figure.currency} />
  );
  return [
    { label: t('funding.channel'), value: channel.name },
    { label, value: money(amount.trim() || '0', sent), testId: 'confirm-amount' },
    { label: t('funding.fee'), value: money(preview?.fee ?? '0', fee) },
    {
      label: t('funding.receive'),
      value: money(preview?.receive ?? '0', receive),
      testId: 'confirm-receive',
    },
  ];
}
