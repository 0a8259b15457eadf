/**
 * The console's API client: the shared `createApiClient` wired to the stored session. The token
 * and the impersonated user's id are read from localStorage on every request, and a failed token
 * refresh clears local auth — the protected guard then sends the user to /login (history replaced).
 * The app creates exactly one instance (ConsoleApp) and hands it down through `ApiProvider`.
 */
import { createApiClient, type ApiClient } from '../../shared/api/index.js';
import { authStore } from './storage.js';

export type ConsoleApi = ApiClient;

export interface ConsoleApiOptions {
  /** Base of the API; default `/api` on the page's origin. */
  baseUrl?: string;
  /** Injected fetch (tests pass a fake so the real client code runs). */
  fetch?: typeof fetch;
}

export const DEFAULT_API_BASE_URL = '/api';

export function createConsoleApi(options: ConsoleApiOptions = {}): ConsoleApi {
  return createApiClient({
    baseUrl: options.baseUrl ?? DEFAULT_API_BASE_URL,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    getToken: authStore.getToken,
    setToken: authStore.setToken,
    getImpersonatedUserId: authStore.getImpersonatedUserId,
    onAuthFailure: () => authStore.clear(),
  });
}
