import type { RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

/** One page of the withdrawal queue. */
export function fetchWithdrawalPage(body: RouteBodyOf<typeof routes.funding.adminWithdrawList>) {
  return call(routes.funding.adminWithdrawList, body);
}

/** Records a payout made outside the product; the user sees `payoutReference` as proof. */
export function approveWithdrawal(orderId: number, payoutReference: string) {
  return call(routes.funding.adminWithdrawApprove, { orderId, payoutReference });
}

/** Rejects a withdrawal: the amount returns to the user, who sees `reason` beside the order. */
export function rejectWithdrawal(orderId: number, reason: string) {
  return call(routes.funding.adminWithdrawReject, { orderId, reason });
}
