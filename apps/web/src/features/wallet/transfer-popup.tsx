import { useId, useReducer, useState, type FormEvent } from 'react';
import { Input } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletCurrency } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { formatNumber } from '@vela/domain';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton } from '../../components/form-inputs.tsx';
import { Popup } from '../../components/popup.tsx';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { confirm, toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { ACCOUNT_NAMES } from './bill-lines.ts';
import {
  defaultCurrency,
  hasErrors,
  initialTransfer,
  serverErrorField,
  transferBody,
  transferReducer,
  validateTransfer,
  type FieldMessage,
} from './transfer-form.ts';
import { availableIn, displayDecimals, showAmount } from './wallet-figures.ts';
import { useAmountDecimals } from '../../system/system-queries.ts';
import { refreshWallet } from '../../system/wallet-overview.ts';
import { applyTransfer } from './wallet-queries.ts';

function messageText(message: FieldMessage | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return 'text' in message ? message.text : t(message.key, message.params);
}

function SwapIcon() {
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

function CurrencyPicker({
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

/**
 * The form inside the popup. It mounts each time the popup opens (the popup is destroyed on
 * closing), so every opening starts afresh on the currency asked for; the idempotency key lives in
 * the popup, so a retry after a lost answer reuses it even across a close and reopen.
 */
function TransferForm({
  currencies,
  initialVcId,
  keys,
  titleId,
  onDone,
}: {
  currencies: readonly WalletCurrency[];
  initialVcId: number | null;
  keys: IdempotencyKeys;
  titleId: string;
  onDone(): void;
}) {
  const t = useT();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const [state, dispatch] = useReducer(transferReducer, null, () =>
    initialTransfer(defaultCurrency(currencies, initialVcId)),
  );
  const [pickerOpen, setPickerOpen] = useState(false);
  const currency = currencies.find((c) => c.vcId === state.vcId);
  const available = currency ? availableIn(currency, state.from) : null;
  // What may be typed: the currency's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(currency?.scale ?? 0);

  const transfer = useMutation({
    mutationFn: (body: ReturnType<typeof transferBody>) =>
      keys.run((key) => call(routes.wallet.walletTransfer, body, { idempotencyKey: key })),
    onSuccess: async (answer) => {
      toastSuccess(t('wallet.transferDone'));
      onDone();
      await applyTransfer(client, token, answer);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        toastError(errorMessage(error));
        return;
      }
      const field = serverErrorField(error.code, error.field);
      if (field) dispatch({ type: 'fieldError', field, message: { text: error.message } });
      else toastError(error.message);
      // The balance shown was out of date; show the real one.
      if (error.code === 'INSUFFICIENT_BALANCE') {
        void refreshWallet(client);
      }
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const errors = validateTransfer(state, currency, decimals);
    dispatch({ type: 'errors', errors });
    if (hasErrors(errors) || !currency || state.vcId === null) return;
    const body = transferBody({ ...state, vcId: state.vcId });
    const confirmed = await confirm({
      title: t('wallet.transferTitle'),
      content: t('wallet.transferConfirm', {
        amount: formatNumber(body.amount, displayDecimals(body.amount, currency.scale)),
        symbol: currency.symbol,
        from: t(ACCOUNT_NAMES[body.from]),
        to: t(ACCOUNT_NAMES[body.to]),
      }),
    });
    if (confirmed) transfer.mutate(body);
  };

  return (
    <form className="sheet transfer" onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
      <div className="sheet__title" id={titleId}>
        {t('wallet.transferTitle')}
      </div>

      <FormField name="vcId" label={t('wallet.currency')} error={messageText(state.errors.vcId, t)}>
        <button
          type="button"
          className="transfer__currency"
          onClick={() => setPickerOpen(true)}
          data-testid="transfer-currency"
        >
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
          onClick={() => dispatch({ type: 'swap' })}
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

      <FormField
        name="amount"
        label={t('wallet.amount')}
        error={messageText(state.errors.amount, t)}
        extra={
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
        }
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

      <SubmitButton loading={transfer.isPending} testId="transfer-submit">
        {t('wallet.transfer')}
      </SubmitButton>

      <CurrencyPicker
        open={pickerOpen}
        currencies={currencies}
        selected={state.vcId}
        from={state.from}
        onSelect={(vcId) => {
          dispatch({ type: 'currency', vcId });
          setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
    </form>
  );
}

/**
 * The transfer popup of the assets screen: moves an amount of one currency between the spot and
 * contract accounts, after a confirmation, with one idempotency key per attempt.
 */
export function TransferPopup({
  open,
  onClose,
  currencies,
  initialVcId,
}: {
  open: boolean;
  onClose(): void;
  currencies: readonly WalletCurrency[];
  initialVcId: number | null;
}) {
  const keys = useIdempotencyKey();
  const titleId = useId();
  return (
    // Destroyed on closing, so that each opening starts a fresh form.
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="transfer-popup" destroyOnClose>
      <TransferForm
        currencies={currencies}
        initialVcId={initialVcId}
        keys={keys}
        titleId={titleId}
        onDone={onClose}
      />
    </Popup>
  );
}
