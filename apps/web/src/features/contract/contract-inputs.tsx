import { Input } from 'antd-mobile';
import { sanitizeAmountTyping } from '@vela/domain';
import { FormField } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n.ts';

/** The contract forms' small pieces: an amount with its currency, a decimal input, quick shares. */

/** An amount with its currency, isolated as one left-to-right figure. */
export function Money({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {currency ? `${amount} ${currency}` : amount}
    </bdi>
  );
}

/**
 * A decimal input: what may be typed is cut to `decimals`. `name` is the request's field name
 * (`quantity`, `limitPrice`, `takeProfit`…), so the error line and the browser tests find it.
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
    <FormField
      name={name}
      label={label}
      error={error}
      extra={unit ? <span className="muted">{unit}</span> : undefined}
    >
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

/** 25, 50, 75 and 100 % of what the figure allows, already truncated to its decimals. */
export function QuickShares({
  shares,
  amount,
  onPick,
  testId,
}: {
  shares: readonly { percent: number; value: string }[];
  amount: string;
  onPick(value: string): void;
  testId: string;
}) {
  const t = useT();
  return (
    <div className="contract-quick" role="group" aria-label={t('timing.quickAmounts')}>
      {shares.map((share) => (
        <button
          key={share.percent}
          type="button"
          className={`contract-quick__share num${share.value === amount && amount !== '' ? ' contract-quick__share--on' : ''}`}
          onClick={() => onPick(share.value)}
          data-testid={testId}
          data-value={share.value}
        >
          {share.percent}%
        </button>
      ))}
    </div>
  );
}
