import { useId } from 'react';
import { Link } from 'react-router';
import type { FinanceProduct } from '@vela/contract';
import type { FinanceScales } from '@vela/domain';
import { ConfirmButtons } from '../../components/confirm-buttons.tsx';
import { FormField, PasswordInput } from '../../components/form-field.tsx';
import { Popup } from '../../components/popup.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { RiskDisclosure } from './buy-finance-outcomes.tsx';
import { shownAmount, shownPrice, yieldPercent, type FinanceOutcomes } from './finance-logic.ts';
import { Money, Rows, TermText, type Row } from './finance-parts.tsx';

/** The key figures of the purchase: product, amount, yield, term, linked price and both ends. */
function confirmRows(
  product: FinanceProduct,
  amount: string,
  outcomes: FinanceOutcomes | null,
  t: TFunction,
): Row[] {
  const price = shownPrice(product.exchangeRate);
  const payout = (figure: string | undefined, currency: string) => (
    <Money amount={figure === undefined ? '--' : shownAmount(figure)} currency={currency} />
  );
  return [
    { label: t('finance.product'), value: product.name, testId: 'buy-confirm-product' },
    {
      label: t('finance.amount'),
      value: <Money amount={shownAmount(amount)} currency={product.buySymbol} />,
      testId: 'buy-confirm-amount',
    },
    {
      label: t('finance.yield'),
      value: <bdi className="num">{yieldPercent(product.rateStr)}%</bdi>,
      testId: 'buy-confirm-yield',
    },
    {
      label: t('finance.term'),
      value: <TermText cycle={product.cycle} cycleType={product.cycleType} />,
      testId: 'buy-confirm-term',
    },
    {
      label: t('finance.linkedPrice'),
      value: <bdi className="num">{price}</bdi>,
      testId: 'buy-confirm-price',
    },
    {
      label: t('finance.ifBelow', { price }),
      value: payout(outcomes?.coin.amount, product.symbol),
      testId: 'buy-confirm-coin',
    },
    {
      label: t('finance.ifAbove', { price }),
      value: payout(outcomes?.usdt.amount, product.settleSymbol),
      testId: 'buy-confirm-usdt',
    },
  ];
}

/** The fund password, or the way to set one when the user has none yet. */
function FundPasswordField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange(value: string): void;
}) {
  const t = useT();
  const hasFundPassword = useSession((s) => s.user?.hasFundPassword ?? false);
  if (!hasFundPassword) {
    return (
      <p className="finance-sheet__hint" data-testid="buy-confirm-no-fund-password">
        {t('error.FUND_PASSWORD_NOT_SET')} <Link to="/bind-fund-password">{t('funding.check.setUp')}</Link>
      </p>
    );
  }
  return (
    <FormField name="fundPwd" label={t('field.fundPassword')} error={error}>
      <PasswordInput
        name="fundPwd"
        value={value}
        onChange={onChange}
        placeholder={t('placeholder.fundPassword')}
        autoComplete="off"
      />
    </FormField>
  );
}

export interface BuyConfirmProps {
  open: boolean;
  product: FinanceProduct;
  amount: string;
  outcomes: FinanceOutcomes | null;
  scales: FinanceScales | null;
  fundPwd: string;
  fundPwdError: string | null;
  onFundPwd(value: string): void;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The purchase's confirm dialog, before any money moves: the key figures, the disclosure again (the
 * product is not principal-guaranteed, with its worked example), and the fund password, which the
 * request carries pre-hashed.
 */
export function BuyConfirm(props: BuyConfirmProps) {
  const t = useT();
  const titleId = useId();
  const { product } = props;
  return (
    <Popup open={props.open} onClose={props.onCancel} labelledBy={titleId} testId="buy-confirm">
      <div className="sheet finance-sheet">
        <div className="sheet__title" id={titleId}>
          {t('finance.confirmTitle')}
        </div>
        <Rows rows={confirmRows(product, props.amount, props.outcomes, t)} />
        <RiskDisclosure product={product} scales={props.scales} />
        <FundPasswordField value={props.fundPwd} error={props.fundPwdError} onChange={props.onFundPwd} />
        <ConfirmButtons
          tone="up"
          testId="buy-confirm"
          onCancel={props.onCancel}
          onConfirm={props.onConfirm}
        />
      </div>
    </Popup>
  );
}
