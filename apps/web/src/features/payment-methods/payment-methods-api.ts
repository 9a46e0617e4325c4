import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import type { MessageKey } from '@vela/i18n';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { paymentKeys } from '../../system/payment-methods-api.ts';

const { payment } = routes;

export type BankCardBody = RouteBodyOf<typeof payment.bankCardAdd>;
export type WalletAddressBody = RouteBodyOf<typeof payment.walletAddressAdd>;
export type ZskAccountBody = RouteBodyOf<typeof payment.zskAccountAdd>;

/** Which list a new method joins, and the request that adds one. */
const ADD = {
  bankCards: (body: BankCardBody) => call(payment.bankCardAdd, body),
  walletAddresses: (body: WalletAddressBody) => call(payment.walletAddressAdd, body),
  zskAccounts: (body: ZskAccountBody) => call(payment.zskAccountAdd, body),
};

type MethodList = keyof typeof ADD;
type BodyOf<L extends MethodList> = Parameters<(typeof ADD)[L]>[0];

/**
 * Adds a payment method of one kind. Once the server has it, the user's list of that kind is read
 * again, the user is told, and the screen goes back (`onAdded`); a refusal goes to `onError`.
 */
export function useAddPaymentMethod<L extends MethodList>(
  list: L,
  handlers: { success: MessageKey; onAdded(): void; onError(error: unknown): void },
) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: BodyOf<L>) => (ADD[list] as (body: BodyOf<L>) => Promise<unknown>)(body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentKeys[list](token) });
      toastSuccess(translate(handlers.success));
      handlers.onAdded();
    },
    onError: (error) => handlers.onError(error),
  });
}
