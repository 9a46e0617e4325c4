import type { SpotHolding, SpotOrder, SpotOrderSide, SpotState, SpotTerms } from '@vela/contract';
import {
  buyFigures,
  checkAmount,
  feeRateUnits,
  formatMinor,
  parseDecimal,
  quantityStep,
  quoteOf,
  sellFigures,
  truncateDecimal,
  type SpotKind,
  type SpotScales,
} from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { decimalsOf, shownAmount, type FieldMessage } from './timing-logic.ts';

/**
 * The spot screens' figures and rules as pure functions, outside React, so they are tested without
 * a browser: the terms of a coin, the quick amounts, the order form's checks, the estimated fee and
 * what an order would give (with the domain's own fill arithmetic, so the estimate follows the rule
 * the server fills by), and a holding's value and unrealized profit at the live price.
 */

/**
 * How often open orders and holdings are asked for again while shown: the live channel has no spot
 * topic, only the wallet events of their balance entries, so this is the polling fallback.
 */
export const SPOT_POLL_MS = 3000;

/** The decimals quick amounts keep when a coin's terms do not say (docs/product.md, "Terms per coin"). */
export const DEFAULT_SPOT_DECIMALS = 4;

/** The quick-amount buttons: shares of what is available, in percent. */
export const QUICK_SHARES = [25, 50, 75, 100] as const;

/** The terms of a coin that trades on spot now; null when it has none or they are disabled. */
export function enabledTerms(list: readonly SpotTerms[] | undefined, vcId: number): SpotTerms | null {
  const terms = list?.find((entry) => entry.vcId === vcId);
  return terms?.enabled ? terms : null;
}

/**
 * The decimals a typed figure of one side may have: a buy names USDT (the amount decimals), a sell
 * the coin (the quantity decimals); 4 while the terms are missing.
 */
export function sideDecimals(terms: SpotTerms | null, side: SpotOrderSide): number {
  if (!terms) return DEFAULT_SPOT_DECIMALS;
  return side === 'buy' ? terms.amountDecimals : terms.quantityDecimals;
}

/** A figure as a user would type it: no trailing zeros ("12.500" -> "12.5", "3.000" -> "3"). */
export function typedFigure(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * `percent` of `available`, truncated (never rounded up) to `decimals`: a quick amount never asks
 * for more than is there. "0" when nothing is available or the text cannot be read.
 */
export function quickAmount(available: string | null, percent: number, decimals: number): string {
  if (available === null) return '0';
  const scale = decimalsOf(available.trim());
  const held = parseDecimal(available, scale);
  if (!held.ok || held.minor <= 0n) return '0';
  const share = (held.minor * BigInt(percent)) / 100n;
  return typedFigure(truncateDecimal(formatMinor(share, scale), decimals));
}

/** The quick amounts of every share, in the order of QUICK_SHARES. */
export function quickAmounts(
  available: string | null,
  decimals: number,
): { percent: number; value: string }[] {
  return QUICK_SHARES.map((percent) => ({ percent, value: quickAmount(available, percent, decimals) }));
}

/** A side's limits: a buy's amount in USDT, a sell's quantity in the coin. */
export function sideLimits(terms: SpotTerms, side: SpotOrderSide): { min: string; max: string | null } {
  return side === 'buy'
    ? { min: terms.minAmount, max: terms.maxAmount }
    : { min: terms.minQuantity, max: terms.maxQuantity };
}

/** The "Min X, Max Y" (or "Min X, Uncapped") hint of a side, with the figures' significant decimals. */
export function spotRangeHint(
  terms: SpotTerms,
  side: SpotOrderSide,
): { key: MessageKey; params: { min: string; max?: string } } {
  const { min, max } = sideLimits(terms, side);
  return max === null
    ? { key: 'validation.rangeMinUncapped', params: { min: shownAmount(min) } }
    : { key: 'validation.rangeMinMax', params: { min: shownAmount(min), max: shownAmount(max) } };
}

export interface SpotFormInput {
  terms: SpotTerms;
  side: SpotOrderSide;
  kind: SpotKind;
  /** The typed amount (buy) or quantity (sell). */
  amount: string;
  limitPrice: string;
  /** What the side spends is available: USDT for a buy, the coin for a sell; null while unknown. */
  available: string | null;
}

export interface SpotFormCheck {
  amount: FieldMessage | null;
  price: FieldMessage | null;
}

const AMOUNT_MESSAGES = {
  amountEmpty: 'validation.amountEmpty',
  amountWrong: 'validation.amountWrong',
} as const satisfies Record<string, MessageKey>;

/** The typed amount or quantity: given, well formed, within its decimals and limits, and available. */
function checkSpotAmount(input: SpotFormInput): FieldMessage | null {
  const decimals = sideDecimals(input.terms, input.side);
  const { min, max } = sideLimits(input.terms, input.side);
  const scale = Math.max(decimals, decimalsOf(min), max === null ? 0 : decimalsOf(max));
  const check = checkAmount(input.amount, { min, max, maxPrecision: decimals, scale });
  if (!check.ok) {
    if (check.error === 'amountPrecision') return { key: 'validation.amountPrecision', params: { decimals } };
    if (check.error === 'amountOutOfRange') {
      return { key: 'validation.amountOutOfRange', range: spotRangeHint(input.terms, input.side) };
    }
    return { key: AMOUNT_MESSAGES[check.error] };
  }
  if (exceeds(input.amount, input.available)) return shortfall(input.side);
  return null;
}

/** What the form says when the side's balance is short: USDT for a buy, the holding for a sell. */
export function shortfall(side: SpotOrderSide): FieldMessage {
  return { key: side === 'buy' ? 'error.INSUFFICIENT_BALANCE' : 'error.INSUFFICIENT_HOLDING' };
}

/** Whether `amount` is more than `available` (when known), compared at the finer of their scales. */
function exceeds(amount: string, available: string | null): boolean {
  if (available === null) return false;
  const scale = Math.max(decimalsOf(amount.trim()), decimalsOf(available.trim()));
  const typed = parseDecimal(amount, scale);
  const held = parseDecimal(available, scale);
  return typed.ok && held.ok && typed.minor > held.minor;
}

/** A limit price: given, a number above zero, with at most the coin's price decimals. */
export function checkLimitPrice(text: string, priceDecimals: number): FieldMessage | null {
  const trimmed = text.trim();
  if (trimmed === '') return { key: 'validation.priceEmpty' };
  const parsed = parseDecimal(trimmed, priceDecimals);
  if (!parsed.ok) {
    return parsed.reason === 'precision'
      ? { key: 'validation.amountPrecision', params: { decimals: priceDecimals } }
      : { key: 'validation.priceWrong' };
  }
  return parsed.minor > 0n ? null : { key: 'validation.priceWrong' };
}

/**
 * The form's checks, in the server's order: the amount (or quantity) with its decimals and limits,
 * then a limit order's price, then what is available. The server checks all of it again.
 */
export function checkSpotOrder(input: SpotFormInput): SpotFormCheck {
  const price = input.kind === 'limit' ? checkLimitPrice(input.limitPrice, input.terms.priceDecimals) : null;
  return { amount: checkSpotAmount(input), price };
}

/**
 * What is wrong while typing, shown at once: more than the maximum, or more than is available. A
 * figure still below the minimum is not reported here, since it may be the start of a larger one.
 */
export function amountOverLimit(input: SpotFormInput): FieldMessage | null {
  const decimals = sideDecimals(input.terms, input.side);
  const typed = parseDecimal(input.amount.trim(), decimals);
  if (!typed.ok || typed.minor <= 0n) return null;
  const { max } = sideLimits(input.terms, input.side);
  if (max !== null && exceeds(input.amount, max)) {
    return { key: 'validation.amountOutOfRange', range: spotRangeHint(input.terms, input.side) };
  }
  return exceeds(input.amount, input.available) ? shortfall(input.side) : null;
}

export interface SpotEstimate {
  /** The fee in the settlement coin: the fee rate times the quote. */
  fee: string;
  /** What the order gives: coins for a buy, USDT for a sell. */
  receive: string;
}

export interface EstimateInput {
  terms: SpotTerms;
  side: SpotOrderSide;
  amount: string;
  /** The live price for a market order, the limit price for a limit one. */
  price: string | null | undefined;
  /** Decimals of the settlement coin's amounts (USDT: 6). */
  quoteScale: number;
  /** Decimals of the coin's amounts; the quantity decimals when unknown. */
  coinScale: number;
}

/**
 * The fee and what the order would give if it filled at `price`: the domain's fill arithmetic
 * (`buyFigures`, `sellFigures`), so a buy gets whole steps of the quantity decimals and every
 * rounding favours the house as the fill does. Null while a figure cannot be read, or when the
 * amount buys not even one step at that price.
 */
export function spotEstimate(input: EstimateInput): SpotEstimate | null {
  const priceText = input.price?.trim() ?? '';
  const price = parseDecimal(priceText, decimalsOf(priceText));
  if (!price.ok || price.minor <= 0n) return null;
  const coinScale = Math.max(input.coinScale, input.terms.quantityDecimals);
  const scales: SpotScales = { price: decimalsOf(priceText), quantity: coinScale, quote: input.quoteScale };
  const typedScale = input.side === 'buy' ? input.quoteScale : coinScale;
  const typed = parseDecimal(input.amount.trim(), typedScale);
  if (!typed.ok || typed.minor <= 0n) return null;
  try {
    const rate = feeRateUnits(input.terms.feeRate);
    if (input.side === 'sell') {
      const sold = sellFigures(typed.minor, price.minor, rate, scales);
      return { fee: formatMinor(sold.fee, scales.quote), receive: formatMinor(sold.credit, scales.quote) };
    }
    const step = quantityStep(input.terms.quantityDecimals, coinScale);
    const bought = buyFigures(typed.minor, price.minor, rate, step, scales);
    if (!bought) return null;
    return { fee: formatMinor(bought.fee, scales.quote), receive: formatMinor(bought.quantity, coinScale) };
  } catch {
    // Terms the domain refuses (a fee rate of 1 or more) cannot be quoted; the server refuses them too.
    return null;
  }
}

/** The body of an order request: a buy names its amount, a sell its quantity; a limit its price. */
export function orderBody(draft: {
  vcId: number;
  side: SpotOrderSide;
  kind: SpotKind;
  amount: string;
  limitPrice: string | null;
}) {
  const figure = draft.side === 'buy' ? { amount: draft.amount } : { quantity: draft.amount };
  return {
    vcId: draft.vcId,
    side: draft.side,
    kind: draft.kind,
    ...figure,
    ...(draft.kind === 'limit' && draft.limitPrice !== null ? { limitPrice: draft.limitPrice } : {}),
  };
}

export interface HoldingFigures {
  /** The quantity at the price, in the settlement coin; null without a price. */
  value: string | null;
  /** The value less the cost; null without a price or while the average cost is unknown. */
  profit: string | null;
  /** The profit as a percentage of the cost, for display only; null where the profit is. */
  percent: number | null;
}

/**
 * A holding's value and unrealized profit at `price` (the live price, or the holding's own latest
 * price): value = quantity × price, rounded down at the cost's scale; profit = value − cost. A
 * holding whose average cost is unknown (its coins came by deposit) has no profit to show.
 */
export function holdingFigures(holding: SpotHolding, price: string | null | undefined): HoldingFigures {
  const none: HoldingFigures = { value: null, profit: null, percent: null };
  const priceText = price?.trim() ?? '';
  const priceScale = decimalsOf(priceText);
  const parsedPrice = parseDecimal(priceText, priceScale);
  const quantity = parseDecimal(holding.quantity, holding.scale);
  const quoteScale = decimalsOf(holding.cost);
  const cost = parseDecimal(holding.cost, quoteScale);
  if (!parsedPrice.ok || !quantity.ok || !cost.ok) return none;
  const scales = { price: priceScale, quantity: holding.scale, quote: quoteScale };
  const value = quoteOf(quantity.minor, parsedPrice.minor, scales, 'down');
  if (holding.averageCost === null) return { ...none, value: formatMinor(value, quoteScale) };
  const profit = value - cost.minor;
  return {
    value: formatMinor(value, quoteScale),
    profit: formatMinor(profit, quoteScale),
    percent: cost.minor > 0n ? Number((profit * 1_000_000n) / cost.minor) / 10_000 : null,
  };
}

/** A signed percentage with two decimals: "+12.34%", "-5.00%", "0.00%". */
export function signedPercent(percent: number): string {
  const text = Math.abs(percent).toFixed(2);
  if (text === '0.00') return '0.00%';
  return `${percent > 0 ? '+' : '-'}${text}%`;
}

/** The colour of a signed amount: above zero is "up", below "down". */
export function signTone(text: string | null): 'up' | 'down' | 'flat' {
  if (text === null || !/[1-9]/.test(text)) return 'flat';
  return text.trim().startsWith('-') ? 'down' : 'up';
}

/** Buy is the "up" colour, sell the "down" one, as on the timed panel. */
export function sideTone(side: SpotOrderSide): 'up' | 'down' {
  return side === 'buy' ? 'up' : 'down';
}

/** The trade screen's names of the sides ("buy long", "sell short" mean buy and sell on spot). */
export const SIDE_BUTTON_LABEL: Record<SpotOrderSide, MessageKey> = {
  buy: 'dict.TradeOrderDirectionEnum.1',
  sell: 'dict.TradeOrderDirectionEnum.2',
};

export const SIDE_LABEL: Record<SpotOrderSide, MessageKey> = {
  buy: 'spot.side.buy',
  sell: 'spot.side.sell',
};

export const KIND_LABEL: Record<SpotKind, MessageKey> = {
  market: 'spot.kind.market',
  limit: 'spot.kind.limit',
};

/** The name of an order's state; a cancellation for being too small says so. */
export function stateLabel(order: Pick<SpotOrder, 'state' | 'cancelReason'>): MessageKey {
  if (order.state === 'cancelled' && order.cancelReason === 'too_small') return 'spot.state.tooSmall';
  const labels: Record<SpotState, MessageKey> = {
    open: 'spot.state.open',
    filled: 'spot.state.filled',
    cancelled: 'spot.state.cancelled',
  };
  return labels[order.state];
}

/** The price an order shows: its fill price once filled, otherwise its limit (a market order: none). */
export function orderPrice(order: Pick<SpotOrder, 'fillPrice' | 'limitPrice'>): string | null {
  return order.fillPrice ?? order.limitPrice;
}

/** A limit price prefilled from the live price, cut (not rounded) to the coin's price decimals. */
export function prefilledPrice(livePrice: string | undefined, priceDecimals: number): string {
  return livePrice ? truncateDecimal(livePrice.trim(), priceDecimals) : '';
}
