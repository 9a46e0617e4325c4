import { useId, useReducer, useState, type FormEvent } from 'react';
import type { WalletCurrency } from '@vela/contract';
import { formatNumber } from '@vela/domain';
import { SubmitButton } from '../../components/form-inputs.tsx';
import { Popup } from '../../components/popup.tsx';
import { confirm } from '../../lib/feedback.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useAmountDecimals } from '../../system/system-api.ts';
import { ACCOUNT_NAMES } from './bill-lines-logic.ts';
import {
  defaultCurrency,
  hasErrors,
  initialTransfer,
  transferBody,
  transferReducer,
  validateTransfer,
} from './transfer-logic.ts';
import { AccountsField, CurrencyField, CurrencyPicker, TransferAmountField } from './transfer-parts.tsx';
import { useTransferRequest } from './wallet-api.ts';
import { availableIn, displayDecimals } from './wallet-logic.ts';

/** Asks the user to confirm the transfer, with the amount, the currency and both accounts. */
function confirmTransfer(t: TFunction, body: ReturnType<typeof transferBody>, currency: WalletCurrency) {
  return confirm({
    title: t('wallet.transferTitle'),
    content: t('wallet.transferConfirm', {
      amount: formatNumber(body.amount, displayDecimals(body.amount, currency.scale)),
      symbol: currency.symbol,
      from: t(ACCOUNT_NAMES[body.from]),
      to: t(ACCOUNT_NAMES[body.to]),
    }),
  });
}

/**
 * The form inside the popup. It mounts each time the popup opens (the popup is destroyed on
 * closing), so every opening starts afresh on the currency asked for; the idempotency key lives in
 * the popup, so a retry after a lost answer reuses it even across a close and reopen.
 */
function TransferForm({
  currencies,
  initialCoinId,
  keys,
  titleId,
  onDone,
}: {
  currencies: readonly WalletCurrency[];
  initialCoinId: number | null;
  keys: IdempotencyKeys;
  titleId: string;
  onDone(): void;
}) {
  const t = useT();
  const [state, dispatch] = useReducer(transferReducer, null, () =>
    initialTransfer(defaultCurrency(currencies, initialCoinId)),
  );
  const [pickerOpen, setPickerOpen] = useState(false);
  const currency = currencies.find((c) => c.vcId === state.vcId);
  const available = currency ? availableIn(currency, state.from) : null;
  // What may be typed: the currency's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(currency?.scale ?? 0);
  const transfer = useTransferRequest(keys, {
    onDone,
    onFieldError: (field, text) => dispatch({ type: 'fieldError', field, message: { text } }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const errors = validateTransfer(state, currency, decimals);
    dispatch({ type: 'errors', errors });
    if (hasErrors(errors) || !currency || state.vcId === null) return;
    const body = transferBody({ ...state, vcId: state.vcId });
    if (await confirmTransfer(t, body, currency)) transfer.mutate(body);
  };

  return (
    <form className="sheet transfer" onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
      <div className="sheet__title" id={titleId}>
        {t('wallet.transferTitle')}
      </div>
      <CurrencyField currency={currency} error={state.errors.vcId} onOpen={() => setPickerOpen(true)} />
      <AccountsField state={state} onSwap={() => dispatch({ type: 'swap' })} />
      <TransferAmountField
        state={state}
        currency={currency}
        available={available}
        decimals={decimals}
        dispatch={dispatch}
      />
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
  initialCoinId,
}: {
  open: boolean;
  onClose(): void;
  currencies: readonly WalletCurrency[];
  initialCoinId: number | null;
}) {
  const keys = useIdempotencyKey();
  const titleId = useId();
  return (
    // Destroyed on closing, so that each opening starts a fresh form.
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="transfer-popup" destroyOnClose>
      <TransferForm
        currencies={currencies}
        initialCoinId={initialCoinId}
        keys={keys}
        titleId={titleId}
        onDone={onClose}
      />
    </Popup>
  );
}
