/**
 * The stored session (spec part 1 §3): token, signed-in user and impersonation state in
 * localStorage. `authStore` is a tiny external store over those keys so React re-renders when any
 * of them change — from this tab (our own writes) or another one (the `storage` event).
 */
import { STORAGE_KEYS } from '../../shared/defaults.js';
import { isPlainObject } from '../../shared/isPlainObject.js';
import type { AuthUser, ImpersonationState } from '../../shared/types/user.js';

export interface AuthSnapshot {
  token: string | null;
  /** The signed-in (original) user; never replaced while impersonating. */
  user: AuthUser | null;
  impersonation: ImpersonationState | null;
}

/** Narrows a stored user; ids may have been stored as numbers by older builds. */
export function toAuthUser(value: unknown): AuthUser | null {
  if (!isPlainObject(value)) return null;
  const { id, username, role, email } = value;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof username !== 'string') return null;
  return {
    id: String(id),
    username,
    role: typeof role === 'string' ? role : 'user',
    ...(typeof email === 'string' || email === null ? { email } : {}),
  };
}

function toImpersonation(value: unknown): ImpersonationState | null {
  if (!isPlainObject(value)) return null;
  const originalUser = toAuthUser(value.originalUser);
  const impersonatedUser = toAuthUser(value.impersonatedUser);
  return originalUser && impersonatedUser ? { originalUser, impersonatedUser } : null;
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives for this page only.
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

type Listener = () => void;

function createAuthStore() {
  const listeners = new Set<Listener>();
  let cachedRaw: [string | null, string | null, string | null] | null = null;
  let cached: AuthSnapshot = { token: null, user: null, impersonation: null };

  function notify(): void {
    for (const listener of [...listeners]) listener();
  }

  /** Re-reads storage on every call but keeps the same object while nothing changed. */
  function getSnapshot(): AuthSnapshot {
    const raw: [string | null, string | null, string | null] = [
      readRaw(STORAGE_KEYS.token),
      readRaw(STORAGE_KEYS.user),
      readRaw(STORAGE_KEYS.impersonation),
    ];
    const previous = cachedRaw;
    if (previous && raw.every((value, i) => value === previous[i])) return cached;
    cachedRaw = raw;
    const user = toAuthUser(parseJson(raw[1]));
    const impersonation = toImpersonation(parseJson(raw[2]));
    cached = {
      token: raw[0] || null,
      user,
      // A leftover state from another sign-in must never act for the current user.
      impersonation: impersonation && user && impersonation.originalUser.id === user.id ? impersonation : null,
    };
    return cached;
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return {
    getSnapshot,
    subscribe,
    getToken: (): string | null => getSnapshot().token,
    getImpersonatedUserId: (): string | null => getSnapshot().impersonation?.impersonatedUser.id ?? null,
    /** Login success: token and user stored, any old impersonation dropped. */
    signIn(token: string, user: AuthUser): void {
      writeRaw(STORAGE_KEYS.token, token);
      writeRaw(STORAGE_KEYS.user, JSON.stringify(user));
      writeRaw(STORAGE_KEYS.impersonation, null);
      notify();
    },
    setToken(token: string): void {
      writeRaw(STORAGE_KEYS.token, token);
      notify();
    },
    startImpersonation(state: ImpersonationState): void {
      writeRaw(STORAGE_KEYS.impersonation, JSON.stringify(state));
      notify();
    },
    stopImpersonation(): void {
      writeRaw(STORAGE_KEYS.impersonation, null);
      notify();
    },
    /** Logout, refresh failure, real-time auth failure: token, user and impersonation all go. */
    clear(): void {
      writeRaw(STORAGE_KEYS.token, null);
      writeRaw(STORAGE_KEYS.user, null);
      writeRaw(STORAGE_KEYS.impersonation, null);
      notify();
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** The one store over the stored session; localStorage is page-global, so this is too. */
export const authStore: AuthStore = createAuthStore();
