/**
 * The session: logged out without a token; sign-in stores the token, then fetches and
 * stores the current user; sign-out clears everything. Persisted in local storage under one fixed key
 * holding exactly `user` and `accessToken`. Shared as a singleton: one store for the shell and remotes.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { api, setAuthBridge, unwrap } from '@trungtam/shared/api';
import type { ApiData, User } from './contracts';

export const SESSION_STORAGE_KEY = 'trungtam-auth';

export interface SessionState {
  user: User | null;
  accessToken: string | null;
  /** Stores the token, fetches the user with it and stores the user. Signs out when that fails. */
  signIn: (accessToken: string) => Promise<User>;
  setUser: (user: User | null) => void;
  /** Start-up: with a stored token, refresh the user; without one, or on failure, sign out. */
  restore: () => Promise<User | null>;
  /** Forgets the session here (no call: for a session the API already ended). */
  signOut: () => void;
  /** Signing out: forgets the session here at once, and ends it on the API (POST /auth/logout). */
  logOut: () => Promise<void>;
}

export function fetchCurrentUser(): Promise<User> {
  return unwrap(api.get<ApiData<User>>('/user/get-by-token'));
}

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      user: null,
      accessToken: null,
      async signIn(accessToken) {
        set({ accessToken, user: null });
        try {
          const user = await fetchCurrentUser();
          // a sign-out (or another sign-in) while the user was loading wins
          if (get().accessToken !== accessToken) throw new Error('Session changed');
          set({ user });
          return user;
        } catch (error) {
          if (get().accessToken === accessToken) get().signOut();
          throw error;
        }
      },
      setUser(user) {
        set({ user });
      },
      async restore() {
        const token = get().accessToken;
        if (!token) {
          get().signOut();
          return null;
        }
        try {
          return await get().signIn(token);
        } catch {
          return null;
        }
      },
      signOut() {
        set({ user: null, accessToken: null });
      },
      async logOut() {
        const token = get().accessToken;
        get().signOut();
        if (!token) return;
        try {
          // the token is gone from the store: it is sent explicitly, and a failure (offline, already ended) changes nothing here
          await api.post('/auth/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
        } catch {
          // the session then ends on the API at its idle timeout
        }
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user, accessToken: state.accessToken }),
    },
  ),
);

setAuthBridge({
  getToken: () => useSession.getState().accessToken,
  onUnauthorized: () => {
    if (useSession.getState().accessToken) useSession.getState().signOut();
  },
});

/** The signed-in user, or null. */
export const useCurrentUser = () => useSession((state) => state.user);
/** Signed in means: a token and the user it belongs to. */
export const useIsSignedIn = () => useSession((state) => !!state.accessToken && !!state.user);
