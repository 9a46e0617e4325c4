import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodKind, RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

/** A user's bound methods, the removed ones included. */
export function useUserMethods(userId: number) {
  return useQuery({
    queryKey: ['payment-methods', userId],
    queryFn: () => call(routes.payment.adminMethodList, { userId }),
  });
}

/** Removes a bound method; the record stays, marked, with `reason` in the audit log. */
export function removeMethod(kind: PaymentMethodKind, id: number, reason: string) {
  return call(routes.payment.adminMethodRemove, { kind, id, reason });
}

/** Saves support's correction of a bound method; the server checks it with the user's own rules. */
export function updateMethod(body: RouteBodyOf<typeof routes.payment.adminMethodUpdate>) {
  return call(routes.payment.adminMethodUpdate, body);
}

/** The banks a card may belong to; the list changes rarely enough to be read once. */
export function useBanks() {
  return useQuery({
    queryKey: ['banks'],
    queryFn: () => call(routes.payment.bankList, {}),
    staleTime: Infinity,
  });
}

/** The coins' networks a wallet address may be on; read once, like the banks. */
export function useChains() {
  return useQuery({
    queryKey: ['chains'],
    queryFn: () => call(routes.payment.chainList, {}),
    staleTime: Infinity,
  });
}
