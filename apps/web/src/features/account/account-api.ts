import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { call } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import type { BindFundValues, BindGoogleValues, PasswordChangeValues } from '../../lib/form-rules.ts';
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

/** What a screen does once a call has answered; the screen decides, the call only carries it out. */
interface Handlers<Answer> {
  onSuccess(answer: Answer): void | Promise<void>;
  onError(error: unknown): void;
}

/**
 * Whether an authenticator is bound, asked afresh on every visit: the stored user may be older than
 * a bind made on another device.
 */
export function useHasBoundGoogle() {
  return useQuery({
    queryKey: accountKeys.hasBoundGoogle(),
    queryFn: () => call(routes.user.hasBoundGoogle, {}),
    staleTime: 0,
  });
}

/**
 * The pending authenticator key, fetched only while nothing is bound. It is never cached beyond the
 * screen, so a key is not kept in memory after the user has left.
 */
export function useGoogleSecret(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.googleSecret(),
    queryFn: () => call(routes.user.bindGoogleGet, {}),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Binds the authenticator with the login password pre-hashed and the code as typed, trimmed. */
export function useBindGoogle(handlers: Handlers<UserInfo>) {
  return useMutation({
    mutationFn: (v: BindGoogleValues) =>
      call(routes.user.bindGoogle, { password: preHashPassword(v.password), code: v.code.trim() }),
    ...handlers,
  });
}

/** Sets the first fund password; both fields travel pre-hashed. */
export function useBindFundPassword(handlers: Handlers<UserInfo>) {
  return useMutation({
    mutationFn: (v: BindFundValues) =>
      call(routes.user.bindFundPwd, {
        password: preHashPassword(v.password),
        passwordPre: preHashPassword(v.passwordPre),
      }),
    ...handlers,
  });
}

/** Changes the login or the fund password; the current, new and confirmed ones travel pre-hashed. */
export function usePasswordChange(kind: 'login' | 'fund', handlers: Handlers<unknown>) {
  const endpoint = kind === 'login' ? routes.user.editLoginPwd : routes.user.editFundPwd;
  return useMutation({
    mutationFn: (v: PasswordChangeValues) =>
      call(endpoint, {
        oldPwd: preHashPassword(v.oldPwd),
        newPwd: preHashPassword(v.newPwd),
        prePwd: preHashPassword(v.prePwd),
      }),
    ...handlers,
  });
}

/** Changes the nickname, the one time it may be; the answer is the user as it now is. */
export function useEditNickname(handlers: Handlers<UserInfo>) {
  return useMutation({
    mutationFn: (nickname: string) => call(routes.user.editNickname, { nickname: nickname.trim() }),
    ...handlers,
  });
}

/** Gives an agent a new invite code; the old one stops working. */
export function useRenewInviteCode(handlers: Handlers<{ inviteCode: string }>) {
  return useMutation({ mutationFn: () => call(routes.user.reloadInviteCode, {}), ...handlers });
}

/**
 * Ends the session on the server. A forced logout is not handled as one here: the user is logging
 * out anyway, and the screen ends the local session whatever the answer.
 */
export async function logoutOnServer(): Promise<void> {
  await call(routes.user.logout, {}, { handleForceLogout: false });
}
