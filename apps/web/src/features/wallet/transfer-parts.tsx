import { useId } from 'react';
import { Input } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { WalletCurrency } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Popup } from '../../components/popup.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { ACCOUNT_NAMES } from './bill-lines-logic.ts';
import type { FieldMessage, TransferAction, TransferState } from './transfer-logic.ts';
import { availableIn, showAmount } from './wallet-logic.ts';

/** The sections of the transfer form: the currency, the two accounts, and the amount. */

export function messageText(message: FieldMessage | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return 'text' in message ? message.text : t(message.key, message.params);
}

export function SwapIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden
    >
      <path d="M8 4v15M8 4 4.5 7.5M8 4l3.5 3.5M16 20V5M16 20l-3.5-3.5M16 20l3.5-3.5" />
    </svg>
  );
}

export function CurrencyPicker({
  open,
  currencies,
  selected,
  from,
  onSelect,
  onClose,
}: {
  open: boolean;
  currencies: readonly WalletCurrency[];
  selected: number | null;
  from: 'spot' | 'contract';
  onSelect(vcId: number): void;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="transfer-currency-picker">
      <div className="sheet">
        <div className="sheet__title" id={titleId}>
          {t('wallet.currency')}
        </div>
        <div className="choice-list" role="radiogroup">
          {currencies.map((currency) => (
            <button
              key={currency.vcId}
              type="button"
              role="radio"
              aria-checked={currency.vcId === selected}
              className={`choice${currency.vcId === selected ? ' choice--selected' : ''}`}
              onClick={() => onSelect(currency.vcId)}
              data-testid="transfer-currency-option"
              data-symbol={currency.symbol}
            >
              <CoinIcon symbol={currency.symbol} size="sm" />
              <span className="choice__label">
                {currency.symbol} <span className="muted">{currency.name}</span>
              </span>
              <span className="choice__meta num">
                {showAmount(availableIn(currency, from), currency.scale, false)}
              </span>
            </button>
          ))}
        </div>
      </div>
    </Popup>
  );
}

/** The currency field: the chosen currency, which opens the currency picker. */
export function CurrencyField({
  currency,
  error,
  onOpen,
}: {
  currency: WalletCurrency | undefined;
  error: FieldMessage | undefined;
  onOpen(): void;
}) {
  const t = useT();
  return (
    <FormField name="vcId" label={t('wallet.currency')} error={messageText(error, t)}>
      <button type="button" className="transfer__currency" onClick={onOpen} data-testid="transfer-currency">
        {currency ? (
          <>
            <CoinIcon symbol={currency.symbol} size="sm" />
            <span className="transfer__symbol">{currency.symbol}</span>
            <span className="transfer__name muted">{currency.name}</span>
          </>
        ) : (
          <span className="muted">{t('wallet.currency')}</span>
        )}
        <RightOutline className="transfer__chevron" />
      </button>
    </FormField>
  );
}

/** The account the amount leaves and the one it goes to, with the button that swaps them. */
export function AccountsField({ state, onSwap }: { state: TransferState; onSwap(): void }) {
  const t = useT();
  return (
    <>
      <div className="transfer-accounts" data-field="to">
        <div className="transfer-accounts__rows">
          <div className="transfer-accounts__row">
            <span className="transfer-accounts__label">{t('wallet.from')}</span>
            <span className="transfer-accounts__name" data-testid="transfer-from">
              {t(ACCOUNT_NAMES[state.from])}
            </span>
          </div>
          <div className="transfer-accounts__row">
            <span className="transfer-accounts__label">{t('wallet.to')}</span>
            <span className="transfer-accounts__name" data-testid="transfer-to">
              {t(ACCOUNT_NAMES[state.to])}
            </span>
          </div>
        </div>
        <button
          type="button"
          className="transfer-accounts__swap"
          onClick={onSwap}
          aria-label={t('wallet.swap')}
          title={t('wallet.swap')}
          data-testid="transfer-swap"
        >
          <SwapIcon />
        </button>
      </div>
      {state.errors.to ? (
        <div className="form-field__error transfer__error" role="alert" data-testid="error-to">
          {messageText(state.errors.to, t)}
        </div>
      ) : null}
    </>
  );
}

/** The amount with "all", and under it what the source account holds of the currency. */
export function TransferAmountField({
  state,
  currency,
  available,
  decimals,
  dispatch,
}: {
  state: TransferState;
  currency: WalletCurrency | undefined;
  available: string | null;
  decimals: number;
  dispatch(action: TransferAction): void;
}) {
  const t = useT();
  const extra = (
    <span className="transfer__amount-extra">
      {currency ? <span className="muted">{currency.symbol}</span> : null}
      <button
        type="button"
        className="transfer__all"
        disabled={available === null}
        onClick={() => available !== null && dispatch({ type: 'all', available, decimals })}
        data-testid="transfer-all"
      >
        {t('wallet.all')}
      </button>
    </span>
  );
  return (
    <>
      <FormField
        name="amount"
        label={t('wallet.amount')}
        error={messageText(state.errors.amount, t)}
        extra={extra}
      >
        <Input
          name="amount"
          value={state.amount}
          onChange={(text) => dispatch({ type: 'amount', text, decimals })}
          placeholder={t('wallet.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      <div className="transfer__available" data-testid="transfer-available">
        {currency && available !== null
          ? t('wallet.availableAmount', {
              amount: showAmount(available, currency.scale, false),
              symbol: currency.symbol,
            })
          : null}
      </div>
    </>
  );
}
