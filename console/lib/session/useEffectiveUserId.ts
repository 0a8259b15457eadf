import { useAuth } from './useAuth.js';

/**
 * The id of the user the console acts as (the impersonated user while impersonating), or null
 * while nobody is signed in. Every per-user SWR key carries it, so impersonation never shows
 * another user's cached data, and a null key waits for sign-in.
 */
export function useEffectiveUserId(): string | null {
  return useAuth().effectiveUser?.id ?? null;
}
