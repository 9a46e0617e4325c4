import type { ContractCloseReason, ContractEndReason, ContractOrder } from '@vela/contract';
import type { ContractKind, ContractSide } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';

/** The names and colours of the contract screens' words: sides, kinds, states and reasons. */

/** A long gains when the price rises: the "up" colour; a short the "down" one. */
export function sideTone(side: ContractSide): 'up' | 'down' {
  return side === 'long' ? 'up' : 'down';
}

export const SIDE_LABEL: Record<ContractSide, MessageKey> = {
  long: 'contract.side.long',
  short: 'contract.side.short',
};

/** The form's buttons say what the trade screen says everywhere: "Buy long", "Sell short". */
export const SIDE_BUTTON_LABEL: Record<ContractSide, MessageKey> = {
  long: 'dict.TradeOrderDirectionEnum.1',
  short: 'dict.TradeOrderDirectionEnum.2',
};

export const SUBMIT_LABEL: Record<ContractSide, MessageKey> = {
  long: 'contract.openLong',
  short: 'contract.openShort',
};

export const KIND_LABEL: Record<ContractKind, MessageKey> = {
  market: 'spot.kind.market',
  limit: 'spot.kind.limit',
};

export const ACTION_LABEL: Record<ContractOrder['action'], MessageKey> = {
  open: 'contract.action.open',
  close: 'contract.action.close',
};

export const STATE_LABEL: Record<ContractOrder['state'], MessageKey> = {
  open: 'spot.state.open',
  filled: 'spot.state.filled',
  cancelled: 'spot.state.cancelled',
  refused: 'contract.state.refused',
};

export const END_REASON_LABEL: Record<ContractEndReason, MessageKey> = {
  user: 'contract.endReason.user',
  funds: 'contract.endReason.funds',
  risk: 'contract.endReason.risk',
  position: 'contract.endReason.position',
  forced: 'contract.endReason.forced',
};

export const CLOSE_REASON_LABEL: Record<ContractCloseReason, MessageKey> = {
  market: 'contract.reason.market',
  take_profit: 'contract.reason.takeProfit',
  stop_loss: 'contract.reason.stopLoss',
  forced: 'contract.reason.forced',
};

/** The price an order shows: its fill price once filled, otherwise its limit (a market order: none). */
export function orderPrice(order: Pick<ContractOrder, 'fillPrice' | 'limitPrice'>): string | null {
  return order.fillPrice ?? order.limitPrice;
}

/** A leverage as the screens write it: "10×". */
export function leverageText(leverage: number): string {
  return `${leverage}×`;
}
