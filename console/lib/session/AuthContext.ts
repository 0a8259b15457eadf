import { createContext } from 'react';
import type { AuthUser, ImpersonationState } from '../../../shared/types/user.js';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  token: string | null;
  /** The signed-in user; stays the original user while impersonating. */
  user: AuthUser | null;
  /** Who the console acts as: the impersonated user while impersonating, else `user`. */
  effectiveUser: AuthUser | null;
  impersonation: ImpersonationState | null;
  isImpersonating: boolean;
  /** Admin check on the signed-in user's role (spec part 1 §6), never the impersonated one. */
  isAdmin: boolean;
  signIn(token: string, user: AuthUser): void;
  /** Drops token, user and impersonation. */
  clearAuth(): void;
  startImpersonation(target: AuthUser): void;
  stopImpersonation(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
