import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { routes } from '@vela/contract/routes';
import { call, errorMessage } from '../../lib/api-client.ts';
import { confirm, toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { marketKeys } from '../../system/market-api.ts';
import { favouriteAction } from './market-list-logic.ts';

const { market } = routes;

/**
 * The star of a market row: a user adds or removes the coin on the server
 * and sees "added" or "removed"; a visitor is asked to log in first and, on confirming, is taken to
 * the login page, which brings them back here.
 */
export function useToggleFavourite(returnTo: string) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const signedIn = useSession(isSignedIn);
  const mutation = useMutation({
    mutationFn: ({ kind, vcId }: { kind: 'add' | 'remove'; vcId: number }) =>
      call(kind === 'add' ? market.favourAdd : market.favourDelete, { vcId }),
    onSuccess: (list, { kind }) => {
      const ids = list.map((f) => f.vcId);
      usePreferences.getState().setFavourites(ids);
      client.setQueryData(marketKeys.favourites(token), ids);
      toastSuccess(t(kind === 'add' ? 'toast.favouriteAdded' : 'toast.favouriteRemoved'));
    },
    onError: (error) => toastError(errorMessage(error)),
  });

  const toggle = async (vcId: number) => {
    const action = favouriteAction(signedIn, usePreferences.getState().favourites, vcId);
    if (action.kind === 'login') {
      const go = await confirm({ content: t('market.loginForFavourites'), confirmText: t('auth.login') });
      if (go) void navigate(`/login?redirect=${encodeURIComponent(returnTo)}`);
      return;
    }
    mutation.mutate(action);
  };

  return { toggle, pending: mutation.isPending ? mutation.variables?.vcId : undefined };
}
