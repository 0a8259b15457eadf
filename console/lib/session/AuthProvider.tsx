import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isAdminRole } from '../../../shared/roles.js';
import type { AuthUser } from '../../../shared/types/user.js';
import { useApi } from '../ApiProvider.js';
import { authStore } from '../storage.js';
import { AuthContext, type AuthContextValue } from './AuthContext.js';
import { useTokenRefreshAhead } from './useTokenRefreshAhead.js';

export interface AuthProviderProps {
  children: ReactNode;
}

/**
 * Authentication state from the stored session (spec part 1 §4): loading until the first read
 * after mount, then authenticated when both token and user are stored, else not. While
 * authenticated it keeps the token fresh (useTokenRefreshAhead). A stored token that expired
 * while the tab was closed still counts: the first request or socket refreshes it.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const api = useApi();
  const snapshot = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
  // Storage is read synchronously, but the spec's guard shows 'Loading...' until auth is known;
  // "known" is the first commit, which also keeps server-side and embedded renders honest.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => setLoaded(true), []);
  useTokenRefreshAhead(api, loaded && snapshot.user ? snapshot.token : null);

  const value = useMemo<AuthContextValue>(() => {
    const { token, user, impersonation } = snapshot;
    const authenticated = Boolean(token && user);
    return {
      status: !loaded ? 'loading' : authenticated ? 'authenticated' : 'unauthenticated',
      token,
      user,
      effectiveUser: impersonation?.impersonatedUser ?? user,
      impersonation,
      isImpersonating: impersonation !== null,
      isAdmin: isAdminRole(user?.role),
      signIn: (nextToken, nextUser) => authStore.signIn(nextToken, nextUser),
      clearAuth: () => authStore.clear(),
      startImpersonation: (target: AuthUser) => {
        if (!user || target.id === user.id) return;
        authStore.startImpersonation({ originalUser: user, impersonatedUser: target });
      },
      stopImpersonation: () => authStore.stopImpersonation(),
    };
  }, [snapshot, loaded]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
