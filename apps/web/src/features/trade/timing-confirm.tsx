import { useEffect, useId, useRef, useState } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TimingDirection } from '@vela/domain';
import { ConfirmButtons } from '../../components/confirm-buttons.tsx';
import { Popup } from '../../components/popup.tsx';
import { CONFIRM_COUNTDOWN_S } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { directionTone, ratePercent, shownAmount, shownPrice, type TimingPeriod } from './timing-logic.ts';
import { DirectionBadge, Money, PeriodText } from './timing-parts.tsx';

/**
 * The confirm dialog's countdown option: a confirm dialog may confirm by itself after a 3 s
 * countdown in 1 s ticks. A trader who turns it on places each order 3 s after the
 * dialog opens unless they cancel; the choice is kept on the device.
 */
export const useAutoConfirm = create<{ on: boolean; set(on: boolean): void }>()(
  persist((set) => ({ on: false, set: (on) => set({ on }) }), {
    name: 'vela-timing-auto-confirm',
    version: 1,
  }),
);

export interface OrderDraft {
  direction: TimingDirection;
  period: TimingPeriod;
  /** The typed stake, trimmed. */
  amount: string;
  /** What a win pays back (stake and profit), as the server will book it. */
  expectedPayout: string | null;
}

function Countdown({ seconds, onDone }: { seconds: number; onDone(): void }) {
  const t = useT();
  const [left, setLeft] = useState(seconds);
  // The page re-renders with every price; the latest callback is read without restarting the tick.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (left <= 0) {
      done.current();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <div className="confirm-countdown" role="timer" data-testid="timing-confirm-countdown">
      {t('common.autoConfirmIn', { seconds: left })}
    </div>
  );
}

/** The draft order as the dialog lists it, with the price it would open at now. */
function DraftRows({
  draft,
  symbol,
  settleSymbol,
  price,
}: {
  draft: OrderDraft;
  symbol: string;
  settleSymbol: string;
  price: string;
}) {
  const t = useT();
  return (
    <dl className="timing-rows timing-rows--compact">
      <div className="timing-rows__row">
        <dt>{t('timing.coin')}</dt>
        <dd data-testid="confirm-symbol">{symbol}</dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.direction')}</dt>
        <dd data-testid="confirm-direction">
          <DirectionBadge direction={draft.direction} />
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.period')}</dt>
        <dd data-testid="confirm-period">
          <PeriodText seconds={draft.period.seconds} />
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.amount')}</dt>
        <dd data-testid="confirm-amount">
          <Money amount={shownAmount(draft.amount)} currency={settleSymbol} />
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.openPriceNow')}</dt>
        <dd data-testid="confirm-price">
          <bdi className="num">{shownPrice(price)}</bdi>
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.openPrice')}</dt>
        <dd data-testid="confirm-open-price">{t('timing.opensAtNext')}</dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.payoutRate')}</dt>
        <dd>
          <bdi className="num">{t('timing.rate', { rate: ratePercent(draft.period.payoutRate) })}</bdi>
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.expectedPayout')}</dt>
        <dd data-testid="confirm-payout">
          <Money
            amount={draft.expectedPayout ? shownAmount(draft.expectedPayout) : '--'}
            currency={settleSymbol}
          />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The order confirm dialog: direction, coin, period, stake, the price the order would open at now
 * (live), the payout rate and what a win pays back. The order opens at the latest recorded price when
 * the server accepts it, which the dialog says.
 */
export function TimingConfirm({
  draft,
  open,
  symbol,
  settleSymbol,
  price,
  onConfirm,
  onCancel,
}: {
  draft: OrderDraft | null;
  open: boolean;
  symbol: string;
  settleSymbol: string;
  price: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  const titleId = useId();
  const auto = useAutoConfirm();
  // A new countdown for every opening and every time the option is turned on.
  const [round, setRound] = useState(0);
  return (
    <Popup open={open} onClose={onCancel} position="center" labelledBy={titleId} testId="timing-confirm">
      {draft ? (
        <div className="timing-confirm">
          <div className="sheet__title" id={titleId}>
            {t('timing.confirmTitle')}
          </div>
          <DraftRows draft={draft} symbol={symbol} settleSymbol={settleSymbol} price={price} />
          <p className="sheet__hint timing-confirm__hint">{t('timing.openPriceHint')}</p>
          <label className="timing-confirm__auto">
            <input
              type="checkbox"
              checked={auto.on}
              onChange={(event) => {
                auto.set(event.target.checked);
                setRound((value) => value + 1);
              }}
              data-testid="timing-auto-confirm"
            />
            <span>{t('timing.autoConfirm', { seconds: CONFIRM_COUNTDOWN_S })}</span>
          </label>
          {open && auto.on ? (
            <Countdown key={round} seconds={CONFIRM_COUNTDOWN_S} onDone={onConfirm} />
          ) : null}
          <ConfirmButtons
            tone={directionTone(draft.direction)}
            testId="timing-confirm"
            onCancel={onCancel}
            onConfirm={onConfirm}
          />
        </div>
      ) : null}
    </Popup>
  );
}
