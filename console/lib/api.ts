/**
 * The console's API client: the shared `createApiClient` wired to the stored session. The token
 * and the impersonated user's id are read from localStorage on every request, and a refused token
 * refresh clears local auth — the protected guard then sends the user to /login (history replaced).
 * Refreshes hold a Web Lock shared by the browser's tabs, which share the refresh cookie.
 * The app creates exactly one instance (ConsoleApp) and hands it down through `ApiProvider`.
 */
import { type ApiClient, createApiClient } from '../../shared/api/index.js';
import { authStore } from './storage.js';

export type ConsoleApi = ApiClient;

export interface ConsoleApiOptions {
  /** Base of the API; default `/api` on the page's origin. */
  baseUrl?: string;
  /** Injected fetch (tests pass a fake so the real client code runs). */
  fetch?: typeof fetch;
}

export const DEFAULT_API_BASE_URL = '/api';

/** A lock over the tabs of this browser, where it has Web Locks; refreshes then wait their turn. */
function tabsLock(name: string): (<T>(run: () => Promise<T>) => Promise<T>) | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  return <T>(run: () => Promise<T>) => locks.request(name, run);
}

export function createConsoleApi(options: ConsoleApiOptions = {}): ConsoleApi {
  const baseUrl = options.baseUrl ?? DEFAULT_API_BASE_URL;
  const refreshLock = tabsLock(
    `switchboard-token-refresh ${new URL(baseUrl, globalThis.location?.href ?? 'http://localhost/').href}`,
  );
  return createApiClient({
    baseUrl,
    ...(refreshLock ? { refreshLock } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    getToken: authStore.getToken,
    setToken: authStore.setToken,
    getImpersonatedUserId: authStore.getImpersonatedUserId,
    onAuthFailure: () => authStore.clear(),
  });
}
