import { useState } from 'react';
import { Button } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import type { FundingChannel, PaymentMethodKind } from '@vela/contract';
import {
  MethodSummary,
  PaymentMethodPicker,
  type PickedMethod,
} from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import type { GatePrompt } from '../../system/payment-methods-api.ts';
import { RangeHint, type Row } from './channel-parts.tsx';
import { moneyRows } from './form-parts.tsx';
import { FigureText } from './figure-text.tsx';
import {
  addMethodLink,
  allAmount,
  shownAmount,
  type QuotePreview,
  type WithdrawCheck,
  type WithdrawValues,
} from './funding-logic.ts';

const CHECK_STATE = {
  done: 'funding.check.done',
  underReview: 'funding.check.underReview',
} as const;

/** One line of the checklist: a tick when done, else the state or the link that fixes it. */
function CheckLine({ check }: { check: WithdrawCheck }) {
  const t = useT();
  return (
    <li
      className={`funding-check funding-check--${check.state}`}
      data-testid="withdraw-check"
      data-requirement={check.requirement}
      data-state={check.state}
    >
      <span className="funding-check__mark" aria-hidden>
        {check.state === 'done' ? <CheckOutline /> : null}
      </span>
      <span className="funding-check__label">{t(check.label.key, check.label.params)}</span>
      {check.state === 'missing' ? (
        <Link className="funding-check__go" to={check.target} data-testid="withdraw-check-go">
          {t(check.action)}
        </Link>
      ) : (
        <span className="funding-check__state">{t(CHECK_STATE[check.state])}</span>
      )}
    </li>
  );
}

/**
 * What a withdrawal needs, in the screen's place of the form while something is missing: every
 * condition with its state and the way to fix it, then the first missing one's prompt and the way
 * there.
 */
export function GateCard({ prompt, checklist }: { prompt: GatePrompt; checklist: readonly WithdrawCheck[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section
      className="funding-card funding-gate"
      data-testid="withdraw-gate"
      data-requirement={prompt.requirement}
    >
      <h2 className="funding-card__title">{t('funding.check.title')}</h2>
      <ul className="funding-checklist" data-testid="withdraw-checklist">
        {checklist.map((check) => (
          <CheckLine key={check.requirement} check={check} />
        ))}
      </ul>
      <p className="funding-gate__text">{t(prompt.message)}</p>
      <Button
        block
        color="primary"
        className="funding-gate__go"
        onClick={() => void navigate(prompt.target)}
        data-testid="withdraw-gate-go"
      >
        {t('gate.goNow')}
      </Button>
    </section>
  );
}

/** The currency beside the amount, and "all", which fills in the whole available balance. */
export function AmountExtra({
  channel,
  available,
  decimals,
  onAll,
}: {
  channel: FundingChannel;
  available: string | null;
  decimals: number;
  onAll(amount: string): void;
}) {
  const t = useT();
  return (
    <span className="funding-amount-extra">
      <span className="muted">{channel.symbol}</span>
      <button
        type="button"
        className="funding-all"
        disabled={available === null}
        onClick={() => available !== null && onAll(allAmount(available, decimals))}
        data-testid="withdraw-all"
      >
        {t('wallet.all')}
      </button>
    </span>
  );
}

/** The available balance (once known) and the channel's range, under the amount. */
export function WithdrawHints({ channel, available }: { channel: FundingChannel; available: string | null }) {
  return (
    <div className="funding-hints">
      <span data-testid="withdraw-available">
        {available !== null ? (
          <FigureText
            k="wallet.availableAmount"
            figures={{ amount: shownAmount(available, channel.walletScale), symbol: channel.symbol }}
          />
        ) : null}
      </span>
      <span data-testid="withdraw-range">
        <RangeHint channel={channel} direction="withdraw" />
      </span>
    </div>
  );
}

/**
 * Where the money goes, in full: a wallet address whole (it wraps; people compare every character
 * before money leaves), a card or account as bound.
 */
function PayoutInFull({ payout }: { payout: PickedMethod }) {
  if (payout.kind !== 'WALLET_ADDRESS') return <MethodSummary picked={payout} />;
  return (
    <bdi className="num funding-full-address" data-testid="confirm-address">
      {payout.method.vcAccount}
    </bdi>
  );
}

/**
 * The withdrawal's confirmation rows: the channel, the amount, the fee, what arrives, the network of
 * a crypto channel, and where, in full.
 */
export function withdrawConfirmRows(
  t: TFunction,
  values: WithdrawValues,
  channel: FundingChannel,
  preview: QuotePreview | null,
  payout: PickedMethod | null,
): Row[] {
  return [
    ...moneyRows(t, {
      channel,
      label: t('funding.amountWithdrawn'),
      amount: values.amount,
      preview,
      sent: { scale: channel.walletScale, currency: channel.symbol },
      fee: { scale: channel.walletScale, currency: channel.symbol },
      receive: { scale: channel.payScale, currency: channel.payCurrency },
    }),
    ...(channel.chainName
      ? [{ label: t('funding.network'), value: channel.chainName, testId: 'confirm-network' }]
      : []),
    { label: t('funding.withdrawTo'), value: payout ? <PayoutInFull payout={payout} /> : '--' },
  ];
}

/**
 * Where the money goes: the chosen bound method, and the picker of the methods this channel pays
 * out to (for a chain channel, only addresses of its own coin and chain).
 */
export function PayoutField({
  channel,
  kind,
  payout,
  error,
  onPick,
}: {
  channel: FundingChannel;
  kind: PaymentMethodKind;
  payout: PickedMethod | null;
  error: string | undefined;
  onPick(id: number): void;
}) {
  const t = useT();
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <>
      <SelectField
        name="targetId"
        label={t('funding.withdrawTo')}
        placeholder={t('funding.chooseTarget')}
        display={payout ? <MethodSummary picked={payout} /> : null}
        error={error}
        onOpen={() => setPickerOpen(true)}
      />
      <PaymentMethodPicker
        open={pickerOpen}
        kinds={[kind]}
        {...(channel.method === 'chain'
          ? { vcId: channel.vcId, ...(channel.chainName ? { chainName: channel.chainName } : {}) }
          : {})}
        selected={payout ? { kind: payout.kind, id: payout.id } : null}
        addTarget={addMethodLink(channel)}
        onSelect={(picked) => {
          onPick(picked.id);
          setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
    </>
  );
}
