import { useQuery } from '@tanstack/react-query';
import type { RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';
import { approvalBody, type CreditNeed } from './deposit-credit.ts';

/** One page of the deposit queue. */
export function fetchDepositPage(body: RouteBodyOf<typeof routes.funding.adminRechargeList>) {
  return call(routes.funding.adminRechargeList, body);
}

/** Approves a deposit: the quote as it stands, or, when `need` says it differs, `amount` with its reason. */
export function approveDeposit(
  orderId: number,
  need: CreditNeed,
  amount: string,
  reason: string | undefined,
) {
  return call(routes.funding.adminRechargeApprove, approvalBody(orderId, need, amount, reason));
}

/** Rejects a deposit; nothing is credited and the user sees `reason` beside the order. */
export function rejectDeposit(orderId: number, reason: string) {
  return call(routes.funding.adminRechargeReject, { orderId, reason });
}

/** The published configuration, from which an approval takes its credit rules. */
export function useSysConfig() {
  return useQuery({
    queryKey: ['sys-config'],
    queryFn: () => call(routes.system.sysConfigList, {}),
    staleTime: 60_000,
  });
}

/** The image the user sent as proof of a deposit. */
export function useVoucher(orderId: number) {
  return useQuery({
    queryKey: ['voucher', orderId],
    queryFn: () => call(routes.funding.adminRechargeVoucher, { orderId }),
    // A voucher never changes; kept briefly, since images are large.
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
