import { useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';
import { adjustmentBody, isUserQuery, walletCoinsOf, type AdjustmentValues } from './adjustment-rules.ts';

/** The number of recent adjustments shown beside the form. */
export const RECENT_ADJUSTMENTS = 10;

export function useWalletCoins() {
  return useQuery({
    queryKey: ['wallet-coins'],
    queryFn: async () => {
      const [chains, coins] = await Promise.all([
        call(routes.payment.chainList, {}),
        call(routes.market.vcList, {}),
      ]);
      return walletCoinsOf(chains, coins);
    },
    staleTime: 300_000,
  });
}

/** Users whose name or id starts with `search`, for the user picker. */
export function useUserSearch(search: string) {
  return useQuery({
    queryKey: ['user-pick', search],
    queryFn: () => call(routes.admin.adminUserSearch, { query: search, limit: 10 }),
    enabled: isUserQuery(search),
  });
}

/**
 * Posts an adjustment. The caller keeps one key for every attempt of one opened form, so a retry or
 * a double click never posts the same adjustment twice.
 */
export function postAdjustment(values: AdjustmentValues, idempotencyKey: string) {
  return call(routes.funding.adminBalanceAdjust, adjustmentBody(values), { idempotencyKey });
}

/** The latest adjustments, from the audit log, which every adjustment writes to. */
export function useRecentAdjustments() {
  return useQuery({
    queryKey: ['audit', 'balance.adjust'],
    queryFn: () => call(routes.admin.auditPage, { action: 'balance.adjust', limit: RECENT_ADJUSTMENTS }),
    staleTime: 0,
  });
}
