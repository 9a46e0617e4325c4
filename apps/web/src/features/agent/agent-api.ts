import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { addUserRequest, type AddUserValues } from './add-user-logic.ts';

/** The agent screens' calls. */
export const agentRoutes = { addUserOptions: routes.team.addUserOptions, addUser: routes.team.addUser };

/**
 * The query keys carry the session token, so one agent's caps never show for another, even for the
 * moment before a logout clears the cache.
 */
export const agentKeys = {
  addUserOptions: (token: string | null) => ['agent', token, 'add-user-options'] as const,
  user: (token: string | null) => ['agent', token, 'user'] as const,
};

/**
 * Reads the signed-in user again each time an agent screen opens: an invite code renewed on another
 * device stops working at once, and must not be shared from an old copy. Only an answer for the
 * session that asked is written to the session store, which the screens render from.
 */
export function useFreshUser() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: agentKeys.user(token),
    queryFn: async ({ signal }) => {
      const user = await call(routes.user.getLoginInfo, {}, { signal });
      if (token && useSession.getState().token === token) useSession.getState().setUser(user);
      return user;
    },
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/**
 * What an agent may give a user they add: the types they may create and their own two rates, the
 * caps. Asked on every visit, so the caps shown are the agent's rates as the server holds them now.
 */
export function useAddUserOptions(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: agentKeys.addUserOptions(token),
    queryFn: ({ signal }) => call(agentRoutes.addUserOptions, {}, { signal }),
    enabled: enabled && Boolean(token),
    staleTime: 0,
  });
}

export type AddedUser = Awaited<ReturnType<typeof sendAddUser>>;

function sendAddUser(values: AddUserValues) {
  return call(agentRoutes.addUser, addUserRequest(values));
}

/**
 * Adds a user below the agent. The answer carries the new user's initial password, so the mutation
 * keeps nothing once the screen lets go of it (`gcTime: 0`): the password is shown once, on the
 * screen that asked for it, and lives nowhere else.
 */
export function useAddUser(handlers: { onSuccess(answer: AddedUser): void; onError(error: unknown): void }) {
  return useMutation({ mutationFn: sendAddUser, gcTime: 0, ...handlers });
}
