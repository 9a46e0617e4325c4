import { useState } from 'react';
import type { ContractAccount, ContractLevels, ContractTerms } from '@vela/contract';
import type { ContractKind, ContractSide } from '@vela/domain';
import type { ContractField, ContractRefusal } from './contract-api.ts';
import { checkQuantity, type AmountMode, type ContractFormInput } from './contract-checks.ts';
import {
  checkPrice,
  prefilledPrice,
  typedFigure,
  type FieldError,
  type FieldMessage,
} from './contract-figures.ts';
import {
  contractEstimate,
  minorOf,
  quantityForMargin,
  quickQuantities,
  type ContractEstimate,
  type OpenFigures,
} from './contract-logic.ts';

/** What the order form needs besides its own state: the coin, its price, the account and scales. */
export interface ContractFormContext {
  terms: ContractTerms;
  /** The coin's live price: a market order's estimate uses it, and a limit price starts from it. */
  livePrice: string | undefined;
  /** The account with its positions; undefined while it loads. */
  account: ContractAccount | undefined;
  levels: ContractLevels | undefined;
  /** Every coin's live price, to value the account's positions at. */
  live: ReadonlyMap<number, string>;
  /** Decimals of the settlement coin's and of the coin's wallet amounts. */
  scales: { quote: number; coin: number };
  /** The decimals a margin amount may be typed with. */
  marginDecimals: number;
}

export type FormErrors = Record<ContractField, FieldError>;

export const NO_ERRORS: FormErrors = { amount: null, price: null, takeProfit: null, stopLoss: null };

/** The form's choices and typed figures, with the changes it allows. */
export function useContractFormState(context: ContractFormContext) {
  const [side, setSide] = useState<ContractSide>('long');
  const [kind, setKind] = useState<ContractKind>('market');
  // The lowest leverage is the safest one; the user raises it on purpose.
  const [leverage, setLeverage] = useState<number>(context.terms.leverages[0] ?? 1);
  const [mode, setMode] = useState<AmountMode>('quantity');
  const [typed, setTyped] = useState({ amount: '', limitPrice: '', takeProfit: '', stopLoss: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const type =
    (field: keyof typeof typed, error: ContractField) => (update: (previous: string) => string) => {
      setTyped((previous) => ({ ...previous, [field]: update(previous[field]) }));
      setErrors((previous) => ({ ...previous, [error]: null }));
    };
  return {
    side,
    kind,
    leverage,
    mode,
    ...typed,
    errors,
    setErrors,
    refused: (refusal: ContractRefusal) =>
      setErrors((previous) => ({ ...previous, [refusal.field]: { text: refusal.text } })),
    chooseSide: (next: ContractSide) => {
      setSide(next);
      // The targets' sides turn round with the position's.
      setErrors((previous) => ({ ...previous, takeProfit: null, stopLoss: null }));
    },
    // A limit order starts from the live price, cut to the price decimals, until the user types one.
    chooseKind: (next: ContractKind) => {
      setKind(next);
      setErrors((previous) => ({ ...previous, price: null }));
      if (next === 'limit' && typed.limitPrice === '') {
        setTyped((previous) => ({
          ...previous,
          limitPrice: prefilledPrice(context.livePrice, context.terms.priceDecimals),
        }));
      }
    },
    chooseLeverage: setLeverage,
    // The typed figure meant a quantity or a margin: switching starts it again.
    chooseMode: (next: AmountMode) => {
      if (next === mode) return;
      setMode(next);
      setTyped((previous) => ({ ...previous, amount: '' }));
      setErrors((previous) => ({ ...previous, amount: null }));
    },
    typeAmount: type('amount', 'amount'),
    typePrice: type('limitPrice', 'price'),
    typeTakeProfit: type('takeProfit', 'takeProfit'),
    typeStopLoss: type('stopLoss', 'stopLoss'),
    clear: () => setTyped((previous) => ({ ...previous, amount: '', takeProfit: '', stopLoss: '' })),
  };
}

export type FormState = ReturnType<typeof useContractFormState>;

/** The price the order opens at: the live price at market, the typed limit when it reads as one. */
function openPriceOf(context: ContractFormContext, form: FormState): string | undefined {
  if (form.kind === 'market') return context.livePrice;
  return checkPrice(form.limitPrice, context.terms.priceDecimals) ? undefined : form.limitPrice.trim();
}

/**
 * What the form shows for its state: the quantity to open (typed, or what the margin opens), the
 * estimate, the quick amounts and the problem of the amount while typing.
 */
export function formFigures(context: ContractFormContext, form: FormState) {
  const openPrice = openPriceOf(context, form);
  const open: OpenFigures = {
    terms: context.terms,
    side: form.side,
    kind: form.kind,
    leverage: form.leverage,
    price: openPrice,
    account: context.account,
    levels: context.levels,
    live: context.live,
    scales: context.scales,
  };
  const marginQuantity = form.mode === 'margin' ? quantityForMargin({ ...open, margin: form.amount }) : null;
  const quantity = form.mode === 'quantity' ? form.amount.trim() : (marginQuantity ?? '');
  const estimate: ContractEstimate | null = contractEstimate({ ...open, quantity });
  const input: ContractFormInput = {
    terms: context.terms,
    side: form.side,
    kind: form.kind,
    mode: form.mode,
    amount: form.amount,
    marginQuantity,
    marginDecimals: context.marginDecimals,
    limitPrice: form.limitPrice,
    takeProfit: form.takeProfit,
    stopLoss: form.stopLoss,
    openPrice,
  };
  const quick = quickShares(open, form.mode);
  return {
    open,
    input,
    quantity,
    marginQuantity,
    estimate,
    quick,
    typing: typingProblem(context, quantity, estimate),
  };
}

/**
 * The quick amounts of the mode: quantities, or the margins those quantities lock (which open the
 * same quantities again).
 */
function quickShares(open: OpenFigures, mode: AmountMode): { percent: number; value: string }[] {
  const shares = quickQuantities(open);
  if (mode === 'quantity') return shares;
  return shares.map((share) => {
    const margin = share.value === '0' ? null : contractEstimate({ ...open, quantity: share.value })?.margin;
    return { percent: share.percent, value: margin ? typedFigure(margin) : '0' };
  });
}

/**
 * What is wrong while typing, shown at once: more than the coin's maximum, or more than the
 * available amount pays. A quantity still below the minimum is not reported here, since it may be
 * the start of a larger one.
 */
function typingProblem(
  context: ContractFormContext,
  quantity: string,
  estimate: ContractEstimate | null,
): FieldMessage | null {
  const { terms } = context;
  const typed = minorOf(quantity, terms.quantityDecimals);
  if (typed === null || typed <= 0n) return null;
  const max = minorOf(terms.maxQuantity, terms.quantityDecimals);
  if (max !== null && typed > max) return checkQuantity(terms, quantity);
  return estimate?.short ? { key: 'error.INSUFFICIENT_BALANCE' } : null;
}
