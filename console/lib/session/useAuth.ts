import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './AuthContext.js';

/** The stored session, the effective user and the impersonation actions. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * The id of the user the console acts as (the impersonated user while impersonating), or null
 * while nobody is signed in. Every per-user SWR key carries it, so impersonation never shows
 * another user's cached data, and a null key waits for sign-in. It sits beside useAuth, not in a
 * file of its own, so that it rides in the entry chunk with useAuth: alone, every page would
 * wait for a separate chunk of a few bytes.
 */
export function useEffectiveUserId(): string | null {
  return useAuth().effectiveUser?.id ?? null;
}
