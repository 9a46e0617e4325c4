import type { TransferAccount, WalletCurrency } from '@vela/contract';
import { checkAmount, sanitizeAmountTyping, truncateDecimal, type AmountError } from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import { availableIn, plainAmount } from './wallet-logic.ts';

/**
 * The transfer form as a reducer, a validator and the request body, outside React, so every rule
 * is tested without a browser. The screen only dispatches and displays.
 */

export type TransferField = 'vcId' | 'to' | 'amount';

/** A field's message: a catalogue key (with its values) from the rules, or a server's own text. */
export type FieldMessage = { key: MessageKey; params?: MessageParams } | { text: string };
export type TransferErrors = Partial<Record<TransferField, FieldMessage>>;

export interface TransferState {
  vcId: number | null;
  from: TransferAccount;
  to: TransferAccount;
  /** The amount as typed: digits and at most the decimals allowed (`amountDecimals`). */
  amount: string;
  errors: TransferErrors;
}

export type TransferAction =
  | { type: 'reset'; vcId: number | null }
  | { type: 'currency'; vcId: number }
  | { type: 'swap' }
  | { type: 'amount'; text: string; decimals: number }
  | { type: 'all'; available: string; decimals: number }
  | { type: 'errors'; errors: TransferErrors }
  | { type: 'fieldError'; field: TransferField; message: FieldMessage };

export function initialTransfer(vcId: number | null): TransferState {
  return { vcId, from: 'spot', to: 'contract', amount: '', errors: {} };
}

function without(errors: TransferErrors, ...fields: TransferField[]): TransferErrors {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

export function transferReducer(state: TransferState, action: TransferAction): TransferState {
  switch (action.type) {
    case 'reset':
      return initialTransfer(action.vcId);
    case 'currency':
      // Another currency has another scale and other balances: the typed amount no longer applies.
      return action.vcId === state.vcId
        ? state
        : { ...state, vcId: action.vcId, amount: '', errors: without(state.errors, 'vcId', 'amount') };
    case 'swap':
      // The available amount changes with the source account, so an amount error may no longer hold.
      return { ...state, from: state.to, to: state.from, errors: without(state.errors, 'to', 'amount') };
    case 'amount': {
      const amount = sanitizeAmountTyping(state.amount, action.text, action.decimals);
      return amount === state.amount ? state : { ...state, amount, errors: without(state.errors, 'amount') };
    }
    case 'all': {
      // All that can be typed: a remainder below the decimals allowed stays in the account.
      const amount = plainAmount(truncateDecimal(action.available, action.decimals));
      return { ...state, amount, errors: without(state.errors, 'amount') };
    }
    case 'errors':
      return { ...state, errors: action.errors };
    case 'fieldError':
      return { ...state, errors: { ...state.errors, [action.field]: action.message } };
  }
}

const AMOUNT_MESSAGES: Record<AmountError, MessageKey> = {
  amountEmpty: 'validation.amountEmpty',
  amountWrong: 'validation.amountWrong',
  amountPrecision: 'validation.amountPrecision',
  // The only upper bound of a transfer is what the source account holds.
  amountOutOfRange: 'error.INSUFFICIENT_BALANCE',
};

/**
 * The rules, in a fixed order per field: a currency is chosen; the two accounts differ; the amount
 * is given, well formed, within the decimals allowed (`decimals`: the currency's, or fewer when the
 * platform's GLOBAL `amountMaxPrecision` says so), above zero and at most the source account's
 * balance. The server checks all of it again.
 */
export function validateTransfer(
  state: TransferState,
  currency: WalletCurrency | undefined,
  decimals: number,
): TransferErrors {
  const errors: TransferErrors = {};
  if (!currency || currency.vcId !== state.vcId) {
    errors.vcId = { key: 'validation.required' };
    return errors;
  }
  if (state.from === state.to) errors.to = { key: 'validation.transferSameAccount' };
  const check = checkAmount(state.amount, {
    min: null,
    max: availableIn(currency, state.from),
    maxPrecision: decimals,
    scale: currency.scale,
  });
  if (!check.ok) {
    errors.amount =
      check.error === 'amountPrecision'
        ? { key: AMOUNT_MESSAGES[check.error], params: { decimals } }
        : { key: AMOUNT_MESSAGES[check.error] };
  }
  return errors;
}

export function hasErrors(errors: TransferErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The request body of a valid form. */
export function transferBody(state: TransferState & { vcId: number }) {
  return { vcId: state.vcId, from: state.from, to: state.to, amount: state.amount.trim() };
}

/** Where a server failure belongs: the field it names, or the amount for a short balance. */
export function serverErrorField(code: string, field: string | null): TransferField | null {
  if (field === 'amount' || field === 'vcId') return field;
  if (field === 'to' || field === 'from') return 'to';
  if (code === 'INSUFFICIENT_BALANCE') return 'amount';
  return null;
}

/**
 * The currency the form starts with: the one asked for, else the first one holding something that
 * can be moved, else the first one.
 */
export function defaultCurrency(currencies: readonly WalletCurrency[], wanted: number | null): number | null {
  if (wanted !== null && currencies.some((c) => c.vcId === wanted)) return wanted;
  const held = currencies.find((c) => /[1-9]/.test(c.spot) || /[1-9]/.test(c.contract));
  return (held ?? currencies[0])?.vcId ?? null;
}
