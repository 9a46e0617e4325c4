import type { ContractPosition, ContractTerms } from '@vela/contract';
import { checkAmount, type AmountCheck, type ContractKind, type ContractSide } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { checkPrice, decimalsOf, shownAmount, type FieldMessage } from './contract-figures.ts';
import { minorOf } from './contract-logic.ts';

/**
 * The contract forms' checks as pure functions: the quantity (typed, or opened by a margin amount)
 * within the coin's decimals and limits, the limit price, the take-profit and stop-loss on the
 * right side of the price, and a close within what the position holds. The server checks all of
 * it again; the messages are the ones it would answer with.
 */

/** Whether the form names the quantity itself or the margin to open with. */
export type AmountMode = 'quantity' | 'margin';

/** The "Min X, Max Y" (or "Min X, Uncapped") hint of a quantity range. */
export function quantityRange(
  min: string,
  max: string | null,
): { key: MessageKey; params: { min: string; max?: string } } {
  return max === null
    ? { key: 'validation.rangeMinUncapped', params: { min: shownAmount(min) } }
    : { key: 'validation.rangeMinMax', params: { min: shownAmount(min), max: shownAmount(max) } };
}

/** The coin's own quantity range. */
export function termsRange(terms: ContractTerms) {
  return quantityRange(terms.minQuantity, terms.maxQuantity);
}

/** An amount check's failure as the form says it; `range` fills "out of range". */
function amountMessage(
  check: AmountCheck,
  decimals: number,
  range: FieldMessage['range'],
): FieldMessage | null {
  if (check.ok) return null;
  switch (check.error) {
    case 'amountEmpty':
      return { key: 'validation.amountEmpty' };
    case 'amountWrong':
      return { key: 'validation.amountWrong' };
    case 'amountPrecision':
      return { key: 'validation.amountPrecision', params: { decimals } };
    case 'amountOutOfRange':
      return { key: 'validation.amountOutOfRange', range };
  }
}

/** A quantity to open: given, well formed, within the coin's quantity decimals and its limits. */
export function checkQuantity(terms: ContractTerms, text: string): FieldMessage | null {
  const decimals = terms.quantityDecimals;
  const { minQuantity: min, maxQuantity: max } = terms;
  const scale = Math.max(decimals, decimalsOf(min), max === null ? 0 : decimalsOf(max));
  const check = checkAmount(text, { min, max, maxPrecision: decimals, scale });
  return amountMessage(check, decimals, termsRange(terms));
}

/**
 * A margin amount: given and well formed with at most `decimals` decimals, and opening a quantity
 * within the coin's limits (`quantity`, what it opens at the order's price; null while unknown).
 */
export function checkMarginAmount(
  terms: ContractTerms,
  text: string,
  decimals: number,
  quantity: string | null,
): FieldMessage | null {
  const amount = amountMessage(
    checkAmount(text, { min: null, max: null, maxPrecision: decimals }),
    decimals,
    undefined,
  );
  if (amount) return amount;
  if (quantity === null) return null;
  if (checkQuantity(terms, quantity) === null) return null;
  return { key: 'contract.marginOutOfRange', params: { quantity }, range: termsRange(terms) };
}

/** Above the price for a long's take-profit, below it for its stop-loss; a short's the other way. */
const TARGET_SIDE: Record<ContractSide, Record<'takeProfit' | 'stopLoss', 'above' | 'below'>> = {
  long: { takeProfit: 'above', stopLoss: 'below' },
  short: { takeProfit: 'below', stopLoss: 'above' },
};

const WRONG_SIDE: FieldMessage = { key: 'error.TARGET_WRONG_SIDE' };

/** One optional target price: empty, or a price above zero on its side of `reference`. */
function checkTarget(
  text: string,
  side: 'above' | 'below',
  reference: string | null | undefined,
  priceDecimals: number,
): FieldMessage | null {
  if (text.trim() === '') return null;
  const wrong = checkPrice(text, priceDecimals);
  if (wrong) return wrong;
  const ref = reference?.trim() ?? '';
  const scale = Math.max(priceDecimals, decimalsOf(ref), decimalsOf(text.trim()));
  const target = minorOf(text, scale);
  const price = minorOf(ref, scale);
  if (target === null || price === null) return null;
  const right = side === 'above' ? target > price : target < price;
  return right ? null : WRONG_SIDE;
}

export interface TargetsCheck {
  takeProfit: FieldMessage | null;
  stopLoss: FieldMessage | null;
}

/**
 * A take-profit and a stop-loss (each optional) for a position of `side`: prices above zero with
 * at most `priceDecimals` decimals, a long's take-profit above `reference` (the mark, or the price
 * an order opens at) and its stop-loss below it, a short's the other way round.
 */
export function checkTargets(input: {
  side: ContractSide;
  reference: string | null | undefined;
  takeProfit: string;
  stopLoss: string;
  priceDecimals: number;
}): TargetsCheck {
  const sides = TARGET_SIDE[input.side];
  return {
    takeProfit: checkTarget(input.takeProfit, sides.takeProfit, input.reference, input.priceDecimals),
    stopLoss: checkTarget(input.stopLoss, sides.stopLoss, input.reference, input.priceDecimals),
  };
}

export interface ContractFormInput {
  terms: ContractTerms;
  side: ContractSide;
  kind: ContractKind;
  mode: AmountMode;
  /** The typed quantity, or the typed margin amount. */
  amount: string;
  /** The quantity a margin amount opens; null while unknown (or in quantity mode). */
  marginQuantity: string | null;
  /** The decimals a margin amount may be typed with. */
  marginDecimals: number;
  limitPrice: string;
  takeProfit: string;
  stopLoss: string;
  /** The live price a market order opens near. */
  openPrice: string | null | undefined;
}

export interface ContractFormCheck extends TargetsCheck {
  amount: FieldMessage | null;
  price: FieldMessage | null;
}

/** The form's checks, each field's first problem, in the server's order. */
export function checkContractOrder(input: ContractFormInput): ContractFormCheck {
  const { terms } = input;
  const amount =
    input.mode === 'quantity'
      ? checkQuantity(terms, input.amount)
      : checkMarginAmount(terms, input.amount, input.marginDecimals, input.marginQuantity);
  const price = input.kind === 'limit' ? checkPrice(input.limitPrice, terms.priceDecimals) : null;
  // The targets are judged against the price the order opens at: its limit, or the live price.
  const reference = input.kind === 'limit' ? (price ? null : input.limitPrice) : input.openPrice;
  const targets = checkTargets({
    side: input.side,
    reference,
    takeProfit: input.takeProfit,
    stopLoss: input.stopLoss,
    priceDecimals: terms.priceDecimals,
  });
  return { amount, price, ...targets };
}

/**
 * A close of part or all of `position`: a quantity above zero with at most the coin's quantity
 * decimals, not more than the position holds, and at least the coin's minimum unless it closes
 * what is left.
 */
export function checkCloseQuantity(
  position: Pick<ContractPosition, 'quantity'>,
  text: string,
  terms: Pick<ContractTerms, 'minQuantity' | 'quantityDecimals'> | null,
): FieldMessage | null {
  const decimals = terms?.quantityDecimals ?? decimalsOf(position.quantity);
  const scale = Math.max(decimals, decimalsOf(position.quantity), decimalsOf(terms?.minQuantity ?? ''));
  const whole = checkAmount(text, { min: null, max: position.quantity, maxPrecision: decimals, scale });
  if (!whole.ok && whole.error === 'amountOutOfRange') return { key: 'error.CLOSE_MORE_THAN_HELD' };
  if (!whole.ok) return amountMessage(whole, decimals, undefined);
  const all = minorOf(position.quantity, scale);
  const min = terms ? minorOf(terms.minQuantity, scale) : null;
  if (whole.minor <= 0n) return { key: 'validation.amountWrong' };
  if (min !== null && whole.minor < min && whole.minor !== all) {
    return {
      key: 'validation.amountOutOfRange',
      range: quantityRange(terms?.minQuantity ?? '0', position.quantity),
    };
  }
  return null;
}

export interface ContractDraft {
  vcId: number;
  side: ContractSide;
  kind: ContractKind;
  leverage: number;
  quantity: string;
  limitPrice: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
}

/** The body of an order request: a limit order names its price; targets only when given. */
export function orderBody(draft: ContractDraft) {
  return {
    vcId: draft.vcId,
    side: draft.side,
    kind: draft.kind,
    leverage: draft.leverage,
    quantity: draft.quantity,
    ...(draft.kind === 'limit' && draft.limitPrice !== null ? { limitPrice: draft.limitPrice } : {}),
    ...(draft.takeProfit !== null ? { takeProfit: draft.takeProfit } : {}),
    ...(draft.stopLoss !== null ? { stopLoss: draft.stopLoss } : {}),
  };
}

/** A typed optional price as the wire wants it: trimmed, or null when empty (which clears it). */
export function optionalPrice(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The body that sets a position's targets; an empty field clears its target. */
export function targetsBody(positionId: number, takeProfit: string, stopLoss: string) {
  return { positionId, takeProfit: optionalPrice(takeProfit), stopLoss: optionalPrice(stopLoss) };
}
