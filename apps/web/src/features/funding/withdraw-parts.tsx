import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
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
import { allAmount, shownAmount, type QuotePreview, type WithdrawValues } from './funding-logic.ts';

/** What stops a withdrawal, in the screen's place of the form: the prompt's text and the way there. */
export function GateCard({ prompt }: { prompt: GatePrompt }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section
      className="funding-card funding-gate"
      data-testid="withdraw-gate"
      data-requirement={prompt.requirement}
    >
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

/** The withdrawal's confirmation rows: the channel, the amount, the fee, what arrives, and where. */
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
    { label: t('funding.withdrawTo'), value: payout ? <MethodSummary picked={payout} /> : '--' },
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
        onSelect={(picked) => {
          onPick(picked.id);
          setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
    </>
  );
}
