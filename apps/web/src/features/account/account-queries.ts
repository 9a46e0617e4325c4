import { useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';

/** Query keys of the account screens; `queryClient.clear()` on logout drops them all. */
export const accountKeys = {
  loginInfo: () => ['user', 'login-info'] as const,
  hasBoundGoogle: () => ['user', 'has-bound-google'] as const,
  googleSecret: () => ['user', 'bind-google-get'] as const,
};

/**
 * Refreshes the signed-in user from `/user/get-login-info` each time a screen that shows it mounts.
 * The session store stays the one source the screens render from: only a fresh answer is written to
 * it (inside the query function), never a cached one, so an older cached answer cannot undo a newer
 * `setUser` made by a bind call. An answer that arrives after the user logged out is dropped.
 */
export function useLoginInfo() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: accountKeys.loginInfo(),
    queryFn: async () => {
      const tokenAtStart = useSession.getState().token;
      const user = await call(routes.user.getLoginInfo, {});
      if (tokenAtStart && useSession.getState().token === tokenAtStart) useSession.getState().setUser(user);
      return user;
    },
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/**
 * Copies to the clipboard with a toast either way. `navigator.clipboard` exists only in secure
 * contexts (https or localhost); elsewhere the copy fails and says so, and the text stays selectable.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toastSuccess(translate('toast.copySuccess'));
    return true;
  } catch {
    toastError(translate('toast.copyFailed'));
    return false;
  }
}
