import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { paymentKeys } from '../../system/payment-methods-api.ts';

const { payment } = routes;

export type RealNameBody = RouteBodyOf<typeof payment.realNameSubmit>;

/**
 * Submits the real-name verification. The server's answer is the new state, so it replaces the
 * cached one and the session user's status at once, without reading them again: the screen and the
 * payment gates see "pending" as soon as the user is told. A refusal goes to `onError`.
 */
export function useSubmitRealName(handlers: { onSubmitted(): void; onError(error: unknown): void }) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: RealNameBody) => call(payment.realNameSubmit, body),
    onSuccess: (info) => {
      toastSuccess(translate('toast.verificationSubmitted'));
      client.setQueryData(paymentKeys.realName(token), info);
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, realNameStatus: info.status });
      handlers.onSubmitted();
    },
    onError: (error) => handlers.onError(error),
  });
}
