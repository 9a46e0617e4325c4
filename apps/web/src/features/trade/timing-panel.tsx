import { useState } from 'react';
import { Link } from 'react-router';
import { Input } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { Ticker, TimingConfig } from '@vela/contract';
import { sanitizeAmountTyping, type TimingDirection } from '@vela/domain';
import { FormField } from '../../components/form-field.tsx';
import { toastError } from '../../lib/feedback.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { TimingConfirm, type OrderDraft } from './timing-confirm.tsx';
import {
  checkOrder,
  enabledPeriods,
  expectedPayout,
  isInsufficientBalance,
  isolate,
  periodLabel,
  preselectedPeriod,
  presetAmounts,
  rangeHint,
  ratePercent,
  shownAmount,
  stakeOverLimit,
  type FieldMessage,
  type TimingPeriod,
} from './timing-logic.ts';
import { Money } from './timing-parts.tsx';
import type { WalletCurrency } from '@vela/contract';
import { useAmountDecimals } from '../../system/system-api.ts';
import { usePlaceOrder, useSettleBalance, type AmountRefusal } from './trade-api.ts';

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

type AmountError = FieldMessage | AmountRefusal | null;

/** Whether the stake's problem is the balance: the form then offers the way to deposit. */
function wantsDeposit(error: AmountError): boolean {
  return error !== null && ('text' in error ? error.insufficient : isInsufficientBalance(error));
}

/**
 * The stake's input: what may be typed is cut to `decimals`; the placeholder gives the limits.
 * When the balance is short, the error is followed by the way to the deposit page.
 */
function StakeField({
  amount,
  error,
  hint,
  settleSymbol,
  decimals,
  onType,
}: {
  amount: string;
  error: AmountError;
  hint: FieldMessage | null;
  settleSymbol: string;
  decimals: number;
  onType(update: (previous: string) => string): void;
}) {
  const t = useT();
  return (
    <>
      <FormField
        name="amount"
        label={t('timing.amount')}
        error={error ? ('text' in error ? error.text : messageText(error, t)) : null}
        extra={<span className="muted">{settleSymbol}</span>}
      >
        <Input
          name="amount"
          value={amount}
          onChange={(text) => onType((previous) => sanitizeAmountTyping(previous, text, decimals))}
          placeholder={hint ? messageText(hint, t) : t('wallet.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      {wantsDeposit(error) ? (
        <Link to="/recharge" className="timing-deposit" data-testid="timing-deposit">
          {t('wallet.recharge')}
          <RightOutline className="timing-chevron" aria-hidden />
        </Link>
      ) : null}
    </>
  );
}

/** The preset stakes: multiples of the period's minimum, one tap each. */
function PresetAmounts({
  amounts,
  amount,
  onPick,
}: {
  amounts: readonly string[];
  amount: string;
  onPick(value: string): void;
}) {
  const t = useT();
  return (
    <div className="timing-quick" role="group" aria-label={t('timing.quickAmounts')}>
      {amounts.map((value) => (
        <button
          key={value}
          type="button"
          className={`timing-quick__amount num${value === amount ? ' timing-quick__amount--on' : ''}`}
          onClick={() => onPick(value)}
          data-testid="timing-quick-amount"
        >
          {value}
        </button>
      ))}
    </div>
  );
}

/** The available balance, the stake's limits and what a win pays. */
function TimingSummary({
  currency,
  hint,
  payout,
  settleSymbol,
}: {
  currency: WalletCurrency | null;
  hint: FieldMessage | null;
  payout: string | null;
  settleSymbol: string;
}) {
  const t = useT();
  return (
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
  );
}

/**
 * Buy long and sell short; both wait while an order is being placed. The bar sticks to the bottom
 * of the screen (above the tab bar) while the form is in view, so it stays at hand while filling it.
 */
function DirectionButtons({ busy, onStart }: { busy: boolean; onStart(direction: TimingDirection): void }) {
  const t = useT();
  return (
    <div className="timing-actions">
      <button
        type="button"
        className="timing-action timing-action--up"
        onClick={() => onStart('up')}
        disabled={busy}
        data-testid="timing-buy-up"
      >
        <span aria-hidden>↑</span> {t('dict.TradeOrderDirectionEnum.1')}
      </button>
      <button
        type="button"
        className="timing-action timing-action--down"
        onClick={() => onStart('down')}
        disabled={busy}
        data-testid="timing-sell-down"
      >
        <span aria-hidden>↓</span> {t('dict.TradeOrderDirectionEnum.2')}
      </button>
    </div>
  );
}

/**
 * The timed-trade order panel of the trade page: buy long or sell short the shown coin for one of
 * its periods, with the stake's limits, preset amounts, the available balance and what a win pays;
 * a confirm dialog before sending. Orders go out with an idempotency key, so a retry after a lost
 * answer cannot place one twice.
 */
export function TimingPanel({
  ticker,
  config,
}: {
  ticker: Ticker;
  config: readonly TimingConfig[] | undefined;
}) {
  const t = useT();
  const keys = useIdempotencyKey();
  const { currency } = useSettleBalance(config?.find((c) => c.vcId === ticker.a)?.settleVcId);
  const periods = enabledPeriods(config, ticker.a);
  const lastChosen = usePreferences((s) => s.lastTimingPeriod);
  const choosePeriod = usePreferences((s) => s.chooseTimingPeriod);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountError>(null);
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const place = usePlaceOrder(keys, setAmountError);

  // The last choice, remembered across coins and visits, counts only if this coin offers it too.
  const period = preselectedPeriod(periods, lastChosen);
  const scale = currency?.scale ?? DEFAULT_SCALE;
  // What may be typed: the coin's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(scale);
  // Empty until the balances arrive: the coin is known by its id, its symbol comes with them.
  const settleSymbol = currency?.symbol ?? '';
  const available = currency?.spot ?? null;
  // A stake that cannot be placed gets its error at once, and no payout is quoted for it.
  const shownError = amountError ?? stakeOverLimit({ period, amount, scale, available });
  const payout = shownError ? null : expectedPayout(amount, period, scale);
  const presets = presetAmounts(period ?? periods[0] ?? { minAmount: '0', maxAmount: null }, scale, decimals);

  const changeAmount = (update: (previous: string) => string) => {
    setAmount(update);
    setAmountError(null);
  };
  const start = (direction: TimingDirection) => {
    if (place.isPending) return;
    const check = checkOrder({ period, amount, scale, decimals, available });
    if (check.period) return toastError(t(check.period.key));
    setAmountError(check.amount);
    if (check.amount || !period) return;
    setDraft({ direction, period, amount: amount.trim(), expectedPayout: payout });
    setConfirmOpen(true);
  };
  const confirm = () => {
    if (!draft || !confirmOpen) return;
    setConfirmOpen(false);
    const { period: chosenPeriod, direction, amount: stake } = draft;
    place.mutate({ vcId: ticker.a, periodSeconds: chosenPeriod.seconds, direction, amount: stake });
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
      <PeriodPicker periods={periods} selected={period?.seconds ?? null} onSelect={choosePeriod} />
      <StakeField
        amount={amount}
        error={shownError}
        hint={hint}
        settleSymbol={settleSymbol}
        decimals={decimals}
        onType={changeAmount}
      />
      <PresetAmounts amounts={presets} amount={amount} onPick={(value) => changeAmount(() => value)} />
      <TimingSummary currency={currency} hint={hint} payout={payout} settleSymbol={settleSymbol} />
      <DirectionButtons busy={place.isPending} onStart={start} />
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
