import type { SpotOrder } from '@vela/contract';
import { formatMinor } from '@vela/domain';
import type { SpotWorkOrder } from './spot-fills.ts';
import type { SpotOrderRow } from './spot-repository.ts';
import type { CheckedSpotOrder } from './spot-terms.ts';

/** Spot orders on the wire: amounts as decimal strings at their currency's scale. */

/** The answer to a placement: the order as accepted, open, nothing filled yet. */
export function placedSpotOrder(order: SpotWorkOrder, checked: CheckedSpotOrder): SpotOrder {
  return {
    id: order.id,
    vcId: order.coinId,
    symbol: checked.pair.symbol,
    settleSymbol: checked.settle.symbol,
    side: order.side,
    kind: order.kind,
    state: 'open',
    amount: order.side === 'buy' ? formatMinor(order.heldMinor, order.settleScale) : null,
    quantity: order.side === 'sell' ? formatMinor(order.heldMinor, order.quantityScale) : null,
    limitPrice: order.limitPrice === null ? null : formatMinor(order.limitPrice, order.priceScale),
    feeRate: order.feeRate,
    createdAt: order.acceptedAt,
    fillPrice: null,
    fillTickId: null,
    fillTickTime: null,
    quote: null,
    fee: null,
    credit: null,
    filledAt: null,
    cancelledAt: null,
    cancelReason: null,
  };
}

function stateOf(row: SpotOrderRow): SpotOrder['state'] {
  if (row.open_id !== null) return 'open';
  if (row.fill_tick_id !== null) return 'filled';
  if (row.cancel_reason !== null) return 'cancelled';
  throw new Error(`spot order ${row.id} is neither open, filled nor cancelled`);
}

function decimalOf(minor: bigint | number | null, scale: number): string | null {
  return minor === null ? null : formatMinor(BigInt(minor), scale);
}

export function toSpotOrder(row: SpotOrderRow): SpotOrder {
  const buy = row.side === 'buy';
  const quantityScale = row.quantity_scale;
  const settleScale = row.settle_scale;
  return {
    id: Number(row.id),
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    settleSymbol: row.settle_symbol,
    side: row.side,
    kind: row.kind,
    state: stateOf(row),
    amount: buy ? formatMinor(BigInt(row.held_minor), settleScale) : null,
    quantity: buy
      ? decimalOf(row.fill_quantity_minor, quantityScale)
      : formatMinor(BigInt(row.held_minor), quantityScale),
    limitPrice: decimalOf(row.limit_price_minor, row.price_scale),
    feeRate: row.fee_rate,
    createdAt: Number(row.created_at),
    fillPrice: decimalOf(row.fill_price_minor, row.price_scale),
    fillTickId: row.fill_tick_id === null ? null : Number(row.fill_tick_id),
    fillTickTime: row.fill_tick_time_ms === null ? null : Number(row.fill_tick_time_ms),
    quote: decimalOf(row.fill_quote_minor, settleScale),
    fee: decimalOf(row.fill_fee_minor, settleScale),
    credit: decimalOf(row.fill_credit_minor, settleScale),
    filledAt: row.filled_at === null ? null : Number(row.filled_at),
    cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
    cancelReason: row.cancel_reason,
  };
}
