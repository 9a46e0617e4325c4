import type { RouteDataOf } from '@vela/contract';
import type { routes } from '@vela/contract/routes';
import { amountText } from '../../lib/amounts.ts';

export type Withdrawal = RouteDataOf<typeof routes.funding.adminWithdrawList>['list'][number];

/** Names of the destination's fields (a bank card's, a wallet address's, a fast-payment account's). */
const DETAIL_LABELS: Record<string, string> = {
  bank: 'Bank',
  cardNumber: 'Card number',
  holder: 'Holder',
  branchCode: 'Branch code',
  cci: 'CCI',
  chain: 'Chain',
  address: 'Address',
  zskId: 'Account id',
};

export interface DestinationField {
  key: string;
  label: string;
  value: string;
}

/** The destination's fields in the order the server lists them, each with its name (or its key, for a new one). */
export function destinationFields(order: Pick<Withdrawal, 'targetDetail'>): DestinationField[] {
  return Object.entries(order.targetDetail).map(([key, value]) => ({
    key,
    label: DETAIL_LABELS[key] ?? key,
    value,
  }));
}

/** The note beside a reviewed withdrawal: the payout's reference, or why it was rejected. */
export function withdrawalNote(order: Withdrawal): string | null {
  return order.status === 'approved' ? order.payoutReference : order.rejectReason;
}

/** The amount going back to the user when a withdrawal is rejected ("150.00 USDT"). */
export function returnedAmount(order: Withdrawal): string {
  return `${amountText(order.amount)} ${order.symbol}`;
}
