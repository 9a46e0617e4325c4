import type { ContractClose, ContractOrder as WireOrder, ContractPosition } from '@vela/contract';
import {
  feeRateUnits,
  formatMinor,
  profitOf,
  type ContractOrder,
  type ContractScales,
  type Position,
  type RecordedTick,
} from '@vela/domain';
import type {
  ContractCloseView,
  ContractOrderRow,
  ContractOrderView,
  ContractPositionRow,
} from './contract-repository.ts';

/** Contract rows as the engine keeps them, and on the wire: decimal strings at their scales. */

function scalesOf(row: {
  price_scale: number;
  quantity_scale: number;
  settle_scale: number;
}): ContractScales {
  return { price: row.price_scale, quantity: row.quantity_scale, quote: row.settle_scale };
}

const bigintOrNull = (value: bigint | number | null) => (value === null ? null : BigInt(value));

export function workOrderOf(row: ContractOrderRow): ContractOrder {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    coinId: Number(row.vc_id),
    action: row.action,
    side: row.side,
    kind: row.kind,
    quantity: BigInt(row.quantity_minor),
    limitPrice: bigintOrNull(row.limit_price_minor),
    leverage: row.leverage,
    takeProfit: bigintOrNull(row.take_profit_minor),
    stopLoss: bigintOrNull(row.stop_loss_minor),
    positionId: row.position_id === null ? null : Number(row.position_id),
    held: BigInt(row.held_minor),
    acceptedAt: Number(row.created_at),
    openRate: feeRateUnits(row.open_fee_rate),
    closeRate: feeRateUnits(row.close_fee_rate),
    scales: scalesOf(row),
  };
}

export function workPositionOf(row: ContractPositionRow): Position {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    coinId: Number(row.vc_id),
    side: row.side,
    leverage: row.leverage,
    entryPrice: BigInt(row.entry_price_minor),
    quantity: BigInt(row.quantity_minor),
    margin: BigInt(row.margin_minor),
    takeProfit: bigintOrNull(row.take_profit_minor),
    stopLoss: bigintOrNull(row.stop_loss_minor),
    openedAt: Number(row.open_tick_time_ms),
    closeRate: feeRateUnits(row.close_fee_rate),
    scales: scalesOf(row),
  };
}

function stateOf(row: ContractOrderView): WireOrder['state'] {
  if (row.open_id !== null) return 'open';
  if (row.state === null) throw new Error(`contract order ${row.id} is neither open nor ended`);
  return row.state;
}

export function toContractOrder(row: ContractOrderView): WireOrder {
  const s = scalesOf(row);
  const price = (v: bigint | number | null) => (v === null ? null : formatMinor(BigInt(v), s.price));
  const money = (v: bigint | number | null) => (v === null ? null : formatMinor(BigInt(v), s.quote));
  const state = stateOf(row);
  return {
    id: Number(row.id),
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    action: row.action,
    side: row.side,
    kind: row.kind,
    state,
    endReason: state === 'cancelled' || state === 'refused' ? (row.reason as WireOrder['endReason']) : null,
    quantity: formatMinor(BigInt(row.quantity_minor), s.quantity),
    leverage: row.leverage,
    limitPrice: price(row.limit_price_minor),
    takeProfit: price(row.take_profit_minor),
    stopLoss: price(row.stop_loss_minor),
    positionId:
      row.position_id !== null
        ? Number(row.position_id)
        : state === 'filled' && row.action === 'open'
          ? Number(row.id)
          : null,
    held: formatMinor(BigInt(row.held_minor), s.quote),
    createdAt: Number(row.created_at),
    fillPrice: price(row.price_minor),
    fillTickId: row.tick_id === null ? null : Number(row.tick_id),
    fillTickTime: row.tick_time_ms === null ? null : Number(row.tick_time_ms),
    margin: money(row.margin_minor),
    fee: money(row.fee_minor),
    profit: money(row.profit_minor),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  };
}

/** A position at its mark, with the account's forced-close price for its coin. */
export function toContractPosition(
  row: ContractPositionRow,
  symbol: string,
  mark: RecordedTick,
  forcedClosePrice: bigint | null,
): ContractPosition {
  const s = scalesOf(row);
  const position = workPositionOf(row);
  const price = (v: bigint | null) => (v === null ? null : formatMinor(v, s.price));
  return {
    id: position.id,
    vcId: position.coinId,
    symbol,
    side: position.side,
    leverage: position.leverage,
    quantity: formatMinor(position.quantity, s.quantity),
    entryPrice: formatMinor(position.entryPrice, s.price),
    margin: formatMinor(position.margin, s.quote),
    markPrice: formatMinor(mark.priceMinor, s.price),
    profit: formatMinor(
      profitOf(position.side, position.entryPrice, mark.priceMinor, position.quantity, s),
      s.quote,
    ),
    takeProfit: price(position.takeProfit),
    stopLoss: price(position.stopLoss),
    forcedClosePrice: price(forcedClosePrice),
    openFee: formatMinor(BigInt(row.open_fee_minor), s.quote),
    openTickId: Number(row.open_tick_id),
    openTickTime: Number(row.open_tick_time_ms),
    openedAt: Number(row.opened_at),
  };
}

export function toContractClose(row: ContractCloseView): ContractClose {
  const s = scalesOf(row);
  return {
    id: Number(row.id),
    positionId: Number(row.position_id),
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    side: row.side,
    leverage: row.leverage,
    reason: row.reason,
    orderId: row.order_id === null ? null : Number(row.order_id),
    forcedId: row.forced_id === null ? null : Number(row.forced_id),
    quantity: formatMinor(BigInt(row.quantity_minor), s.quantity),
    entryPrice: formatMinor(BigInt(row.entry_price_minor), s.price),
    price: formatMinor(BigInt(row.price_minor), s.price),
    tickId: Number(row.tick_id),
    tickTime: Number(row.tick_time_ms),
    profit: formatMinor(BigInt(row.profit_minor), s.quote),
    fee: formatMinor(BigInt(row.fee_minor), s.quote),
    margin: formatMinor(BigInt(row.margin_minor), s.quote),
    closedAt: Number(row.closed_at),
  };
}
