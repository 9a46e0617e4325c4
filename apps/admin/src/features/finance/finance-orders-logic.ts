import type { FinanceOrder } from '@vela/contract';

const USER_ID = /^[1-9]\d*$/;

/** Whether a typed text is a user id the server can take: a whole number from 1. */
export function isUserId(text: string): boolean {
  return USER_ID.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER;
}

/**
 * The user a typed filter asks for: null for none (an empty field), undefined while the text is
 * not a user id, so the list keeps what it shows until the filter is corrected.
 */
export function userFilterOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return isUserId(trimmed) ? Number(trimmed) : undefined;
}

/** One amount of an order's payout, in its currency. */
export interface PayoutLine {
  amount: string;
  currency: string;
}

/**
 * What an order pays or paid: a settled order its payout; an order redeemed early what came back
 * (the principal less the fee); a holding order both outcomes, since the settlement price decides
 * which currency it will be paid in.
 */
export type OrderPayout =
  | { kind: 'paid'; line: PayoutLine }
  | { kind: 'refunded'; line: PayoutLine; fee: PayoutLine | null }
  | { kind: 'expected'; belowLinked: PayoutLine; atOrAboveLinked: PayoutLine }
  | { kind: 'none' };

export function orderPayout(order: FinanceOrder): OrderPayout {
  if (order.state === 'settled') {
    return order.payoutAmount !== null && order.payoutSymbol !== null
      ? { kind: 'paid', line: { amount: order.payoutAmount, currency: order.payoutSymbol } }
      : { kind: 'none' };
  }
  if (order.state === 'redeemed') {
    if (order.refundAmount === null) return { kind: 'none' };
    const fee =
      order.serviceAmount === null ? null : { amount: order.serviceAmount, currency: order.buySymbol };
    return { kind: 'refunded', line: { amount: order.refundAmount, currency: order.buySymbol }, fee };
  }
  return {
    kind: 'expected',
    belowLinked: { amount: order.estimateCoin, currency: order.symbol },
    atOrAboveLinked: { amount: order.estimateUsdt, currency: order.settleSymbol },
  };
}
