import { useState } from 'react';
import { Input } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticker, TimingConfig } from '@vela/contract';
import { sanitizeAmountTyping, type TimingDirection } from '@vela/domain';
import { FormField } from '../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { TimingConfirm, type OrderDraft } from './timing-confirm.tsx';
import {
  checkOrder,
  enabledPeriods,
  expectedPayout,
  isolate,
  periodLabel,
  quickAmounts,
  rangeHint,
  ratePercent,
  shownAmount,
  type FieldMessage,
  type TimingPeriod,
} from './timing-figures.ts';
import { Money } from './timing-parts.tsx';
import { useAmountDecimals } from '../../system/system-queries.ts';
import { refreshWallet } from '../../system/wallet-overview.ts';
import { afterPlacement, sendOrder, useSettleBalance, type PlaceBody } from './timing-queries.ts';

/** The settlement coin's decimals until the wallet overview has said (USDT has 6). */
const DEFAULT_SCALE = 6;

/** A catalogue message with its figures isolated, so that they keep their order in Arabic. */
export function messageText(message: FieldMessage, t: TFunction): string {
  const isolated = (params: FieldMessage['params']) =>
    params
      ? Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]),
        )
      : undefined;
  const range = message.range ? t(message.range.key, isolated(message.range.params)) : undefined;
  return t(message.key, { ...isolated(message.params), ...(range ? { range } : {}) });
}

function PeriodPicker({
  periods,
  selected,
  onSelect,
}: {
  periods: readonly TimingPeriod[];
  selected: number | null;
  onSelect(seconds: number): void;
}) {
  const t = useT();
  return (
    <div className="timing-periods" role="radiogroup" aria-label={t('timing.period')}>
      {periods.map((period) => {
        const on = period.seconds === selected;
        const label = periodLabel(period.seconds);
        return (
          <button
            key={period.seconds}
            type="button"
            role="radio"
            aria-checked={on}
            className={`timing-period${on ? ' timing-period--on' : ''}`}
            onClick={() => onSelect(period.seconds)}
            data-testid="timing-period"
            data-seconds={period.seconds}
          >
            <span className="timing-period__time num">{t(label.key, label.params)}</span>
            <span className="timing-period__rate num">
              {t('timing.rate', { rate: ratePercent(period.payoutRate) })}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * The quick-trade order panel of the trade page (spec points 2 and 5): buy long or sell short the
 * shown coin for one of its periods, with the stake's limits, quick amounts, the available balance
 * and what a win pays; a confirm dialog before sending; the order goes out with an idempotency key,
 * so a retry after a lost answer cannot place it twice.
 */
export function TimingPanel({
  ticker,
  config,
}: {
  ticker: Ticker;
  config: readonly TimingConfig[] | undefined;
}) {
  const t = useT();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const keys = useIdempotencyKey();
  const { currency } = useSettleBalance(config?.find((c) => c.vcId === ticker.a)?.settleVcId);
  const periods = enabledPeriods(config, ticker.a);
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<FieldMessage | { text: string } | null>(null);
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  // A period chosen for another coin counts only if this coin offers it too.
  const period = periods.find((p) => p.seconds === chosen) ?? null;
  const scale = currency?.scale ?? DEFAULT_SCALE;
  // What may be typed: the coin's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(scale);
  // Empty until the balances arrive: the coin is known by its id, its symbol comes with them.
  const settleSymbol = currency?.symbol ?? '';
  const payout = expectedPayout(amount, period, scale);
  const quick = quickAmounts(period ?? periods[0] ?? { minAmount: '0', maxAmount: null }, scale, decimals);

  const place = useMutation({
    mutationFn: (body: PlaceBody) => keys.run((key) => sendOrder(body, key)),
    onSuccess: async (order) => {
      toastSuccess(t('timing.placed'));
      await afterPlacement(client, token, order);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        toastError(errorMessage(error));
        return;
      }
      // Refusals of the stake belong under the amount field; the others (a closed pair, no price) are toasts.
      if (error.field === 'amount' || error.code === 'INSUFFICIENT_BALANCE')
        setAmountError({ text: error.message });
      else toastError(error.message);
      // The balance shown was out of date; show the real one.
      if (error.code === 'INSUFFICIENT_BALANCE') void refreshWallet(client);
    },
  });

  const start = (direction: TimingDirection) => {
    if (place.isPending) return;
    const check = checkOrder({ period, amount, scale, decimals, available: currency?.spot ?? null });
    if (check.period) {
      toastError(t(check.period.key));
      return;
    }
    setAmountError(check.amount);
    if (check.amount || !period) return;
    setDraft({ direction, period, amount: amount.trim(), expectedPayout: payout });
    setConfirmOpen(true);
  };

  const confirm = () => {
    if (!draft || !confirmOpen) return;
    setConfirmOpen(false);
    place.mutate({
      vcId: ticker.a,
      periodSeconds: draft.period.seconds,
      direction: draft.direction,
      amount: draft.amount,
    });
  };

  if (periods.length === 0) {
    return (
      <div className="trade-orders__note" data-testid="timing-closed">
        <p>{t('error.TIMING_PAIR_CLOSED')}</p>
      </div>
    );
  }

  const hint = period ? rangeHint(period) : null;
  return (
    <div className="timing-panel" data-testid="timing-panel">
      <div className="timing-panel__label">{t('timing.period')}</div>
      <PeriodPicker periods={periods} selected={period?.seconds ?? null} onSelect={setChosen} />

      <FormField
        name="amount"
        label={t('timing.amount')}
        error={amountError ? ('text' in amountError ? amountError.text : messageText(amountError, t)) : null}
        extra={<span className="muted">{settleSymbol}</span>}
      >
        <Input
          name="amount"
          value={amount}
          onChange={(text) => {
            setAmount((previous) => sanitizeAmountTyping(previous, text, decimals));
            setAmountError(null);
          }}
          placeholder={hint ? messageText(hint, t) : t('wallet.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      <div className="timing-quick" role="group" aria-label={t('timing.quickAmounts')}>
        {quick.map((value) => (
          <button
            key={value}
            type="button"
            className={`timing-quick__amount num${value === amount ? ' timing-quick__amount--on' : ''}`}
            onClick={() => {
              setAmount(value);
              setAmountError(null);
            }}
            data-testid="timing-quick-amount"
          >
            {value}
          </button>
        ))}
      </div>

      <dl className="timing-summary">
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd data-testid="timing-available">
            {currency ? <Money amount={shownAmount(currency.spot)} currency={currency.symbol} /> : '--'}
          </dd>
        </div>
        {hint ? (
          <div>
            <dt>{t('timing.limits')}</dt>
            <dd data-testid="timing-range">{messageText(hint, t)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('timing.expectedPayout')}</dt>
          <dd data-testid="timing-payout">
            <Money amount={payout ? shownAmount(payout) : '--'} currency={settleSymbol} />
          </dd>
        </div>
      </dl>

      <div className="timing-actions">
        <button
          type="button"
          className="timing-action timing-action--up"
          onClick={() => start('up')}
          disabled={place.isPending}
          data-testid="timing-buy-up"
        >
          <span aria-hidden>↑</span> {t('dict.TradeOrderDirectionEnum.1')}
        </button>
        <button
          type="button"
          className="timing-action timing-action--down"
          onClick={() => start('down')}
          disabled={place.isPending}
          data-testid="timing-sell-down"
        >
          <span aria-hidden>↓</span> {t('dict.TradeOrderDirectionEnum.2')}
        </button>
      </div>

      <TimingConfirm
        draft={draft}
        open={confirmOpen}
        symbol={ticker.c}
        settleSymbol={settleSymbol}
        price={ticker.g}
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      />
    </div>
  );
}
