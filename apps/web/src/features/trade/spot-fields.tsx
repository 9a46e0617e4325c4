import { Link } from 'react-router';
import { Input } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { SpotOrderSide } from '@vela/contract';
import { sanitizeAmountTyping, type SpotKind } from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import { FormField } from '../../components/form-field.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import type { FieldRefusal } from './spot-api.ts';
import { KIND_LABEL, SIDE_BUTTON_LABEL, sideTone, type SpotEstimate } from './spot-logic.ts';
import { shownAmount, type FieldMessage } from './timing-logic.ts';
import { messageText } from './timing-panel.tsx';
import { Money } from './timing-parts.tsx';

/** The spot form's fields and its summary, each a small piece `SpotOrderForm` puts together. */

/** A field's problem: the form's own message, or the server's words for it. */
export type FieldError = FieldMessage | Pick<FieldRefusal, 'text'> | null;

export function errorText(error: FieldError, t: TFunction): string | null {
  if (!error) return null;
  return 'text' in error ? error.text : messageText(error, t);
}

/** Buy long and sell short: which side the form places. */
export function SideSwitch({ side, onSide }: { side: SpotOrderSide; onSide(side: SpotOrderSide): void }) {
  const t = useT();
  const sides: SpotOrderSide[] = ['buy', 'sell'];
  return (
    <div className="spot-sides" role="radiogroup" aria-label={t('timing.direction')}>
      {sides.map((item) => (
        <button
          key={item}
          type="button"
          role="radio"
          aria-checked={side === item}
          className={`spot-side spot-side--${sideTone(item)}${side === item ? ' spot-side--on' : ''}`}
          onClick={() => onSide(item)}
          data-testid={`spot-side-${item}`}
        >
          {t(SIDE_BUTTON_LABEL[item])}
        </button>
      ))}
    </div>
  );
}

/** Market or limit. */
export function KindSwitch({ kind, onKind }: { kind: SpotKind; onKind(kind: SpotKind): void }) {
  const t = useT();
  const kinds: SpotKind[] = ['market', 'limit'];
  return (
    <div className="spot-kinds" role="radiogroup" aria-label={t('spot.kind')}>
      {kinds.map((item) => (
        <button
          key={item}
          type="button"
          role="radio"
          aria-checked={kind === item}
          className={`spot-kind${kind === item ? ' spot-kind--on' : ''}`}
          onClick={() => onKind(item)}
          data-testid={`spot-kind-${item}`}
        >
          {t(KIND_LABEL[item])}
        </button>
      ))}
    </div>
  );
}

/**
 * A decimal input: what may be typed is cut to `decimals`. `name` is the request's field name
 * (`amount`, `quantity`, `limitPrice`), so the error line and the browser tests find it.
 */
export function DecimalField({
  name,
  label,
  value,
  decimals,
  error,
  unit,
  placeholder,
  onType,
}: {
  name: string;
  label: string;
  value: string;
  decimals: number;
  error: string | null;
  unit: string;
  placeholder: string;
  onType(update: (previous: string) => string): void;
}) {
  return (
    <FormField name={name} label={label} error={error} extra={<span className="muted">{unit}</span>}>
      <Input
        name={name}
        value={value}
        onChange={(text) => onType((previous) => sanitizeAmountTyping(previous, text, decimals))}
        placeholder={placeholder}
        inputMode="decimal"
        autoComplete="off"
      />
    </FormField>
  );
}

/** The way to the deposit page, under a buy's "Insufficient balance". */
export function DepositLink() {
  const t = useT();
  return (
    <Link to="/recharge" className="timing-deposit" data-testid="spot-deposit">
      {t('wallet.recharge')}
      <RightOutline className="timing-chevron" aria-hidden />
    </Link>
  );
}

/** 25, 50, 75 and 100 % of what is available, already truncated to the side's decimals. */
export function QuickShares({
  shares,
  amount,
  onPick,
}: {
  shares: readonly { percent: number; value: string }[];
  amount: string;
  onPick(value: string): void;
}) {
  const t = useT();
  return (
    <div className="timing-quick" role="group" aria-label={t('timing.quickAmounts')}>
      {shares.map((share) => (
        <button
          key={share.percent}
          type="button"
          className={`timing-quick__amount num${share.value === amount && amount !== '' ? ' timing-quick__amount--on' : ''}`}
          onClick={() => onPick(share.value)}
          data-testid="spot-quick"
          data-value={share.value}
        >
          {share.percent}%
        </button>
      ))}
    </div>
  );
}

export interface SummaryFigures {
  available: string | null;
  availableUnit: string;
  hint: { key: MessageKey; params: MessageParams };
  estimate: SpotEstimate | null;
  settleSymbol: string;
  receiveUnit: string;
}

/** What is available, the side's limits, the estimated fee and what the order would give. */
export function SpotSummary({ figures }: { figures: SummaryFigures }) {
  const t = useT();
  const { available, estimate } = figures;
  return (
    <dl className="timing-summary">
      <div>
        <dt>{t('wallet.available')}</dt>
        <dd data-testid="spot-available">
          <Money
            amount={available === null ? '--' : shownAmount(available)}
            currency={figures.availableUnit}
          />
        </dd>
      </div>
      <div>
        <dt>{t('timing.limits')}</dt>
        <dd data-testid="spot-range">{messageText(figures.hint, t)}</dd>
      </div>
      <div>
        <dt>{t('spot.estimatedFee')}</dt>
        <dd data-testid="spot-fee">
          <Money amount={estimate ? shownAmount(estimate.fee) : '--'} currency={figures.settleSymbol} />
        </dd>
      </div>
      <div>
        <dt>{t('spot.receive')}</dt>
        <dd data-testid="spot-receive">
          {estimate ? '≈ ' : ''}
          <Money amount={estimate ? shownAmount(estimate.receive) : '--'} currency={figures.receiveUnit} />
        </dd>
      </div>
    </dl>
  );
}

/** The button that opens the confirm dialog: "Buy BTC" or "Sell BTC", in the side's colour. */
export function SubmitButton({
  side,
  symbol,
  busy,
  onSubmit,
}: {
  side: SpotOrderSide;
  symbol: string;
  busy: boolean;
  onSubmit(): void;
}) {
  const t = useT();
  return (
    <div className="timing-actions spot-actions">
      <button
        type="button"
        className={`timing-action timing-action--${sideTone(side)}`}
        onClick={onSubmit}
        disabled={busy}
        data-testid="spot-submit"
      >
        {t(side === 'buy' ? 'spot.buySymbol' : 'spot.sellSymbol', { symbol })}
      </button>
    </div>
  );
}
