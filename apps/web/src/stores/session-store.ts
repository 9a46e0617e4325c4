import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { UserInfo } from '@vela/contract';

/**
 * The login state: the token is set on login and cleared on logout; user info is
 * kept with it. Navigation to private pages needs both (see route-guard.ts).
 */
interface SessionState {
  token: string | null;
  user: UserInfo | null;
  signIn(token: string, user: UserInfo): void;
  setUser(user: UserInfo): void;
  signOut(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signIn: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      signOut: () => set({ token: null, user: null }),
    }),
    { name: 'vela-session', version: 1 },
  ),
);

export const isSignedIn = (state: Pick<SessionState, 'token' | 'user'>) => Boolean(state.token && state.user);
