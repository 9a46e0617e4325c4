import { useId, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import type { FundingChannel } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { ChannelIcon } from './channel-icon.tsx';
import { FigureText } from './figure-text.tsx';
import {
  amountCurrency,
  feePercent,
  METHOD_LABEL,
  rangeHint,
  shownAmount,
  type Direction,
} from './funding-logic.ts';

/**
 * Pieces both funding screens are built of: the channel chooser, a channel's terms, rows of
 * label and value, the copy button and the confirmation sheet.
 */

/**
 * The channels as one row of chips that scrolls sideways: every channel stays one tap away, and the
 * terms and form of the chosen one start right below, without a popup in between.
 */
export function ChannelPicker({
  channels,
  selected,
  onSelect,
}: {
  channels: readonly FundingChannel[];
  selected: number;
  onSelect(id: number): void;
}) {
  const t = useT();
  return (
    <div className="funding-channels" role="radiogroup" aria-label={t('funding.channel')}>
      {channels.map((channel) => {
        const on = channel.id === selected;
        return (
          <button
            key={channel.id}
            type="button"
            role="radio"
            aria-checked={on}
            className={`funding-chip${on ? ' funding-chip--on' : ''}`}
            onClick={() => onSelect(channel.id)}
            data-testid="funding-channel"
            data-id={channel.id}
            data-method={channel.method}
          >
            <ChannelIcon method={channel.method} symbol={channel.symbol} chainName={channel.chainName} />
            <span className="funding-chip__text">
              {/* Channel names are the operators' text, often Latin inside Arabic: laid out by their own
                  direction, so a long one is cut at its end, not its start. */}
              <span className="funding-chip__name" dir="auto">
                {channel.name}
              </span>
              <span className="funding-chip__method">{t(METHOD_LABEL[channel.method])}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

export interface Row {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The "Min X, Max Y" hint of a channel, in the currency the amount is typed in ("Max 100 USD"). */
export function RangeHint({ channel, direction }: { channel: FundingChannel; direction: Direction }) {
  const range = rangeHint(direction, channel);
  // The currency goes with the last figure, inside its isolate, so it stays beside it in Arabic.
  const last = 'max' in range.params ? 'max' : 'min';
  const figures = { ...range.params, [last]: `${range.params[last]} ${amountCurrency(direction, channel)}` };
  return <FigureText k={range.key} figures={figures} />;
}

/** Label and value lines; values sit at the line's far end in both reading directions. */
export function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="funding-rows">
      {rows.map((row) => (
        <div key={row.label} className="funding-rows__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Copies to the clipboard with a toast either way. `navigator.clipboard` exists only in secure
 * contexts (https or localhost); elsewhere the copy fails and says so, and the text stays selectable.
 */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const t = useT();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      toastSuccess(t('toast.copySuccess'));
    } catch {
      toastError(t('toast.copyFailed'));
    }
  };
  return (
    <button type="button" className="funding-copy" onClick={() => void copy()} data-testid={testId}>
      {t('common.copy')}
    </button>
  );
}

/**
 * A channel's terms: the wallet currency it credits or debits, the currency paid in, the network,
 * the fee and the exchange rate. The limits are shown under the amount they apply to.
 */
export function ChannelTerms({ channel }: { channel: FundingChannel }) {
  const t = useT();
  const rows: Row[] = [
    { label: t('wallet.currency'), value: channel.symbol, testId: 'terms-currency' },
    { label: t('funding.payCurrency'), value: channel.payCurrency, testId: 'terms-pay-currency' },
  ];
  if (channel.chainName) rows.push({ label: t('funding.network'), value: channel.chainName });
  rows.push(
    {
      label: t('funding.fee'),
      // The whole percentage is one left-to-right figure, its sign included.
      value: <bdi className="num">{t('funding.feeRate', { rate: feePercent(channel.feeRate) })}</bdi>,
      testId: 'terms-fee',
    },
    {
      label: t('funding.rate'),
      value: (
        <bdi className="num">
          1 {channel.symbol} = {shownAmount(channel.rate)} {channel.payCurrency}
        </bdi>
      ),
      testId: 'terms-rate',
    },
  );
  return (
    <section className="funding-card" data-testid="channel-terms">
      <Rows rows={rows} />
    </section>
  );
}

/**
 * The last look before money moves: what will be sent and received, with Confirm and Cancel. The
 * confirm button shows the request in progress; the screen closes the sheet when the answer is in.
 */
export function ConfirmSheet({
  open,
  title,
  rows,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  rows: readonly Row[];
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup
      open={open}
      onClose={busy ? () => undefined : onClose}
      labelledBy={titleId}
      testId="funding-confirm"
      closeOnMask={!busy}
    >
      <div className="sheet funding-confirm">
        <div className="sheet__title" id={titleId}>
          {title}
        </div>
        <Rows rows={rows} />
        <p className="sheet__hint funding-confirm__hint">{t('funding.confirmHint')}</p>
        <div className="funding-confirm__buttons">
          <Button block onClick={onClose} disabled={busy} data-testid="funding-confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            className="funding-confirm__ok"
            loading={busy}
            onClick={onConfirm}
            data-testid="funding-confirm-submit"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
